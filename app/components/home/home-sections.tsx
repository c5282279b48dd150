import { preload } from "react-dom";
import { Link } from "~/components/ui/link";
import { useShopSettings } from "~/components/layout/use-shop";
import { BoxIcon, ChatIcon, TruckIcon } from "~/components/ui/icons";
import { whatsappChatUrl } from "~/lib/whatsapp";

/** The banner's picture is the home page's largest paint: fetched first, with the stylesheet, not after it. */
export function Banner() {
  preload("/images/banner.svg", { as: "image", fetchPriority: "high" });
  return (
    <section className="bg-brand-900 bg-[url(/images/banner.svg)] bg-cover bg-center text-white">
      <div className="container-page py-20 sm:py-28">
        <h1 className="max-w-2xl text-4xl font-extrabold leading-tight sm:text-5xl">
          Premium Legal Vapes. Fresh Flavors. Quick Delivery.
        </h1>
        <p className="mt-4 max-w-xl text-lg text-brand-100">
          Explore top-quality vape devices and pods, legal and ready for fast shipping.
        </p>
        <Link to="/products" className="btn mt-8 bg-white text-brand-700 hover:bg-brand-50">
          Shop Now
        </Link>
      </div>
    </section>
  );
}

const infoBoxes = [
  {
    Icon: BoxIcon,
    title: "Browse Devices & Flavors",
    text: "Five trusted devices and dozens of pods and e-liquids, all UK-compliant.",
  },
  {
    Icon: ChatIcon,
    title: "Order Online or via WhatsApp",
    text: "Check out on the site and confirm your order in a quick WhatsApp chat.",
  },
  {
    Icon: TruckIcon,
    title: "Fast Delivery to Your Door",
    text: "Free standard delivery, or express in about three days.",
  },
];

export function InfoBoxes() {
  return (
    <section aria-label="How it works" className="container-page grid gap-4 py-12 md:grid-cols-3">
      {infoBoxes.map(({ Icon, title, text }) => (
        <div key={title} className="rounded-2xl border border-slate-200 p-6">
          <Icon className="text-brand-600" />
          <h2 className="mt-3 text-lg font-bold">{title}</h2>
          <p className="mt-1 text-sm text-slate-600">{text}</p>
        </div>
      ))}
    </section>
  );
}

export function QuestionsBlock() {
  const { whatsappNumber } = useShopSettings();
  return (
    <section className="container-page py-12">
      <div className="flex flex-col items-center gap-4 rounded-3xl bg-brand-600 px-6 py-10 text-center text-white">
        <h2 className="text-2xl font-bold">Questions or bulk orders?</h2>
        <p>Chat with us anytime.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/contactus" className="btn bg-white text-brand-700 hover:bg-brand-50">
            Contact Us
          </Link>
          <a
            href={whatsappChatUrl(whatsappNumber)}
            target="_blank"
            rel="noopener noreferrer"
            className="btn border border-white text-white hover:bg-white/10"
          >
            WhatsApp Now
          </a>
        </div>
      </div>
    </section>
  );
}

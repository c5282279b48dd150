import { Link } from "~/components/ui/link";
import { pageMeta } from "~/lib/meta";
import { TAKE_BACK_DAYS } from "~/modules/orders/take-back";
import type { Route } from "./+types/recycling";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Recycling your old vape",
    "Send us an old vape free of charge when you buy a new device, and where else to recycle vapes and batteries.",
  );

/**
 * WEEE take-back (Waste Electrical and Electronic Equipment Regulations 2013): a shop that sells electrical goods
 * takes back an old one of the same kind free of charge, and tells shoppers so (docs/decisions/041).
 */
export default function Recycling() {
  return (
    <article className="container-page max-w-3xl py-12">
      <h1 className="text-3xl font-bold">Recycling your old vape</h1>
      <div className="mt-6 flex flex-col gap-6 sm:flex-row sm:items-start">
        <img
          src="/images/weee-crossed-out-bin.svg"
          alt="The crossed-out wheelie bin symbol: do not put vapes, batteries or other electrical items in the household bin"
          width="80"
          height="104"
          className="shrink-0"
        />
        <p className="text-slate-700">
          Vapes hold a lithium battery and electronics. The crossed-out wheelie bin on a device or its box means it must
          not go in the household bin: thrown away, batteries start fires in bin lorries and waste sites, and their
          metals are lost. Recycled, they are made safe and their materials used again.
        </p>
      </div>

      <section aria-labelledby="free-take-back" className="mt-8">
        <h2 id="free-take-back" className="text-xl font-bold">
          Free take-back when you buy a device
        </h2>
        <p className="mt-3 text-slate-700">
          When you buy a new device from us, we take back an old vape of the same kind free of charge: one old device
          for each device you buy, of any brand, whether or not it still works. You do not have to buy from us again to
          recycle with us later: the places below take vapes at any time.
        </p>
        <ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-700">
          <li>
            Open the order in{" "}
            <Link to="/account/orders" className="text-brand-700 underline">
              your orders
            </Link>{" "}
            and choose &lsquo;Ask for a take-back&rsquo;, until {TAKE_BACK_DAYS} days after delivery.
          </li>
          <li>
            We send a prepaid envelope with your order (or by post if it has already left). Take out any pod, do not
            send e-liquid, and put the old device in it.
          </li>
          <li>Post it back: there is nothing to pay. We send it on to an approved recycler.</li>
        </ol>
      </section>

      <section aria-labelledby="elsewhere" className="mt-8">
        <h2 id="elsewhere" className="text-xl font-bold">
          Where else to recycle your old vape
        </h2>
        <ul className="mt-3 list-disc space-y-2 pl-6 text-slate-700">
          <li>
            Your council&apos;s household waste recycling centre: vapes go with small electricals or batteries. Find
            your nearest by postcode at{" "}
            <a
              href="https://www.recycleyourelectricals.org.uk/"
              className="text-brand-700 underline"
              rel="noopener noreferrer"
            >
              Recycle Your Electricals
            </a>
            .
          </li>
          <li>Shops that sell vapes: most take old ones back in store, whether or not you buy anything.</li>
          <li>
            Empty pods and e-liquid bottles: ask your council which bin they go in; do not put a pod with liquid in it
            in any recycling bin.
          </li>
        </ul>
      </section>
    </article>
  );
}

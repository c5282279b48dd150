import { Link } from "~/components/ui/link";
import { KeptHtml } from "~/components/ui/kept-html";
import { FacebookIcon, InstagramIcon, XIcon, YoutubeIcon } from "~/components/ui/icons";
import type { ShopSettings, SocialNetwork } from "~/lib/config.server";
import { NICOTINE_WARNING } from "~/modules/compliance/compliance";
import { assistanceLinks, legalLinks, serviceLinks } from "~/modules/content/footer-links";
import { RECYCLING_PAGE_PATH } from "~/modules/orders/take-back";

const socialIcons: Record<SocialNetwork, typeof FacebookIcon> = {
  Facebook: FacebookIcon,
  Instagram: InstagramIcon,
  X: XIcon,
  YouTube: YoutubeIcon,
};

/** The shop's own pages (SOCIAL_*_URL); none configured, no list. */
function SocialLinks({ name, socials }: { name: string; socials: ShopSettings["socials"] }) {
  if (socials.length === 0) return null;
  return (
    <ul className="mt-4 flex gap-3" aria-label="Social media">
      {socials.map(({ network, href }) => {
        const Icon = socialIcons[network];
        return (
          <li key={network}>
            <a
              href={href}
              aria-label={`${name} on ${network}`}
              rel="noopener noreferrer"
              target="_blank"
              className="inline-flex rounded-full bg-white/10 p-2 hover:bg-white/20"
            >
              <Icon width={18} height={18} />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** Companies House numbers: SC… Scotland, NI… Northern Ireland, the rest England and Wales. */
const registeredIn = (number: string) =>
  number.startsWith("SC") ? "Scotland" : number.startsWith("NI") ? "Northern Ireland" : "England and Wales";

/** UK: a company's website gives its registered name, number and office (and VAT number when registered). */
function CompanyDetails({ company }: { company: ShopSettings["company"] }) {
  const parts = [
    company.name,
    company.number && `Registered in ${registeredIn(company.number)}, company number ${company.number}`,
    company.address && `Registered office: ${company.address}`,
    company.vatNumber && `VAT number ${company.vatNumber}`,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return <p className="mt-1">{parts.join(". ")}.</p>;
}

function LinkList({ title, links }: { title: string; links: ReadonlyArray<{ slug: string; label: string }> }) {
  const id = `footer-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="font-semibold text-white">
        {title}
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.slug}>
            <Link to={`/info/${link.slug}`} className="hover:text-white hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The footer's contents: from the shop's settings and the year alone (no hook, no router context). */
function FooterParts({ settings, year }: { settings?: ShopSettings; year: number }) {
  const name = settings?.name ?? "Our shop";
  return (
    <>
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{name}</p>
          <p className="mt-3 text-sm">
            A UK shop for legal vape devices, pods and e-liquids: genuine stock, fresh flavours and quick delivery to
            your door. For adults aged 18 and over only.
          </p>
          <SocialLinks name={name} socials={settings?.socials ?? []} />
        </div>
        <LinkList title="Services" links={serviceLinks} />
        <LinkList title="Assistance to the buyer" links={assistanceLinks} />
      </div>
      <div className="border-t border-white/10 py-4 text-center text-xs">
        <p>{NICOTINE_WARNING}</p>
        <p className="mt-1">
          © {year} {name}. Sold only to adults aged 18 and over.
        </p>
        <CompanyDetails company={settings?.company ?? {}} />
        <nav aria-label="Your data" className="mt-2">
          <ul className="flex justify-center gap-4">
            {legalLinks.map((link) => (
              <li key={link.slug}>
                <Link to={`/info/${link.slug}`} className="underline hover:text-white">
                  {link.label}
                </Link>
              </li>
            ))}
            {/* WEEE: shoppers are told how the shop takes old devices back (docs/decisions/041). */}
            <li>
              <Link to={RECYCLING_PAGE_PATH} className="underline hover:text-white">
                Recycling your old vape
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </>
  );
}

/** What the footer is kept on when there are no settings (an error page rendered without the root's data). */
const NO_SETTINGS = {};

/**
 * The footer is the same on every page until the settings (one object per process) or the year change: the server
 * writes it once and keeps it (decision 055; a third of a small page's markup).
 */
export function Footer({ settings }: { settings?: ShopSettings }) {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 bg-brand-900 text-brand-100">
      <KeptHtml source={settings ?? NO_SETTINGS} variant={String(year)}>
        {() => <FooterParts settings={settings} year={year} />}
      </KeptHtml>
    </footer>
  );
}

import type { Db } from "~/db/database.server";
import { findVisibleItemDates } from "~/modules/catalog/catalog.service.server";
import { findPublishedDates } from "./blog.repository.server";
import { infoPageSlugs } from "./info-pages";

/** The sitemap protocol's limit of addresses per file; past it /sitemap.xml becomes an index of files. */
export const SITEMAP_MAX_URLS = 50_000;

export type SitemapEntry = { path: string; lastmod?: string };

/** The public pages a search engine should know: never the account, cart, checkout, back office or API. */
const PUBLIC_PAGES = [
  "/",
  "/products",
  "/flavours",
  "/about",
  "/blog",
  "/contactus",
  "/recycling",
  "/cancellation-form",
];

/** Every page a visitor can reach: public pages, info pages, every visible device and flavour, every published post. */
export async function sitemapEntries(db: Db, now = new Date().toISOString()): Promise<SitemapEntry[]> {
  const [{ devices, flavours }, posts] = await Promise.all([findVisibleItemDates(db), findPublishedDates(db, now)]);
  const infoPages = infoPageSlugs().map((slug) => ({ path: `/info/${slug}` }));
  return [
    ...PUBLIC_PAGES.map((path) => ({ path })),
    ...infoPages,
    ...devices.map((d) => ({ path: `/productdetail/${d.id}`, lastmod: d.updated_at })),
    ...flavours.map((f) => ({ path: `/flavour/${f.id}`, lastmod: f.updated_at })),
    ...posts.map((p) => ({ path: `/blog/${p.slug}`, lastmod: p.updated_at })),
  ];
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch]!);

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/** A `<urlset>` of the entries, as absolute addresses under `origin`. */
export function urlset(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    ({ path, lastmod }) =>
      `<url><loc>${escapeXml(origin + path)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod.slice(0, 10))}</lastmod>` : ""}</url>`,
  );
  return `${XML_HEAD}<urlset ${NS}>\n${urls.join("\n")}\n</urlset>\n`;
}

/** A `<sitemapindex>` naming `/sitemaps/1.xml` … for `parts` files. */
export function sitemapIndex(origin: string, parts: number): string {
  const files = Array.from(
    { length: parts },
    (_, i) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${i + 1}.xml`)}</loc></sitemap>`,
  );
  return `${XML_HEAD}<sitemapindex ${NS}>\n${files.join("\n")}\n</sitemapindex>\n`;
}

/**
 * /sitemap.xml (part null) or /sitemaps/N.xml: the whole urlset while the shop has at most `maxUrls` addresses,
 * otherwise an index and its numbered parts. Null for a part that does not exist.
 */
export async function sitemapDocument(
  db: Db,
  origin: string,
  part: number | null,
  maxUrls = SITEMAP_MAX_URLS,
): Promise<string | null> {
  const entries = await sitemapEntries(db);
  const parts = Math.ceil(entries.length / maxUrls);
  if (part === null) return parts <= 1 ? urlset(origin, entries) : sitemapIndex(origin, parts);
  if (parts <= 1 || part < 1 || part > parts) return null;
  return urlset(origin, entries.slice((part - 1) * maxUrls, part * maxUrls));
}

/** robots.txt: the catalogue and blog open; accounts, cart, checkout steps, back office and API closed. */
export function robotsTxt(origin: string): string {
  const closed = [
    "/admin",
    "/account",
    "/cart",
    "/cart-address",
    "/cart-shipping",
    "/payment",
    "/success",
    "/cancel",
    "/wishlist",
    "/signin",
    "/signup",
    "/signout",
    "/forget-password",
    "/reset-password",
    "/verify-email",
    "/age-check",
    "/api/",
  ];
  return [
    "User-agent: *",
    "Allow: /",
    ...closed.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

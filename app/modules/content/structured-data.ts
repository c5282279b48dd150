import type { MetaDescriptor } from "react-router";
import { stockStatusOf, type Stock } from "~/modules/catalog/catalog";
import { optionsLabel, type VariantOffer } from "~/modules/catalog/variants";

// schema.org structured data for search engines (issue 15): facts from the catalogue only, no claims beyond them.

type Match = { id: string; loaderData?: unknown } | undefined;
type Settings = {
  name: string;
  currency: string;
  publicUrl: string;
  lowStockThreshold: number;
  email: string;
  phone: string;
  address: string;
};

const rootSettings = (matches: Match[]) =>
  (matches.find((m) => m?.id === "root")?.loaderData as { settings?: Settings } | undefined)?.settings;

const availability = { in_stock: "InStock", low_stock: "LimitedAvailability", out_of_stock: "OutOfStock" } as const;

type Item = {
  id: string;
  name: string;
  description: string;
  images: string[];
  priceCents: number;
  stock: Stock;
  variants: VariantOffer[];
};

const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * The item's offers: one `Offer` per variant on sale (its SKU, price, availability from its stock, and its barcode as
 * `gtin`), under an `AggregateOffer` with the lowest and highest price when there are several. An item with no
 * variant on sale has one offer at its own price, out of stock.
 */
function offersOf(item: Item, url: string, settings: Settings) {
  const seller = { "@type": "Organization", name: settings.name };
  const offer = (o: { name?: string; sku?: string; barcode?: string | null; priceCents: number; stock: Stock }) => ({
    "@type": "Offer",
    ...(o.name ? { name: o.name } : {}),
    url,
    ...(o.sku ? { sku: o.sku } : {}),
    ...(o.barcode ? { gtin: o.barcode } : {}),
    price: money(o.priceCents),
    priceCurrency: settings.currency,
    availability: `https://schema.org/${availability[stockStatusOf(o.stock, settings.lowStockThreshold)]}`,
    seller,
  });
  if (item.variants.length === 0) return offer(item);
  if (item.variants.length === 1) return offer(item.variants[0]!);
  const prices = item.variants.map((v) => v.priceCents);
  return {
    "@type": "AggregateOffer",
    lowPrice: money(Math.min(...prices)),
    highPrice: money(Math.max(...prices)),
    offerCount: item.variants.length,
    priceCurrency: settings.currency,
    offers: item.variants.map((v) => offer({ ...v, name: optionsLabel(v) })),
  };
}

/**
 * A device's or flavour's page: `Product` with its offers (above) and the page's `BreadcrumbList`, as
 * `script:ld+json` meta (React Router escapes it), plus Open Graph's first image.
 */
export function productStructuredData(
  matches: Match[],
  item: Item,
  path: string,
  trail: Array<{ name: string; path: string }>,
): MetaDescriptor[] {
  const settings = rootSettings(matches);
  if (!settings) return [];
  const origin = settings.publicUrl;
  const images = item.images.map((src) => (src.startsWith("http") ? src : origin + src));
  const product = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: item.name,
    description: item.description,
    productID: item.id,
    ...(images.length ? { image: images } : {}),
    offers: offersOf(item, origin + path, settings),
  };
  const breadcrumbs = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [...trail, { name: item.name, path }].map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: origin + crumb.path,
    })),
  };
  return [
    { "script:ld+json": product },
    { "script:ld+json": breadcrumbs },
    ...(images[0]
      ? [
          { property: "og:image", content: images[0] },
          { name: "twitter:card", content: "summary_large_image" },
          { name: "twitter:image", content: images[0] },
        ]
      : []),
  ];
}

/** The home page: the shop as an `Organization` with its contact details (the shop's settings). */
export function organizationStructuredData(matches: Match[]): MetaDescriptor[] {
  const settings = rootSettings(matches);
  if (!settings) return [];
  return [
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Organization",
        name: settings.name,
        url: `${settings.publicUrl}/`,
        logo: `${settings.publicUrl}/images/logo.svg`,
        email: settings.email,
        telephone: settings.phone,
        address: settings.address,
        contactPoint: {
          "@type": "ContactPoint",
          contactType: "customer service",
          email: settings.email,
          telephone: settings.phone,
        },
      },
    },
  ];
}

type PostFacts = { title: string; excerpt: string; coverImage: string; author: string; publishedAt: string };

/** A blog post: `BlogPosting` with its author, date and cover (as Open Graph's image too). */
export function postStructuredData(matches: Match[], post: PostFacts, path: string): MetaDescriptor[] {
  const settings = rootSettings(matches);
  if (!settings) return [];
  const image = post.coverImage
    ? post.coverImage.startsWith("http")
      ? post.coverImage
      : settings.publicUrl + post.coverImage
    : null;
  return [
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        headline: post.title,
        description: post.excerpt,
        datePublished: post.publishedAt,
        author: { "@type": "Person", name: post.author },
        publisher: { "@type": "Organization", name: settings.name },
        mainEntityOfPage: settings.publicUrl + path,
        ...(image ? { image } : {}),
      },
    },
    ...(image
      ? [
          { property: "og:image", content: image },
          { name: "twitter:card", content: "summary_large_image" },
          { name: "twitter:image", content: image },
        ]
      : []),
  ];
}

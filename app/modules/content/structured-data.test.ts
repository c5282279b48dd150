import { describe, expect, it } from "vitest";
import { itemStockOf, type VariantOffer } from "~/modules/catalog/variants";
import { productStructuredData } from "./structured-data";

const settings = {
  name: "Vapour Lane",
  currency: "GBP",
  publicUrl: "https://shop.example",
  lowStockThreshold: 5,
  email: "hello@shop.example",
  phone: "+44 7700 900123",
  address: "1 High Street, Leeds",
};
const matches = [{ id: "root", loaderData: { settings } }];

const variant = (over: Partial<VariantOffer>): VariantOffer => ({
  id: "v1",
  sku: "bar-blue-razz-ice-10mg-5000",
  barcode: null,
  flavour: "Blue Razz Ice",
  nicotineStrength: 10,
  puffCount: 5000,
  priceCents: 999,
  stock: { tracked: true, quantity: 30 },
  ...over,
});

const item = (variants: VariantOffer[]) => ({
  id: "bar5000",
  name: "Bar 5000",
  description: "A bar.",
  images: ["/images/catalog/bar.svg"],
  priceCents: 999,
  stock: itemStockOf(variants),
  variants,
});

/** The Product block, as the page's `<script type="application/ld+json">` carries it (through JSON, as a reader sees it). */
function productOf(variants: VariantOffer[]) {
  const meta = productStructuredData(matches, item(variants), "/productdetail/bar5000", [{ name: "Home", path: "/" }]);
  const blocks = meta.flatMap((m) => ("script:ld+json" in m ? [JSON.parse(JSON.stringify(m["script:ld+json"]))] : []));
  return blocks.find((b: { "@type": string }) => b["@type"] === "Product") as Record<string, unknown> & {
    offers: Record<string, unknown>;
  };
}

describe("a product's structured data", () => {
  it("gives one Offer per variant under an AggregateOffer with the lowest and highest price", () => {
    const product = productOf([
      variant({}),
      variant({
        id: "v2",
        sku: "bar-blue-razz-ice-20mg-5000",
        barcode: "5012345678900",
        nicotineStrength: 20,
        priceCents: 1299,
        stock: { tracked: true, quantity: 0 },
      }),
      variant({ id: "v3", sku: "bar-mint-10mg-5000", flavour: "Mint", stock: { tracked: true, quantity: 2 } }),
    ]);
    expect(product.offers).toMatchObject({
      "@type": "AggregateOffer",
      lowPrice: "9.99",
      highPrice: "12.99",
      offerCount: 3,
      priceCurrency: "GBP",
    });
    expect(product.offers.offers).toEqual([
      expect.objectContaining({
        "@type": "Offer",
        name: "Blue Razz Ice, 10 mg, 5000 puffs",
        sku: "bar-blue-razz-ice-10mg-5000",
        price: "9.99",
        availability: "https://schema.org/InStock",
        url: "https://shop.example/productdetail/bar5000",
      }),
      expect.objectContaining({
        sku: "bar-blue-razz-ice-20mg-5000",
        gtin: "5012345678900",
        price: "12.99",
        availability: "https://schema.org/OutOfStock",
      }),
      expect.objectContaining({ sku: "bar-mint-10mg-5000", availability: "https://schema.org/LimitedAvailability" }),
    ]);
    // A barcode only where the variant has one.
    expect((product.offers.offers as Array<Record<string, unknown>>)[0]).not.toHaveProperty("gtin");
  });

  it("gives a single Offer for an item with one variant, with its SKU", () => {
    const product = productOf([variant({ priceCents: 1099 })]);
    expect(product.offers).toMatchObject({
      "@type": "Offer",
      sku: "bar-blue-razz-ice-10mg-5000",
      price: "10.99",
      priceCurrency: "GBP",
      availability: "https://schema.org/InStock",
      seller: { "@type": "Organization", name: "Vapour Lane" },
    });
    expect(product).toMatchObject({ "@type": "Product", name: "Bar 5000", productID: "bar5000" });
  });

  it("says an item with no variant on sale is out of stock, at its own price", () => {
    const product = productOf([]);
    expect(product.offers).toMatchObject({
      "@type": "Offer",
      price: "9.99",
      availability: "https://schema.org/OutOfStock",
    });
    expect(product.offers).not.toHaveProperty("sku");
  });
});

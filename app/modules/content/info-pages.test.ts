import { describe, expect, it } from "vitest";
import { formatMoney } from "~/lib/money";
import { defaultShippingMethods } from "~/modules/checkout/shipping";
import { findInfoPage, infoPageSlugs } from "./info-pages";

const details = { shop: "Vape Shop", email: "hello@example.com", address: "1 High Street", currency: "GBP" };
const text = (slug: string) => findInfoPage(slug, details)!.paragraphs.join(" ");

describe("info pages promise only what the shop does", () => {
  it("says plainly that gift cards and a bonus programme are not offered yet, under the footer's names", () => {
    expect(findInfoPage("gift-cards", details)!.title).toBe("Gift Cards");
    expect(text("gift-cards")).toContain("We do not sell gift cards yet");
    expect(findInfoPage("bonus-program", details)!.title).toBe("Bonus program");
    expect(text("bonus-program")).toContain("We do not run a bonus or loyalty programme yet");
  });

  it("gives the delivery terms of the checkout's own shipping options, in the shop's currency", () => {
    const terms = text("terms-of-delivery");
    for (const option of defaultShippingMethods.filter((m) => !m.customerPicksDay)) {
      const price = option.priceCents === 0 ? "no charge" : formatMoney(option.priceCents, "GBP");
      expect(terms).toContain(`${option.name}: ${price}, delivered within ${option.deliveryDays} days.`);
    }
    expect(terms).toContain("Express Shipping: £8.50, delivered within 3 days.");
    expect(terms).toContain(
      "Scheduled Delivery: £8.50, on a day you choose, Monday to Saturday, from 3 to 15 days ahead.",
    );
    // A shop's own methods (docs/decisions/082): their prices, days and 'free over' are what the terms say.
    const own = defaultShippingMethods.map((m) =>
      m.id === "schedule" ? { ...m, priceCents: 1200 } : m.id === "express" ? { ...m, freeOverCents: 5000 } : m,
    );
    const terms2 = findInfoPage("terms-of-delivery", { ...details, shippingMethods: own })!.paragraphs.join(" ");
    expect(terms2).toContain("Scheduled Delivery: £12.00, on a day");
    expect(terms2).toContain(
      "Express Shipping: £8.50 (no charge for orders of £50.00 or more), delivered within 3 days.",
    );
  });

  it("names no way of paying the shop does not offer: payment details are arranged on WhatsApp", () => {
    for (const slug of ["credit-and-payments", "non-cash-account", "payment", "faq"])
      expect(text(slug)).toMatch(/WhatsApp/);
    const all = infoPageSlugs().map(text).join(" ");
    for (const promise of [
      /points worth/i,
      /gift cards are available/i,
      /payment link/i,
      /trade prices/i,
      /invoices are due/i,
    ])
      expect(all).not.toMatch(promise);
  });

  it("fills in the shop's name and contact details", () => {
    expect(text("privacy")).toContain("Vape Shop is the controller");
    expect(text("privacy")).toContain("hello@example.com or 1 High Street");
    // How long an erased account can remain in a backup (BACKUP_KEEP_DAYS; 30 unless told).
    expect(text("privacy")).toContain(
      "Our backups, kept so that nothing is lost if a disk fails, are deleted after 30 days",
    );
    expect(findInfoPage("privacy", { ...details, backupDays: 14 })!.paragraphs.join(" ")).toContain(
      "are deleted after 14 days: until then an erased account can remain in one",
    );
  });
});

import { formatMoney } from "~/lib/money";
import {
  defaultShippingMethods,
  describeWeekdays,
  SCHEDULE_DAYS,
  type ShippingMethod,
} from "~/modules/checkout/shipping";
import { CANCELLATION_FORM_PATH, hygieneException } from "~/modules/orders/cancellation";
import { statutoryRights } from "~/modules/orders/returns";
import { assistanceLinks, legalLinks, serviceLinks } from "./footer-links";
import { guarantees } from "./guarantee";

/** The short pages behind the footer links; each paragraph is plain text. */
const bodies: Record<string, string[]> = {
  // Neither is offered yet: the pages keep the footer's names (docs/product/specification.md §2) and say so plainly.
  "bonus-program": [
    "We do not run a bonus or loyalty programme yet: orders do not earn points, and there are no points to spend.",
    "If we start one, this page will explain how it works before any order counts towards it.",
  ],
  "gift-cards": ["We do not sell gift cards yet, and gift cards or vouchers cannot be used to pay for an order."],
  "credit-and-payments": [
    "You pay after you check out: your order is saved and sent to us as a WhatsApp message, and we reply there to confirm it and give you the payment details.",
    "We do not offer credit or pay-later plans. We never ask for card details in a chat message.",
  ],
  "service-and-contracts": [
    "We do not offer trade accounts or supply contracts yet. For a bulk order, message us on WhatsApp or through the contact page and we will tell you what we can do.",
    "We only sell to adults aged 18 and over, in bulk or not.",
  ],
  "non-cash-account": [
    "We do not offer accounts that are paid by invoice. Every order is paid for once we have confirmed it on WhatsApp, with the payment details we send you there.",
  ],
  payment: [
    "Your order is saved when you check out and sent to us as a WhatsApp message. We reply to confirm stock, the total and how to pay.",
    "We dispatch your order once payment has arrived.",
  ],
  "find-an-order": [
    "Your order number is in the WhatsApp message you sent us and in your account. Send us the number on WhatsApp and we will tell you where your parcel is.",
  ],
  "terms-of-delivery": [
    "{delivery}",
    "We deliver to UK addresses only. Someone aged 18 or over may be asked to show ID on delivery.",
  ],
  "exchange-and-returns": [
    "You can cancel an order yourself until we dispatch it: open the order in your account and choose 'Cancel this order'. Its items go back on sale and, if you have paid, we refund you in full.",
    "After delivery you have 14 days to change your mind (the Consumer Contracts Regulations 2013); the 14 days start the day after delivery. Open the order in your account, choose how many of each item to send back, each with its reason, and press 'Ask to return these items' (you can return part of an order), or send us the model cancellation form or any other clear statement by e-mail to {email}. We reply by e-mail with how to send the goods back.",
    "Send the goods back within 14 days of telling us. We refund the price and the standard delivery cost within 14 days of receiving them back (or of your proof that you sent them, if that comes first); you pay the cost of sending them back unless they are faulty or not what you ordered.",
    `${hygieneException} Faulty goods are covered by our guarantee and your rights under the Consumer Rights Act 2015, beyond the 14 days.`,
    "A faulty item can be reported on the order's page in your account ('Report a faulty item'): up to 30 days after delivery for a refund of that item, or a repair or a replacement; up to 6 months after delivery for a repair or a replacement. After that, contact us.",
    `${statutoryRights.intro} ${statutoryRights.thirtyDays} ${statutoryRights.sixMonths} ${statutoryRights.sixYears} ${statutoryRights.summary}`,
  ],
  guarantee: [
    `${guarantees.device.page} ${guarantees.flavour.page}`,
    "If something is wrong, message us with your order number and a photo and we will replace it.",
  ],
  faq: [
    "Do you sell to under-18s? No. Every visitor confirms their age, accounts need a date of birth, and ID may be checked on delivery.",
    "Are your products legal in the UK? Yes: tanks and pods hold at most 2 ml, refill bottles at most 10 ml, and nicotine is at most 20 mg/ml.",
    "How do I pay? After you check out, we confirm your order on WhatsApp and send payment details.",
  ],
  privacy: [
    "Who we are: {shop} is the controller of your personal data. Write to us at {email} or {address} about anything on this page.",
    "What we keep and why: your name, e-mail address, date of birth and password (stored only as a one-way hash) to run your account and to check that you are 18 or over, as the law requires before we sell nicotine products; your delivery addresses, phone number and orders to deliver them and keep our accounts; your cart and wishlist so they are there when you come back; messages you send us so we can answer them.",
    "Our lawful bases: the contract with you (your account and orders), our legal obligations (age checks, keeping order and tax records for six years) and our legitimate interest in answering your messages. We do not sell your data, we send no marketing e-mails, and we use no advertising or analytics tools.",
    "Who else sees it: our e-mail provider delivers our messages to you; an age-checking service may confirm your age from your name, date of birth and address; WhatsApp carries the order message you choose to send us. Each handles it only for that purpose.",
    "Your rights: you can see, correct and download your data, and delete your account, yourself on your account page ('Download my data' and 'Delete my account'). When you delete it we erase your details, addresses, cart and wishlist at once; we keep your past orders for our accounts without your name, e-mail or address. Our backups, kept so that nothing is lost if a disk fails, are deleted after {backupDays} days: until then an erased account can remain in one, used only to rebuild the shop after a failure. You can also ask us to restrict or stop using your data, and complain to the Information Commissioner's Office (ico.org.uk).",
    "Cookies: we set only the cookies the shop needs to work. The cookies page lists each of them.",
  ],
  cookies: [
    "We use only strictly necessary cookies and browser storage: the ones that remember your age answer, keep you signed in, and hold a visitor's cart. We use no analytics, advertising or third-party cookies, so we do not ask for consent to them. Removing them from your browser signs you out and asks your age again.",
  ],
  "terms-of-use": [
    "This site is for adults aged 18 and over in the United Kingdom. By using it you confirm that you are 18 or over.",
    "Product descriptions and prices are given in good faith; if we find a mistake in a price we will tell you before taking payment.",
    "When you order, the payment step and your confirmation e-mail say who you are buying from, the total with delivery, how you pay and when it arrives. You may cancel within 14 days of delivery, in your account or by e-mail with the model cancellation form or any clear statement.",
  ],
};

/** Links a page ends with. */
const pageLinks: Record<string, Array<{ to: string; label: string }>> = {
  "exchange-and-returns": [
    { to: "/account/orders", label: "Your orders" },
    { to: CANCELLATION_FORM_PATH, label: "Model cancellation form" },
  ],
  "terms-of-use": [
    { to: "/info/exchange-and-returns", label: "Exchange and return of goods" },
    { to: CANCELLATION_FORM_PATH, label: "Model cancellation form" },
  ],
  privacy: [
    { to: "/account", label: "Your account: download or delete your data" },
    { to: "/info/cookies", label: "Cookies" },
  ],
  cookies: [{ to: "/info/privacy", label: "Privacy notice" }],
};

export type InfoPage = {
  slug: string;
  title: string;
  paragraphs: string[];
  links: Array<{ to: string; label: string }>;
  listsCookies: boolean;
};
export type ShopDetails = {
  shop: string;
  email: string;
  address: string;
  currency: string;
  /** How many days backups are kept (BACKUP_KEEP_DAYS): the privacy notice says so. */
  backupDays?: number;
  /** The shop's active shipping methods, in order (docs/decisions/082); the specification's three unless told. */
  shippingMethods?: ShippingMethod[];
};

/** The delivery terms, from the methods the checkout offers, so the two always agree. */
export function deliveryTerms(currency: string, methods: ShippingMethod[] = defaultShippingMethods): string {
  const price = (cents: number) => (cents === 0 ? "no charge" : formatMoney(cents, currency));
  const free = (m: ShippingMethod) =>
    m.freeOverCents === null || m.priceCents === 0
      ? ""
      : ` (no charge for orders of ${formatMoney(m.freeOverCents, currency)} or more)`;
  return methods
    .map((m) =>
      m.customerPicksDay
        ? `${m.name}: ${price(m.priceCents)}${free(m)}, on a day you choose, ${describeWeekdays(m.weekdays)}, from ${m.deliveryDays} to ${Math.max(SCHEDULE_DAYS, m.deliveryDays)} days ahead.`
        : `${m.name}: ${price(m.priceCents)}${free(m)}, delivered within ${m.deliveryDays} days.`,
    )
    .join(" ");
}

/** The page behind a footer link, with the shop's own name, contact details and terms filled in; null for any other slug. */
export function findInfoPage(slug: string, details: ShopDetails): InfoPage | null {
  const link = [...serviceLinks, ...assistanceLinks, ...legalLinks].find((l) => l.slug === slug);
  const paragraphs = bodies[slug]?.map((p) =>
    p === "{delivery}"
      ? deliveryTerms(details.currency, details.shippingMethods)
      : p
          .replace(/\{(shop|email|address)\}/g, (_, key: "shop" | "email" | "address") => details[key])
          .replace("{backupDays}", String(details.backupDays ?? 30)),
  );
  return link && paragraphs
    ? { slug, title: link.label, paragraphs, links: pageLinks[slug] ?? [], listsCookies: slug === "cookies" }
    : null;
}

/** Every page under /info (the sitemap lists them). */
export const infoPageSlugs = (): string[] =>
  [...serviceLinks, ...assistanceLinks, ...legalLinks].map((l) => l.slug).filter((slug) => Object.hasOwn(bodies, slug));

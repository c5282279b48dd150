import { assistanceLinks, serviceLinks } from "./footer-links";

/** The short pages behind the footer links; each paragraph is plain text. */
const bodies: Record<string, string[]> = {
  "bonus-program": [
    "Every order earns points worth 5% of what you spend on products (not delivery). Points are added when your order is delivered.",
    "Ask us on WhatsApp to use your points against your next order. Points expire after 12 months without an order.",
  ],
  "gift-cards": [
    "Gift cards are available in any amount from £10 to £200 and are sent by e-mail. The person who receives one must be 18 or over to use it.",
    "Gift cards are valid for 24 months and can be used over several orders.",
  ],
  "credit-and-payments": [
    "We take payment after confirming your order on WhatsApp: by bank transfer or by a secure card payment link we send you.",
    "We never ask for card details in a chat message. We do not offer credit.",
  ],
  "service-and-contracts": [
    "Shops, cafés and other businesses can buy at trade prices with a monthly order. Contact us with your company details and expected volumes.",
    "Trade customers must be able to show that they only sell to adults aged 18 and over.",
  ],
  "non-cash-account": [
    "Business customers can pay by invoice into our business bank account. Invoices are due within 14 days.",
  ],
  payment: [
    "Your order is saved when you check out and sent to us as a WhatsApp message. We reply to confirm stock, the total and how to pay.",
    "We dispatch your order once payment has arrived.",
  ],
  "find-an-order": [
    "Your order number is in the WhatsApp message you sent us and in your account. Send us the number on WhatsApp and we will tell you where your parcel is.",
  ],
  "terms-of-delivery": [
    "Free Shipping: no charge, delivered within 15 days. Express Shipping: delivered within 3 days. You can also schedule delivery for any of the next 15 days.",
    "We deliver to UK addresses only. Someone aged 18 or over may be asked to show ID on delivery.",
  ],
  "exchange-and-returns": [
    "Unopened products in their original packaging can be returned within 14 days of delivery for a refund or exchange.",
    "For hygiene reasons opened pods and e-liquids cannot be returned unless they are faulty.",
  ],
  guarantee: [
    "Every device is guaranteed for 1 year against manufacturing faults. Pods are guaranteed against leaks and faults on arrival.",
    "If something is wrong, message us with your order number and a photo and we will replace it.",
  ],
  faq: [
    "Do you sell to under-18s? No. Every visitor confirms their age, accounts need a date of birth, and ID may be checked on delivery.",
    "Are your products legal in the UK? Yes: tanks and pods hold at most 2 ml, refill bottles at most 10 ml, and nicotine is at most 20 mg/ml.",
    "How do I pay? After you check out, we confirm your order on WhatsApp and send payment details.",
  ],
  "terms-of-use": [
    "This site is for adults aged 18 and over in the United Kingdom. By using it you confirm that you are 18 or over.",
    "Product descriptions and prices are given in good faith; if we find a mistake in a price we will tell you before taking payment.",
  ],
};

export type InfoPage = { slug: string; title: string; paragraphs: string[] };

export function findInfoPage(slug: string): InfoPage | null {
  const link = [...serviceLinks, ...assistanceLinks].find((l) => l.slug === slug);
  const paragraphs = bodies[slug];
  return link && paragraphs ? { slug, title: link.label, paragraphs } : null;
}

/** The footer's two lists (docs/product/specification.md §2); each entry has its own page under /info. */
export const serviceLinks = [
  { slug: "bonus-program", label: "Bonus program" },
  { slug: "gift-cards", label: "Gift Cards" },
  { slug: "credit-and-payments", label: "Credit and Payments" },
  { slug: "service-and-contracts", label: "Service and Contracts" },
  { slug: "non-cash-account", label: "Non-Cash Account" },
  { slug: "payment", label: "Payment" },
] as const;

export const assistanceLinks = [
  { slug: "find-an-order", label: "Find an Order" },
  { slug: "terms-of-delivery", label: "Terms of Delivery" },
  { slug: "exchange-and-returns", label: "Exchange and return of goods" },
  { slug: "guarantee", label: "Guarantee" },
  { slug: "faq", label: "Frequently asked Questions" },
  { slug: "terms-of-use", label: "Terms of use of the site" },
] as const;

/** Under the footer's lists: what the shop does with shoppers' data. */
export const legalLinks = [
  { slug: "privacy", label: "Privacy notice" },
  { slug: "cookies", label: "Cookies" },
] as const;

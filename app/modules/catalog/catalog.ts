import type { NameValue } from "~/db/json-text";
import type { ItemKind } from "~/db/values";
import type { VariantOffer } from "./variants";

export const stockStatuses = ["in_stock", "low_stock", "out_of_stock"] as const;
export type StockStatus = (typeof stockStatuses)[number];

export const stockLabels: Record<StockStatus, string> = {
  in_stock: "In stock",
  low_stock: "Low stock",
  out_of_stock: "Out of stock",
};

import type { Stock } from "./variants";
export type { Stock } from "./variants";

/** What the shop shows, from the quantity: low at or under the shop's threshold, out at none. */
export function stockStatusOf(stock: Stock, lowThreshold: number): StockStatus {
  if (!stock.tracked) return "in_stock";
  if (stock.quantity <= 0) return "out_of_stock";
  return stock.quantity <= lowThreshold ? "low_stock" : "in_stock";
}

/** How many one order may take: what is left, or any number for an untracked item. */
export const availableUnits = (stock: Stock) =>
  stock.tracked ? Math.max(0, stock.quantity) : Number.POSITIVE_INFINITY;

/** The shopper's words for a line that asks for more than there is. */
export const stockMessages = {
  onlyLeft: (count: number, name: string) => `Only ${count} left of ${name}`,
  outOfStock: (name: string) => `Sorry, ${name} is out of stock`,
  outOfStockLabel: "Out of stock",
  onlyLeftLabel: (count: number) => `Only ${count} left`,
} as const;

/** A line of a device's specifications, as its column holds it. */
export type Specification = NameValue;

/** A device (the Product of docs/product/specification.md §3). */
export type Device = {
  id: string;
  slug: string;
  name: string;
  description: string;
  images: string[];
  priceCents: number;
  originalPriceCents: number | null;
  flavours: string[];
  nicotineStrengths: number[];
  puffCounts: number[];
  features: string[];
  details: { description: string; specifications: Specification[] };
  /** What a shopper may choose: the combinations staff list, each with its SKU, price and stock. */
  variants: VariantOffer[];
  /** Its variants' stock together: out only when every one is. */
  stock: Stock;
  nicotineMgMl: number;
  podMl: number | null;
  rechargeable: boolean;
  /** How it is refilled (single-use vapes ban); null until staff answer. */
  refill: DeviceRefill | null;
  /** The MHRA notification number (ECID), when staff gave one. */
  mhraEcid: string | null;
};

/** How a device is refilled: refillable pods, replaceable coils (sold separately), or neither (single-use). */
export type DeviceRefill = "pods" | "coils" | "none";
export const DEVICE_REFILLS: readonly DeviceRefill[] = ["pods", "coils", "none"];
export const refillLabels: Record<DeviceRefill, string> = {
  pods: "Refillable pods",
  coils: "Replaceable coils",
  none: "Neither (single-use)",
};

/**
 * The rows the product page adds to a device's specifications: 'Rechargeable' and how it is refilled (the single-use
 * vapes ban, in force since 1 June 2025).
 */
export function reusabilitySpecifications(device: Pick<Device, "rechargeable" | "refill">): Specification[] {
  const rows: Specification[] = [];
  if (device.rechargeable) rows.push({ name: "Rechargeable", value: "Yes" });
  if (device.refill === "pods") rows.push({ name: "Refillable pods", value: "Yes, pods sold separately" });
  if (device.refill === "coils") rows.push({ name: "Replaceable coils", value: "Yes, coils sold separately" });
  return rows;
}

export type Flavour = {
  id: string;
  slug: string;
  name: string;
  description: string;
  images: string[];
  priceCents: number;
  sizes: number[];
  deviceId: string;
  deviceName: string;
  deviceSlug: string;
  variants: VariantOffer[];
  stock: Stock;
  nicotineMgMl: number;
  podMl: number | null;
  bottleMl: number | null;
  /** The MHRA notification number (ECID), when staff gave one. */
  mhraEcid: string | null;
};

export type DeviceCard = { id: string; name: string; description: string; image: string | null; stock: Stock };
export type FlavourCard = {
  id: string;
  name: string;
  image: string | null;
  priceCents: number;
  deviceName: string;
  stock: Stock;
};
export type DeviceFilter = { slug: string; name: string };

/**
 * The device list of home's filter row and /flavours' select goes to the browser as one string, not as 100 objects:
 * React Router's data stream encodes a page's data value by value, and the list's 300 values cost 0.15 ms of CPU a
 * page, 5 % of home (docs/decisions/057). The string is `[slug, name, slug, name, …]` in JSON, packed once per list
 * (the list is kept per catalogue version) and unpacked once per string, on the server and in the browser alike, so
 * the parts drawn from the list are kept as before (KeptHtml, decision 055). Here, not in a file of its own: both
 * pages load this module already, and a file of its own took home past its JavaScript budget.
 */
const packedDevices = new WeakMap<readonly DeviceFilter[], string>();

export function packDeviceFilters(list: readonly DeviceFilter[]): string {
  let text = packedDevices.get(list);
  if (text === undefined) {
    text = JSON.stringify(list.flatMap((device) => [device.slug, device.name]));
    packedDevices.set(list, text);
  }
  return text;
}

// The last few strings and their lists (one per catalogue version in use), all let go when full.
const unpackedDevices = new Map<string, readonly DeviceFilter[]>();

/** The list packed by packDeviceFilters (the server's own data: a page's loader data, not the visitor's input). */
export function unpackDeviceFilters(text: string): readonly DeviceFilter[] {
  let list = unpackedDevices.get(text);
  if (list === undefined) {
    const values = JSON.parse(text) as string[];
    const devices: DeviceFilter[] = [];
    for (let i = 0; i < values.length; i += 2) devices.push({ slug: values[i]!, name: values[i + 1]! });
    if (unpackedDevices.size >= 8) unpackedDevices.clear();
    unpackedDevices.set(text, (list = devices));
  }
  return list;
}

/** One card of /products: a device or a flavour. */
export type CatalogCard = {
  kind: ItemKind;
  id: string;
  name: string;
  image: string | null;
  priceCents: number;
  tag: string;
  stock: Stock;
};

export type Review = { id: string; quote: string; name: string; company: string; image: string };

/** docs/product/specification.md §4 and §9: product detail opens on these when the product offers them. */
export const DEFAULT_NICOTINE_STRENGTH = 10;
export const DEFAULT_PUFF_COUNT = 5000;
export const PRODUCTS_PER_PAGE = 8;
export const HOME_FLAVOUR_LIMIT = 8;
/** 'Flavours for this device' on a device's page shows at most this many; a link leads to all of them. */
export const DEVICE_FLAVOUR_LIMIT = 8;
/** Featured devices on the home page (featured first, then by position). */
export const HOME_DEVICE_LIMIT = 6;
export const FLAVOURS_PER_PAGE = 24;
export const SEARCH_MAX_LENGTH = 100;

export function pickDefault<T>(options: T[], preferred: T): T | undefined {
  return options.includes(preferred) ? preferred : options[0];
}

export function cardHref(card: Pick<CatalogCard, "kind" | "id">): string {
  return card.kind === "device" ? `/productdetail/${card.id}` : `/flavour/${card.id}`;
}

/** Sort and filter choices of the /products select. */
export const catalogSorts = {
  featured: "Featured",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  name: "Name: A to Z",
  devices: "Devices only",
  flavours: "Flavours only",
} as const;
export type CatalogSort = keyof typeof catalogSorts;

import type { Generated } from "kysely";
import type { JsonText, NameValue } from "./json-text";
import type { Flag, ItemKind } from "./values";

/** How a device is refilled: refillable pods, replaceable coils, or neither (a single-use device). */
export type DeviceRefill = "pods" | "coils" | "none";

// The catalogue's tables (part of the Database type in schema.ts).

/** Devices (the `devices` table; `products` until migration 2026_11_25_0010). */
export type DevicesTable = {
  id: string;
  slug: string;
  name: string;
  description: string;
  images: JsonText<string[]>;
  price_cents: number;
  original_price_cents: number | null;
  flavours: JsonText<string[]>;
  nicotine_strengths: JsonText<number[]>; // mg/ml
  puff_counts: JsonText<number[]> | null;
  features: JsonText<string[]>;
  details_description: string;
  specifications: JsonText<NameValue[]>;
  nicotine_mg_ml: number;
  pod_ml: number | null;
  rechargeable: Flag;
  refill: DeviceRefill | null; // how it is refilled (single-use vapes ban); null: not answered yet
  featured: Flag;
  position: number;
  archived: Flag;
  mhra_ecid: string | null; // the MHRA notification number (ECID), when staff gave one
  created_at: string;
  updated_at: string;
};

export type FlavoursTable = {
  id: string;
  slug: string;
  name: string;
  description: string;
  images: JsonText<string[]>;
  price_cents: number;
  sizes: JsonText<number[]>; // nicotine mg
  device_id: string;
  nicotine_mg_ml: number;
  pod_ml: number | null;
  bottle_ml: number | null;
  archived: Flag;
  mhra_ecid: string | null; // the MHRA notification number (ECID), when staff gave one
  created_at: string;
  updated_at: string;
};

/**
 * What a shopper chooses and the shop counts (migration 2026_11_26_0410, docs/decisions/043): one row per combination
 * of a device's flavour × nicotine strength × puff count, or of a flavour's nicotine strength, that staff list. Stock
 * lives here, not on the item.
 */
export type VariantsTable = {
  id: string;
  kind: ItemKind;
  item_id: string;
  sku: string; // unique
  barcode: string | null; // GTIN-8/12/13/14, unique when given
  flavour: string; // a device's flavour; '' for a flavour item
  nicotine_strength: number; // mg/ml
  puff_count: number | null;
  price_cents: number | null; // null: the item's price
  stock_quantity: number;
  /** Of stock_quantity, the lawful unstamped units (sellable until 1 April 2027; migration 2026_11_29_1310). */
  unstamped_units: Generated<number>;
  /** Held back from sale (unstamped that may not be sold): not in stock_quantity, until returned or destroyed. */
  quarantined_units: Generated<number>;
  track_stock: Flag; // 0: made to order, never runs out
  position: number;
  archived: Flag; // 1: no longer listed (kept: order lines and history point at it)
  stock_to_check: Generated<Flag>; // 1: the item's stock was moved here by the migration, for staff to check
  liquid_tenths: number | null; // the liquid in one unit, in tenths of a ml (2 ml = 20); null: not known (or none)
  created_at: string;
  updated_at: string;
};

/** A device or flavour as listings and search see it, kept in step by triggers (migration 2026_11_24_0010). */
export type CatalogItemsTable = {
  seq: Generated<number>;
  kind: ItemKind;
  item_id: string;
  device_id: string;
  kind_order: number; // 0 device, 1 flavour
  position: number; // the device's position
  name: string;
  tag: string; // "Device", or the flavour's device name
  description: string;
  flavours: string;
  image: string | null;
  price_cents: number;
  visible: Flag;
  // PostgreSQL only, generated: search (tsvector) and name_plain (lower case, no accents).
};

export type ReviewsTable = {
  id: string;
  quote: string;
  name: string;
  company: string;
  image: string;
  position: number;
  /** 1: shown on the home page; staff publish or hide each review (migration 2026_11_26_0120). */
  published: Generated<Flag>;
};

/** The About page as staff wrote it, or as the demo content loaded it (docs/decisions/037); one row, id 'about'. */
export type AboutPageTable = {
  id: string;
  story: string | null;
  offers: JsonText<{ title: string; text: string }[]> | null;
  figures: JsonText<
    { source: "none" | "devices" | "flavours" | "reviews" | "written"; value: string; label: string }[]
  >;
  demo: Generated<Flag>;
  updated_by: string | null;
  updated_at: string;
};

/** Each price an item has had, from when and set by whom (migration 2026_11_26_0210). */
export type PriceChangesTable = {
  id: string;
  kind: ItemKind;
  item_id: string;
  price_cents: number;
  changed_at: string;
  changed_by: string | null; // staff user id; null for the price an item had when the history began
};

/** The MHRA's published list of notification numbers, as last loaded (replaced whole at each load). */
export type MhraNumbersTable = { ecid: string; product: string };
export type MhraListLoadsTable = {
  id: string;
  loaded_at: string;
  loaded_by: string | null;
  source: string;
  numbers: number;
  refused: number;
};

/** A catalogue CSV staff checked with a dry run, waiting for them to import it (kept a day at most). */
export type CatalogImportsTable = {
  id: string;
  created_by: string;
  created_at: string;
  file_name: string;
  content: string;
};

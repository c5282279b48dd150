/**
 * Catalogue rows into domain objects: one mapper per type, used by the storefront, the cart and the back office alike.
 * JSON list columns are read by the one parser of their shape (~/db/json-text, docs/decisions/025).
 */
import type { Selectable } from "kysely";
import { nameValueList, numberList, textList } from "~/db/json-text";
import type { DevicesTable, FlavoursTable, VariantsTable } from "~/db/schema";
import type { Device, Flavour, Stock } from "./catalog";
import { itemStockOf, type Variant, type VariantOffer, type VariantOptions } from "./variants";

export type DeviceRow = Selectable<DevicesTable>;
export type FlavourRow = Selectable<FlavoursTable>;
/** A flavour as the storefront reads it: with its device's name and slug. */
export type FlavourWithDeviceRow = FlavourRow & { device_name: string; device_slug: string };

const nullableNumber = (n: number | null) => (n === null ? null : Number(n));

/** Rows keep the quantity and whether it is tracked; the domain keeps them together. */
export const stockOf = (row: { stock_quantity: number; track_stock: number }): Stock => ({
  tracked: Boolean(row.track_stock),
  quantity: Number(row.stock_quantity),
});

/** A variant row's choices (flavour, strength, puffs), as carts, imports and the back office compare them. */
export const optionsOfRow = (row: {
  flavour: string;
  nicotine_strength: number;
  puff_count: number | null;
}): VariantOptions => ({
  flavour: row.flavour,
  nicotineStrength: Number(row.nicotine_strength),
  puffCount: nullableNumber(row.puff_count),
});

/** A device with the variants a shopper may choose (not archived), its stock theirs. */
export function toDevice(row: DeviceRow, variantRows: VariantRow[]): Device {
  const variants = variantRows.map((v) => toVariantOffer(v, row.price_cents));
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    images: textList(row.images),
    priceCents: Number(row.price_cents),
    originalPriceCents: nullableNumber(row.original_price_cents),
    flavours: textList(row.flavours),
    nicotineStrengths: numberList(row.nicotine_strengths),
    puffCounts: numberList(row.puff_counts),
    features: textList(row.features),
    details: {
      description: row.details_description,
      specifications: nameValueList(row.specifications),
    },
    variants,
    stock: itemStockOf(variants),
    nicotineMgMl: Number(row.nicotine_mg_ml),
    podMl: nullableNumber(row.pod_ml),
    rechargeable: Boolean(row.rechargeable),
    refill: row.refill ?? null,
    mhraEcid: row.mhra_ecid ?? null,
  };
}

/** A flavour's own columns and variants; `toFlavour` adds its device's name and slug. */
export function flavourOf(row: FlavourRow, variantRows: VariantRow[]): Omit<Flavour, "deviceName" | "deviceSlug"> {
  const variants = variantRows.map((v) => toVariantOffer(v, row.price_cents));
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    images: textList(row.images),
    priceCents: Number(row.price_cents),
    sizes: numberList(row.sizes),
    deviceId: row.device_id,
    variants,
    stock: itemStockOf(variants),
    nicotineMgMl: Number(row.nicotine_mg_ml),
    podMl: nullableNumber(row.pod_ml),
    bottleMl: nullableNumber(row.bottle_ml),
    mhraEcid: row.mhra_ecid ?? null,
  };
}

export const toFlavour = (row: FlavourWithDeviceRow, variantRows: VariantRow[]): Flavour => ({
  ...flavourOf(row, variantRows),
  deviceName: row.device_name,
  deviceSlug: row.device_slug,
});

export type VariantRow = Selectable<VariantsTable>;

/** A variant row as the storefront offers it, at its own price or its item's. */
export const toVariantOffer = (row: VariantRow, itemPriceCents: number): VariantOffer => ({
  id: row.id,
  sku: row.sku,
  barcode: row.barcode,
  flavour: row.flavour,
  nicotineStrength: Number(row.nicotine_strength),
  puffCount: nullableNumber(row.puff_count),
  priceCents: row.price_cents === null ? Number(itemPriceCents) : Number(row.price_cents),
  stock: stockOf(row),
});

/** A variant row as the back office edits it. */
export const toVariant = (row: VariantRow, itemPriceCents: number): Variant => ({
  ...toVariantOffer(row, itemPriceCents),
  kind: row.kind,
  itemId: row.item_id,
  ownPriceCents: nullableNumber(row.price_cents),
  position: Number(row.position),
  archived: Number(row.archived) === 1,
  stockToCheck: Number(row.stock_to_check) === 1,
  liquidTenths: nullableNumber(row.liquid_tenths),
});

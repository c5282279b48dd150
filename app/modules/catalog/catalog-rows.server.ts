/**
 * Catalogue rows into domain objects: one mapper per type, used by the storefront, the cart and the back office alike.
 * JSON list columns are read by the one parser of their shape (~/db/json-text, docs/decisions/025).
 */
import type { Selectable } from "kysely";
import { nameValueList, numberList, textList } from "~/db/json-text";
import type { DevicesTable, FlavoursTable } from "~/db/schema";
import type { Device, Flavour, Stock } from "./catalog";

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

export function toDevice(row: DeviceRow): Device {
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
    stock: stockOf(row),
    nicotineMgMl: Number(row.nicotine_mg_ml),
    podMl: nullableNumber(row.pod_ml),
    rechargeable: Boolean(row.rechargeable),
    refill: row.refill ?? null,
    mhraEcid: row.mhra_ecid ?? null,
  };
}

/** A flavour's own columns; `toFlavour` adds its device's name and slug. */
export function flavourOf(row: FlavourRow): Omit<Flavour, "deviceName" | "deviceSlug"> {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    images: textList(row.images),
    priceCents: Number(row.price_cents),
    sizes: numberList(row.sizes),
    deviceId: row.device_id,
    stock: stockOf(row),
    nicotineMgMl: Number(row.nicotine_mg_ml),
    podMl: nullableNumber(row.pod_ml),
    bottleMl: nullableNumber(row.bottle_ml),
    mhraEcid: row.mhra_ecid ?? null,
  };
}

export const toFlavour = (row: FlavourWithDeviceRow): Flavour => ({
  ...flavourOf(row),
  deviceName: row.device_name,
  deviceSlug: row.device_slug,
});

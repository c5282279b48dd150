/**
 * The variant grid on a device's or flavour's page: one row per variant, each field posted as `<variant id>.<field>`
 * beside a `variant` field with the row's id (client-safe: the page and the action read the same names).
 */
import { formText } from "~/lib/form-data";
import { centsToText } from "~/lib/money";
import type { Variant } from "~/modules/catalog/variants";
import { liquidText } from "~/modules/compliance/vaping-duty";

export const gridFields = [
  "sku",
  "barcode",
  "price",
  "liquid",
  "stock",
  "stockSeen",
  "trackStock",
  "sold",
  "counted",
] as const;
export type GridField = (typeof gridFields)[number];
/** One row as typed: every field as text ("on" for a ticked box). */
export type VariantGridValues = { id: string } & Record<GridField, string>;

/** More rows than any item lists (30 × 30 × 30 is the form's ceiling, but no shop lists that many): a forged post. */
const MAX_ROWS = 1000;

export const gridName = (id: string, field: GridField) => `${id}.${field}`;

export const variantGridMessages = {
  saved: "Variants saved.",
  invalid: "Please correct the variants marked below. Nothing was saved.",
} as const;

/** The rows of a posted grid, in the order posted, each once. */
export function readVariantGrid(form: FormData): VariantGridValues[] {
  const ids = [...new Set(form.getAll("variant").filter((v): v is string => typeof v === "string"))];
  return ids.slice(0, MAX_ROWS).map((id) => ({
    id,
    ...(Object.fromEntries(gridFields.map((f) => [f, formText(form, gridName(id, f), 200)])) as Record<
      GridField,
      string
    >),
  }));
}

/** A saved variant as its row shows it first. */
export const gridValuesOf = (v: Variant): VariantGridValues => ({
  id: v.id,
  sku: v.sku,
  barcode: v.barcode ?? "",
  price: centsToText(v.ownPriceCents),
  liquid: liquidText(v.liquidTenths),
  stock: String(v.stock.quantity),
  stockSeen: String(v.stock.quantity),
  trackStock: v.stock.tracked ? "on" : "",
  sold: v.archived ? "" : "on",
  counted: "",
});

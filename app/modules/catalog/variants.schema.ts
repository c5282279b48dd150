// The checks of a variant's own fields as staff type them (SKU, barcode, price, track stock, on sale, liquid), apart from
// variants.ts so that the pages, which only need its labels, do not ship zod to the browser (docs/decisions/016). The
// stock typed beside them is the stock module's to check.
import { fail } from "~/lib/result";
import { z } from "zod";
import { parseMoney } from "~/lib/money";
import { parsedField, type Parsed } from "~/lib/parsed-field";
import { parseLiquid } from "~/modules/compliance/vaping-duty";
import { gtinProblem } from "./gtin";
import { SKU_PATTERN, variantMessages } from "./variants";

export const skuField = z
  .string()
  .trim()
  .min(1, variantMessages.skuRequired)
  .regex(SKU_PATTERN, variantMessages.skuShape);

/** Empty (no barcode: null) or a GTIN-8/12/13/14 whose check digit is right. */
export const barcodeField = parsedField((raw): Parsed<string | null> => {
  const code = raw.trim();
  if (!code) return { ok: true, value: null };
  const problem = gtinProblem(code);
  return problem ? fail("invalid", problem) : { ok: true, value: code };
});

/** Empty (null: it sells at the item's price) or a price typed like the item's own. */
export const variantPriceField = parsedField((raw) => parseMoney(raw, "Price", true));

const checkbox = z.string().transform((v) => v === "on");

/** One variant's own fields as the grid posts them. */
export const variantFieldsInput = z.object({
  sku: skuField,
  barcode: barcodeField,
  price: variantPriceField,
  trackStock: checkbox,
  sold: checkbox,
  /** The liquid in one unit (ml, as tenths); empty: not known. */
  liquid: parsedField(parseLiquid),
});
export type VariantFieldsInput = z.infer<typeof variantFieldsInput>;

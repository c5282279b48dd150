import { data, redirect } from "react-router";
import type { ShopContext } from "~/context";
import { formText } from "~/lib/form-data";
import { newId } from "~/lib/ids.server";
import { httpStatus, type FieldErrors } from "~/lib/result";
import type { SessionUser } from "~/modules/accounts/accounts";
import type { Variant } from "~/modules/catalog/variants";
import { listItemVariants } from "~/modules/catalog/variants.service.server";
import { adjustStock, stockHistory, type StockMovement } from "~/modules/stock/stock.service.server";
import type { CatalogKind } from "./catalog-admin";
import { readVariantGrid, type VariantGridValues } from "./variant-grid";
import { saveVariantGrid } from "./variant-grid.service.server";
import { catalogPaths } from "./catalog-admin-list";

const basePath = catalogPaths;

export type StockPanelData = {
  /** The item's price, which a variant without its own sells at. */
  priceCents: number;
  variants: Variant[];
  history: StockMovement[];
  /** The variant whose history alone is shown (?variant=), or null for all of them. */
  historyOf: string | null;
};
/** What the page shows again after a refused post of the variant grid or the quick adjustment. */
export type StockAnswer =
  | { stockForm: "adjust"; errors: FieldErrors; values: Record<string, string> }
  | { stockForm: "variants"; errors: FieldErrors; values: VariantGridValues[]; formKey: string };

/**
 * The edit page's variants and stock: every variant (archived ones too), and the history of all of them or of the one
 * asked for (staff only, like the page).
 */
export async function stockPanel(
  context: ShopContext,
  user: SessionUser,
  kind: CatalogKind,
  item: { id: string; priceCents: number },
  askedVariant: string | null,
): Promise<StockPanelData> {
  const variants = await listItemVariants(context.db, kind, item.id, item.priceCents);
  const historyOf = variants.some((v) => v.id === askedVariant) ? askedVariant : null;
  return {
    priceCents: item.priceCents,
    variants,
    history: await stockHistory(context.db, user, { kind, itemId: item.id, variantId: historyOf ?? undefined }),
    historyOf,
  };
}

/** The posts of the page's stock part: the variant grid ('save-variants') and the quick adjustment ('adjust-stock'). */
export const stockIntents = ["save-variants", "adjust-stock"] as const;
export const isStockIntent = (intent: unknown): intent is (typeof stockIntents)[number] =>
  stockIntents.includes(intent as (typeof stockIntents)[number]);

/** Saves the variant grid or records the quick adjustment: back to the page with a notice, or the form again. */
export async function stockAction(
  context: ShopContext,
  user: SessionUser,
  kind: CatalogKind,
  id: string,
  intent: (typeof stockIntents)[number],
  form: FormData,
) {
  if (intent === "save-variants") {
    const rows = readVariantGrid(form);
    const saved = await saveVariantGrid(context.db, user, kind, id, rows);
    if (!saved.ok && saved.code === "not-found") throw data(null, { status: 404 });
    if (!saved.ok && saved.code === "not-allowed") throw data(saved, { status: 403 });
    if (!saved.ok)
      return data<StockAnswer>(
        { stockForm: "variants", errors: saved.fieldErrors ?? {}, values: rows, formKey: newId(8) },
        { status: httpStatus(saved.code) },
      );
    return redirect(`${basePath[kind]}/${id}?notice=variants`);
  }
  const values = {
    variantId: formText(form, "variantId", 90),
    reason: formText(form, "reason", 20),
    change: formText(form, "change", 20),
    note: formText(form, "note", 400),
  };
  const result = await adjustStock(context.db, user, { kind, itemId: id, variantId: values.variantId }, values);
  if (!result.ok && result.code === "not-found") throw data(null, { status: 404 });
  if (!result.ok)
    return data<StockAnswer>({ stockForm: "adjust", errors: result.fieldErrors ?? {}, values }, { status: 400 });
  return redirect(`${basePath[kind]}/${id}?notice=stock`);
}

import { data, redirect } from "react-router";
import type { ShopContext } from "~/context";
import { formText } from "~/lib/form-data";
import type { SessionUser } from "~/modules/accounts/accounts";
import type { Variant } from "~/modules/catalog/variants";
import { listItemVariants } from "~/modules/catalog/variants.service.server";
import { adjustStock, stockHistory, type StockMovement } from "~/modules/stock/stock.service.server";
import type { CatalogKind } from "./catalog-admin";

const basePath = { device: "/admin/products", flavour: "/admin/flavours" } as const;

export type StockPanelData = { variants: Variant[]; history: StockMovement[] };
export type StockAdjustAnswer = { stockErrors: Record<string, string>; stockValues: Record<string, string> };

/** The edit page's stock panel: every variant with its stock now, and the history (staff only, like the page). */
export async function stockPanel(
  context: ShopContext,
  user: SessionUser,
  kind: CatalogKind,
  item: { id: string; priceCents: number },
): Promise<StockPanelData> {
  return {
    variants: await listItemVariants(context.db, kind, item.id, item.priceCents),
    history: await stockHistory(context.db, user, { kind, itemId: item.id }),
  };
}

/** The quick adjustment's post: recorded and back to the page with a notice, or the form again with its messages. */
export async function adjustStockAction(
  context: ShopContext,
  user: SessionUser,
  kind: CatalogKind,
  id: string,
  form: FormData,
) {
  const values = {
    variantId: formText(form, "variantId", 90),
    reason: formText(form, "reason", 20),
    change: formText(form, "change", 20),
    note: formText(form, "note", 400),
  };
  const result = await adjustStock(context.db, user, { kind, itemId: id, variantId: values.variantId }, values);
  if (!result.ok && result.status === 404) throw data(null, { status: 404 });
  if (!result.ok)
    return data<StockAdjustAnswer>({ stockErrors: result.fieldErrors ?? {}, stockValues: values }, { status: 400 });
  return redirect(`${basePath[kind]}/${id}?notice=stock`);
}

import { data } from "react-router";
import { EditHeader } from "~/components/admin/catalog/edit-header";
import { ItemForm } from "~/components/admin/catalog/item-form";
import { pageMeta } from "~/lib/meta";
import { catalogKindOf, catalogNotice } from "~/modules/admin/catalog/catalog-admin-list";
import { archiveAction, restoreAction, itemFormAction } from "~/modules/admin/catalog/catalog-admin.action.server";
import { getItemEditor, listDeviceChoices } from "~/modules/admin/catalog/catalog-admin.service.server";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { can } from "~/modules/accounts/permissions";
import {
  isStockIntent,
  stockAction,
  stockPanel,
  type StockAnswer,
} from "~/modules/admin/catalog/stock-admin.action.server";
import { ItemStock } from "~/components/admin/catalog/stock-panel";
import type { Route } from "./+types/catalog-item";
import { readForm } from "~/lib/form-data.server";
import { listPriceHistory } from "~/modules/catalog/price-history.service.server";
import { PriceHistory } from "~/components/admin/catalog/price-history";

// A device's edit page (/admin/products/:id) or a flavour's (/admin/flavours/:id): one module, the kind from the address.

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) =>
  data
    ? pageMeta(matches, `Edit ${data.item.name}`, `Back office: edit a ${data.kind}.`)
    : [{ title: "Page not found" }];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = await requireStaff(context, request, "catalogue.edit");
  const kind = catalogKindOf(request.url);
  const item = await getItemEditor(context.db, kind, params.id);
  if (!item) throw data(null, { status: 404 });
  const devices = item.device ? await listDeviceChoices(context.db, item.device.id) : [];
  const query = new URL(request.url).searchParams;
  const notice = catalogNotice(kind, query.get("notice"));
  const stock = await stockPanel(context, user, kind, item, query.get("variant"));
  const prices = await listPriceHistory(context.db, kind, item.id);
  const pricesLocked = !can(user, "prices.edit");
  return { kind, item, stock, devices, prices, notice, pricesLocked, maxUploadBytes: context.config.UPLOAD_MAX_BYTES };
}

/** Save changes (and image buttons), Archive / Restore, or the stock part: Save variants, Adjust stock. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const user = await requireStaff(context, request, "catalogue.edit");
  const kind = catalogKindOf(request.url);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "archive") return archiveAction(context, user, kind, params.id);
  if (intent === "restore")
    return restoreAction(
      context,
      user,
      kind,
      params.id,
      async () => (await getItemEditor(context.db, kind, params.id))?.values,
    );
  if (!(await getItemEditor(context.db, kind, params.id))) throw data(null, { status: 404 });
  // The quick adjustment is a stock change; the variant grid checks stock.edit and prices.edit for what it changes.
  if (intent === "adjust-stock") await requireStaff(context, request, "stock.edit");
  if (isStockIntent(intent)) return stockAction(context, user, kind, params.id, intent, form);
  return itemFormAction(context, user, kind, params.id, form);
}

type FormAnswer = Exclude<Route.ComponentProps["actionData"], StockAnswer | undefined>;

export default function AdminCatalogItem({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, item, stock, devices, prices, notice, pricesLocked, maxUploadBytes } = loaderData;
  const hiddenBy = item.device?.archived
    ? `Its device, ${item.device.name ?? "unknown"}, is archived, so this flavour is not shown in the shop until the device is restored or another device is chosen.`
    : null;
  const stockAnswer = actionData && "stockForm" in actionData ? actionData : undefined;
  const formAnswer = actionData && !("stockForm" in actionData) ? (actionData as FormAnswer) : undefined;
  return (
    <div className="max-w-3xl space-y-6">
      <EditHeader
        kind={kind}
        id={item.id}
        name={item.name}
        archived={item.archived}
        notice={formAnswer ? null : notice}
        hiddenBy={hiddenBy}
      />
      <ItemForm
        key={formAnswer?.formKey ?? `${item.id}-${item.updatedAt}`}
        kind={kind}
        isNew={false}
        values={formAnswer?.values ?? item.values}
        errors={formAnswer?.errors ?? {}}
        devices={devices}
        formError={formAnswer?.formError}
        notice={formAnswer?.notice}
        maxUploadBytes={maxUploadBytes}
        pricesLocked={pricesLocked}
      />
      <PriceHistory entries={prices} />
      <ItemStock panel={stock} answer={stockAnswer} />
    </div>
  );
}

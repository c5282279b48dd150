import { data } from "react-router";
import { DeviceForm } from "~/components/admin/catalog/device-form";
import { EditHeader } from "~/components/admin/catalog/edit-header";
import { pageMeta } from "~/lib/meta";
import { catalogNotice } from "~/modules/admin/catalog/catalog-admin-list";
import { archiveAction, restoreAction, deviceFormAction } from "~/modules/admin/catalog/catalog-admin.action.server";
import { getDeviceEditor } from "~/modules/admin/catalog/catalog-editors.server";
import { requireStaff } from "~/modules/accounts/session.service.server";
import {
  isStockIntent,
  stockAction,
  stockPanel,
  type StockAnswer,
} from "~/modules/admin/catalog/stock-admin.action.server";
import { ItemStock } from "~/components/admin/catalog/stock-panel";
import type { Route } from "./+types/product";
import { readForm } from "~/lib/form-data.server";
import { listPriceHistory } from "~/modules/catalog/price-history.service.server";
import { PriceHistory } from "~/components/admin/catalog/price-history";

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) =>
  data ? pageMeta(matches, `Edit ${data.device.name}`, "Back office: edit a device.") : [{ title: "Page not found" }];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = await requireStaff(context, request);
  const device = await getDeviceEditor(context.db, params.id);
  if (!device) throw data(null, { status: 404 });
  const query = new URL(request.url).searchParams;
  const notice = catalogNotice("device", query.get("notice"));
  const stock = await stockPanel(context, user, "device", device, query.get("variant"));
  const prices = await listPriceHistory(context.db, "device", device.id);
  return { device, stock, prices, notice, maxUploadBytes: context.config.UPLOAD_MAX_BYTES };
}

/** Save changes (and image buttons), Archive / Restore, or the stock part: Save variants, Adjust stock. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const user = await requireStaff(context, request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "archive") return archiveAction(context, user, "device", params.id);
  if (intent === "restore")
    return restoreAction(
      context,
      user,
      "device",
      params.id,
      async () => (await getDeviceEditor(context.db, params.id))?.values,
    );
  if (!(await getDeviceEditor(context.db, params.id))) throw data(null, { status: 404 });
  if (isStockIntent(intent)) return stockAction(context, user, "device", params.id, intent, form);
  return deviceFormAction(context, user, params.id, form);
}

type FormAnswer = Exclude<Route.ComponentProps["actionData"], StockAnswer | undefined>;

export default function AdminProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { device, stock, prices, notice, maxUploadBytes } = loaderData;
  const stockAnswer = actionData && "stockForm" in actionData ? actionData : undefined;
  const formAnswer = actionData && !("stockForm" in actionData) ? (actionData as FormAnswer) : undefined;
  return (
    <div className="max-w-3xl space-y-6">
      <EditHeader
        kind="device"
        id={device.id}
        name={device.name}
        archived={device.archived}
        notice={formAnswer ? null : notice}
      />
      <DeviceForm
        key={formAnswer?.formKey ?? `${device.id}-${device.updatedAt}`}
        isNew={false}
        values={formAnswer?.values ?? device.values}
        errors={formAnswer?.errors ?? {}}
        formError={formAnswer?.formError}
        notice={formAnswer?.notice}
        maxUploadBytes={maxUploadBytes}
      />
      <PriceHistory entries={prices} />
      <ItemStock panel={stock} answer={stockAnswer} />
    </div>
  );
}

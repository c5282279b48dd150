import { data } from "react-router";
import { EditHeader } from "~/components/admin/catalog/edit-header";
import { FlavourForm } from "~/components/admin/catalog/flavour-form";
import { pageMeta } from "~/lib/meta";
import { catalogNotice } from "~/modules/admin/catalog/catalog-admin-list";
import { archiveAction, restoreAction, flavourFormAction } from "~/modules/admin/catalog/catalog-admin.action.server";
import { getFlavourEditor, listDeviceChoices } from "~/modules/admin/catalog/catalog-editors.server";
import { requireStaff } from "~/modules/accounts/session.service.server";
import {
  isStockIntent,
  stockAction,
  stockPanel,
  type StockAnswer,
} from "~/modules/admin/catalog/stock-admin.action.server";
import { ItemStock } from "~/components/admin/catalog/stock-panel";
import type { Route } from "./+types/flavour";
import { readForm } from "~/lib/form-data.server";
import { listPriceHistory } from "~/modules/catalog/price-history.service.server";
import { PriceHistory } from "~/components/admin/catalog/price-history";

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) =>
  data ? pageMeta(matches, `Edit ${data.flavour.name}`, "Back office: edit a flavour.") : [{ title: "Page not found" }];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = await requireStaff(context, request);
  const flavour = await getFlavourEditor(context.db, params.id);
  if (!flavour) throw data(null, { status: 404 });
  const devices = await listDeviceChoices(context.db, flavour.device.id);
  const query = new URL(request.url).searchParams;
  const notice = catalogNotice("flavour", query.get("notice"));
  const stock = await stockPanel(context, user, "flavour", flavour, query.get("variant"));
  const prices = await listPriceHistory(context.db, "flavour", flavour.id);
  return { flavour, stock, devices, prices, notice, maxUploadBytes: context.config.UPLOAD_MAX_BYTES };
}

/** Save changes (and image buttons), Archive / Restore, or the stock part: Save variants, Adjust stock. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const user = await requireStaff(context, request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "archive") return archiveAction(context, user, "flavour", params.id);
  if (intent === "restore")
    return restoreAction(
      context,
      user,
      "flavour",
      params.id,
      async () => (await getFlavourEditor(context.db, params.id))?.values,
    );
  if (!(await getFlavourEditor(context.db, params.id))) throw data(null, { status: 404 });
  if (isStockIntent(intent)) return stockAction(context, user, "flavour", params.id, intent, form);
  return flavourFormAction(context, user, params.id, form);
}

type FormAnswer = Exclude<Route.ComponentProps["actionData"], StockAnswer | undefined>;

export default function AdminFlavour({ loaderData, actionData }: Route.ComponentProps) {
  const { flavour, stock, devices, prices, notice, maxUploadBytes } = loaderData;
  const hiddenBy = flavour.device.archived
    ? `Its device, ${flavour.device.name ?? "unknown"}, is archived, so this flavour is not shown in the shop until the device is restored or another device is chosen.`
    : null;
  const stockAnswer = actionData && "stockForm" in actionData ? actionData : undefined;
  const formAnswer = actionData && !("stockForm" in actionData) ? (actionData as FormAnswer) : undefined;
  return (
    <div className="max-w-3xl space-y-6">
      <EditHeader
        kind="flavour"
        id={flavour.id}
        name={flavour.name}
        archived={flavour.archived}
        notice={formAnswer ? null : notice}
        hiddenBy={hiddenBy}
      />
      <FlavourForm
        key={formAnswer?.formKey ?? `${flavour.id}-${flavour.updatedAt}`}
        isNew={false}
        values={formAnswer?.values ?? flavour.values}
        errors={formAnswer?.errors ?? {}}
        devices={devices}
        formError={formAnswer?.formError}
        notice={formAnswer?.notice}
        maxUploadBytes={maxUploadBytes}
      />
      <PriceHistory entries={prices} />
      <ItemStock panel={stock} answer={stockAnswer} />
    </div>
  );
}

import { Link } from "~/components/ui/link";
import { ItemForm } from "~/components/admin/catalog/item-form";
import { pageMeta } from "~/lib/meta";
import { emptyDeviceValues, emptyFlavourValues } from "~/modules/admin/catalog/catalog-admin-form";
import { catalogKindOf, catalogPaths } from "~/modules/admin/catalog/catalog-admin-list";
import { itemFormAction } from "~/modules/admin/catalog/catalog-admin.action.server";
import { listDeviceChoices } from "~/modules/admin/catalog/catalog-admin.service.server";
import { requireStaff } from "~/modules/accounts/session.service.server";
import type { Route } from "./+types/catalog-item-new";
import { readForm } from "~/lib/form-data.server";

// A new device (/admin/products/new) or flavour (/admin/flavours/new): one module, the kind from the address.

const words = {
  device: { title: "New device", description: "Back office: add a device.", all: "All devices" },
  flavour: { title: "New flavour", description: "Back office: add a flavour.", all: "All flavours" },
} as const;

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const w = words[catalogKindOf(location.pathname)];
  return pageMeta(matches, w.title, w.description);
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request, "catalogue.edit");
  const kind = catalogKindOf(request.url);
  const maxUploadBytes = context.config.UPLOAD_MAX_BYTES;
  if (kind === "device") return { kind, values: emptyDeviceValues(), devices: [], maxUploadBytes };
  const devices = await listDeviceChoices(context.db);
  return { kind, values: emptyFlavourValues(), devices, maxUploadBytes };
}

/** Creates the item and goes to its edit page ("Device created."); a refusal shows the form again as typed. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(context, request, "catalogue.edit");
  return itemFormAction(context, user, catalogKindOf(request.url), null, await readForm(request));
}

export default function AdminCatalogItemNew({ loaderData, actionData }: Route.ComponentProps) {
  const { kind } = loaderData;
  return (
    <div className="max-w-3xl space-y-4">
      <Link to={catalogPaths[kind]} className="text-sm text-brand-700 hover:underline">
        {words[kind].all}
      </Link>
      <h1 className="text-2xl font-bold">{words[kind].title}</h1>
      <ItemForm
        key={actionData?.formKey ?? "new"}
        kind={kind}
        isNew
        values={actionData?.values ?? loaderData.values}
        errors={actionData?.errors ?? {}}
        devices={loaderData.devices}
        formError={actionData?.formError}
        notice={actionData?.notice}
        maxUploadBytes={loaderData.maxUploadBytes}
      />
    </div>
  );
}

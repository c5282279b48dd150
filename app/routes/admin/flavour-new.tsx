import { Link } from "~/components/ui/link";
import { FlavourForm } from "~/components/admin/catalog/flavour-form";
import { pageMeta } from "~/lib/meta";
import { emptyFlavourValues } from "~/modules/admin/catalog/catalog-admin-form";
import { flavourFormAction } from "~/modules/admin/catalog/catalog-admin.action.server";
import { listDeviceChoices } from "~/modules/admin/catalog/catalog-editors.server";
import { requireStaff } from "~/modules/accounts/session.service.server";
import type { Route } from "./+types/flavour-new";
import { readForm } from "~/lib/form-data.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "New flavour", "Back office: add a flavour.");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request);
  const devices = await listDeviceChoices(context.db);
  return { values: emptyFlavourValues(), devices, maxUploadBytes: context.config.UPLOAD_MAX_BYTES };
}

/** Creates the flavour and goes to its edit page ("Flavour created."); a refusal shows the form again as typed. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(context, request);
  return flavourFormAction(context, user, null, await readForm(request));
}

export default function AdminFlavourNew({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-3xl space-y-4">
      <Link to="/admin/flavours" className="text-sm text-brand-700 hover:underline">
        All flavours
      </Link>
      <h1 className="text-2xl font-bold">New flavour</h1>
      <FlavourForm
        key={actionData?.formKey ?? "new"}
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

import { Link } from "~/components/ui/link";
import { DeviceForm } from "~/components/admin/catalog/device-form";
import { pageMeta } from "~/lib/meta";
import { emptyDeviceValues } from "~/modules/admin/catalog/catalog-admin-form";
import { deviceFormAction } from "~/modules/admin/catalog/catalog-admin.action.server";
import { requireStaff } from "~/modules/accounts/session.service.server";
import type { Route } from "./+types/product-new";
import { readForm } from "~/lib/form-data.server";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "New device", "Back office: add a device.");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request);
  return { values: emptyDeviceValues(), maxUploadBytes: context.config.UPLOAD_MAX_BYTES };
}

/** Creates the device and goes to its edit page ("Device created."); a refusal shows the form again as typed. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaff(context, request);
  return deviceFormAction(context, user, null, await readForm(request));
}

export default function AdminProductNew({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-3xl space-y-4">
      <Link to="/admin/products" className="text-sm text-brand-700 hover:underline">
        All devices
      </Link>
      <h1 className="text-2xl font-bold">New device</h1>
      <DeviceForm
        key={actionData?.formKey ?? "new"}
        isNew
        values={actionData?.values ?? loaderData.values}
        errors={actionData?.errors ?? {}}
        formError={actionData?.formError}
        notice={actionData?.notice}
        maxUploadBytes={loaderData.maxUploadBytes}
      />
    </div>
  );
}

import { data } from "react-router";
import { DeviceForm } from "~/components/admin/catalog/device-form";
import { EditHeader } from "~/components/admin/catalog/edit-header";
import { pageMeta } from "~/lib/meta";
import { catalogNotice } from "~/modules/admin/catalog-admin";
import { archiveAction, deviceFormAction } from "~/modules/admin/catalog-admin.action.server";
import { getDeviceEditor } from "~/modules/admin/catalog-admin.server";
import { requireStaff } from "~/modules/admin/guard.server";
import type { Route } from "./+types/product";

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? pageMeta(matches, `Edit ${data.device.name}`, "Back office: edit a device.") : [{ title: "Page not found" }];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requireStaff(context, request);
  const device = await getDeviceEditor(context.db, params.id);
  if (!device) throw data(null, { status: 404 });
  const notice = catalogNotice("device", new URL(request.url).searchParams.get("notice"));
  return { device, notice, maxUploadBytes: context.config.UPLOAD_MAX_BYTES };
}

/** Save changes (and image buttons), or Archive / Restore. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const user = await requireStaff(context, request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "archive" || intent === "restore") return archiveAction(context, user, "device", params.id, intent === "archive");
  if (!(await getDeviceEditor(context.db, params.id))) throw data(null, { status: 404 });
  return deviceFormAction(context, user, params.id, form);
}

export default function AdminProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { device, notice, maxUploadBytes } = loaderData;
  return (
    <div className="max-w-3xl space-y-6">
      <EditHeader kind="device" id={device.id} name={device.name} archived={device.archived} notice={actionData ? null : notice} />
      <DeviceForm key={actionData?.formKey ?? `${device.id}-${device.updatedAt}`} isNew={false} values={actionData?.values ?? device.values}
        errors={actionData?.errors ?? {}} formError={actionData?.formError} notice={actionData?.notice} maxUploadBytes={maxUploadBytes} />
    </div>
  );
}

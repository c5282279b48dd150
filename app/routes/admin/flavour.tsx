import { data } from "react-router";
import { EditHeader } from "~/components/admin/catalog/edit-header";
import { FlavourForm } from "~/components/admin/catalog/flavour-form";
import { pageMeta } from "~/lib/meta";
import { catalogNotice } from "~/modules/admin/catalog-admin";
import { archiveAction, flavourFormAction } from "~/modules/admin/catalog-admin.action.server";
import { getFlavourEditor, listDeviceChoices } from "~/modules/admin/catalog-admin.server";
import { requireStaff } from "~/modules/admin/guard.server";
import type { Route } from "./+types/flavour";

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? pageMeta(matches, `Edit ${data.flavour.name}`, "Back office: edit a flavour.") : [{ title: "Page not found" }];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requireStaff(context, request);
  const flavour = await getFlavourEditor(context.db, params.id);
  if (!flavour) throw data(null, { status: 404 });
  const devices = await listDeviceChoices(context.db, flavour.device.id);
  const notice = catalogNotice("flavour", new URL(request.url).searchParams.get("notice"));
  return { flavour, devices, notice, maxUploadBytes: context.config.UPLOAD_MAX_BYTES };
}

/** Save changes (and image buttons), or Archive / Restore. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const user = await requireStaff(context, request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "archive" || intent === "restore") return archiveAction(context, user, "flavour", params.id, intent === "archive");
  if (!(await getFlavourEditor(context.db, params.id))) throw data(null, { status: 404 });
  return flavourFormAction(context, user, params.id, form);
}

export default function AdminFlavour({ loaderData, actionData }: Route.ComponentProps) {
  const { flavour, devices, notice, maxUploadBytes } = loaderData;
  const hiddenBy = flavour.device.archived
    ? `Its device, ${flavour.device.name ?? "unknown"}, is archived, so this flavour is not shown in the shop until the device is restored or another device is chosen.`
    : null;
  return (
    <div className="max-w-3xl space-y-6">
      <EditHeader kind="flavour" id={flavour.id} name={flavour.name} archived={flavour.archived} notice={actionData ? null : notice} hiddenBy={hiddenBy} />
      <FlavourForm key={actionData?.formKey ?? `${flavour.id}-${flavour.updatedAt}`} isNew={false} values={actionData?.values ?? flavour.values}
        errors={actionData?.errors ?? {}} devices={devices} formError={actionData?.formError} notice={actionData?.notice} maxUploadBytes={maxUploadBytes} />
    </div>
  );
}

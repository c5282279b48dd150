import { data } from "react-router";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { uploadImageAction } from "~/modules/admin/catalog/uploads.action.server";
import { readForm } from "~/lib/form-data.server";
import type { Route } from "./+types/upload";

/** Not a page: staff get a 404, anybody else the back office's ordinary 404 (requireStaff). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request, "catalogue.edit");
  throw data(null, { status: 404 });
}

/** An image chosen on a catalogue or blog form, uploaded at once (ImageUploadAnswer). Staff only, like every action. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request, "catalogue.edit");
  return uploadImageAction(context, staff, await readForm(request));
}

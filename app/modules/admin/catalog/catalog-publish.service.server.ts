import type { Db } from "~/db/database.server";
import { failFields, fail, type Result } from "~/lib/result";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertStaff } from "~/modules/accounts/staff";
import {
  checkDevice,
  checkFlavour,
  type CatalogErrors,
  type CatalogKind,
  type DeviceField,
  type FlavourField,
} from "./catalog-admin";
import { publishMessages } from "./catalog-admin-publish";
import { getDeviceEditor, getFlavourEditor } from "./catalog-editors.server";
import { setDeviceArchived, setFlavourArchived } from "./catalog-admin-list.service.server";
import { deviceSaveErrors, flavourSaveErrors } from "./catalog-save-checks.service.server";

export type RestoreResult = Result<object, { fieldErrors?: CatalogErrors<DeviceField | FlavourField> }>;

/**
 * Shows an archived or draft item in the shop again, only if it may be published (the single-use vapes ban, the MHRA
 * number, a 'was' price the history supports); otherwise nothing changes and the answer says which fields.
 */
export async function restoreItem(
  db: Db,
  actor: SessionUser | null,
  kind: CatalogKind,
  id: string,
): Promise<RestoreResult> {
  assertStaff(actor);
  let errors: CatalogErrors<DeviceField | FlavourField>;
  if (kind === "device") {
    const editor = await getDeviceEditor(db, id);
    if (!editor) return fail("There is no such item.", 404);
    const checked = checkDevice(editor.values);
    errors = "errors" in checked ? checked.errors : await deviceSaveErrors(db, checked.input, { id, shown: true });
  } else {
    const editor = await getFlavourEditor(db, id);
    if (!editor) return fail("There is no such item.", 404);
    const checked = checkFlavour(editor.values);
    errors = "errors" in checked ? checked.errors : await flavourSaveErrors(db, checked.input, { shown: true });
  }
  if (Object.keys(errors).length > 0) return { ...failFields(errors), message: publishMessages.cannotPublish[kind] };
  const found =
    kind === "device" ? await setDeviceArchived(db, actor, id, false) : await setFlavourArchived(db, actor, id, false);
  return found ? { ok: true } : fail("There is no such item.", 404);
}

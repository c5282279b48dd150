/**
 * Publishing a catalogue item (showing it in the shop): only if it may be sold as it is (the form's own checks, the
 * single-use vapes ban, the MHRA number for anything with nicotine, a 'was' price the history supports, the liquid of
 * each variant of a flavour for the Vaping Products Duty record). One item from
 * its page (Restore), many drafts at once from the list, and the catalogue import's items (docs/decisions/069).
 */
import type { Db } from "~/db/database.server";
import { failFields, fail, type Result } from "~/lib/result";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertAllowed } from "~/modules/accounts/staff";
import { catalogIdSchema } from "~/modules/catalog/catalog.schema";
import {
  catalogMessages,
  checkDevice,
  checkFlavour,
  type CatalogErrors,
  type CatalogKind,
  type DeviceField,
  type DeviceValues,
  type FlavourField,
  type FlavourValues,
} from "./catalog-admin";
import { MAX_PUBLISH_AT_ONCE, publishMessages, publishReasons, type PublishMany } from "./catalog-admin-publish";

export type { PublishMany } from "./catalog-admin-publish";
import { getDeviceEditor, getFlavourEditor } from "./catalog-admin.service.server";
import { setDeviceArchived, setFlavourArchived } from "./catalog-admin-list.service.server";
import { deviceSaveErrors, flavourSaveErrors, type SoldVariantLiquid } from "./catalog-admin.service.server";

export type PublishErrors = CatalogErrors<DeviceField | FlavourField>;

export type RestoreResult = Result<object, { fieldErrors?: PublishErrors }>;

/**
 * What stops an item with these values being shown in the shop (`id`: the saved item's, null for one not saved yet):
 * the form's own checks and those a save adds, and an image (the form saves none without one; an imported item may
 * come without, its images on another site).
 */
export async function publishErrorsOf(
  db: Db,
  item: { kind: "device"; values: DeviceValues } | { kind: "flavour"; values: FlavourValues },
  id: string | null,
  sold?: SoldVariantLiquid[],
): Promise<PublishErrors> {
  let errors: PublishErrors;
  if (item.kind === "device") {
    const checked = checkDevice(item.values);
    errors = "errors" in checked ? checked.errors : await deviceSaveErrors(db, checked.input, { id, shown: true });
  } else {
    const checked = checkFlavour(item.values);
    errors =
      "errors" in checked ? checked.errors : await flavourSaveErrors(db, checked.input, { id, shown: true, sold });
  }
  return item.values.images.length > 0 ? errors : { ...errors, images: catalogMessages.imageRequired };
}

/** The item's name and what stops it being shown as it is saved; null for an unknown id. */
async function savedItemErrors(db: Db, kind: CatalogKind, id: string) {
  if (kind === "device") {
    const editor = await getDeviceEditor(db, id);
    if (!editor) return null;
    const errors = await publishErrorsOf(db, { kind, values: editor.values }, id);
    return { name: editor.name, archived: editor.archived, errors };
  }
  const editor = await getFlavourEditor(db, id);
  if (!editor) return null;
  const errors = await publishErrorsOf(db, { kind, values: editor.values }, id);
  return { name: editor.name, archived: editor.archived, errors };
}

const setArchived = (db: Db, actor: SessionUser, kind: CatalogKind, id: string, archived: boolean) =>
  kind === "device" ? setDeviceArchived(db, actor, id, archived) : setFlavourArchived(db, actor, id, archived);

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
  assertAllowed(actor, "catalogue.edit");
  const checked = await savedItemErrors(db, kind, id);
  if (!checked) return fail("not-found", "There is no such item.");
  if (Object.keys(checked.errors).length > 0)
    return { ...failFields(checked.errors), message: publishMessages.cannotPublish[kind] };
  const found = await setArchived(db, actor, kind, id, false);
  return found ? { ok: true } : fail("not-found", "There is no such item.");
}

/**
 * 'Publish selected' on a back-office list: each chosen draft (or archived item) that may be published is shown in the
 * shop, each in its own transaction; the others are listed with why, and stay hidden. Items already shown, and ids
 * that are no item, are left alone.
 */
export async function publishItems(
  db: Db,
  actor: SessionUser | null,
  kind: CatalogKind,
  ids: string[],
): Promise<PublishMany> {
  assertAllowed(actor, "catalogue.edit");
  const answer: PublishMany = { published: [], refused: [] };
  const chosen = [...new Set(ids)].filter((id) => catalogIdSchema.safeParse(id).success).slice(0, MAX_PUBLISH_AT_ONCE);
  for (const id of chosen) {
    const checked = await savedItemErrors(db, kind, id);
    if (!checked || !checked.archived) continue;
    if (Object.keys(checked.errors).length > 0) {
      answer.refused.push({ id, name: checked.name, reasons: publishReasons(checked.errors) });
      continue;
    }
    if (await setArchived(db, actor, kind, id, false)) answer.published.push({ id, name: checked.name });
  }
  return answer;
}

import { data, redirect } from "react-router";
import type { ShopContext } from "~/context";
import { newId } from "~/lib/ids.server";
import type { SessionUser } from "~/modules/accounts/accounts";
import {
  catalogMessages,
  MAX_IMAGES,
  type CatalogErrors,
  type CatalogKind,
  type DeviceField,
  type DeviceValues,
  type FlavourField,
  type FlavourValues,
} from "./catalog-admin";
import { applyImageIntent, deviceValues, flavourValues, parseIntent } from "./catalog-admin-form";
import { saveItem, type SaveOptions, type SaveResult } from "./catalog-admin.service.server";
import { publishItems, restoreItem, type PublishMany } from "./catalog-publish.service.server";
import { setDeviceArchived, setFlavourArchived } from "./catalog-admin-list.service.server";
import { catalogPaths } from "./catalog-admin-list";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { fail } from "~/lib/result";
import { storeImage, uploadMessages } from "./uploads.service.server";

/** What a catalogue form shows after a post that did not end in a redirect: what was typed, and why it was not saved. */
export type CatalogFormResult<V, F extends string> = {
  values: V;
  errors: CatalogErrors<F>;
  /** Above the form: why nothing was saved, or that image changes still need saving. */
  formError: string | null;
  notice: string | null;
  /** New for every answer, so the form (and its file input) starts afresh from these values. */
  formKey: string;
};

const basePath = catalogPaths;

/**
 * The create and edit forms' action: an attached image is stored (checked by content) and added to the list, the
 * image buttons move or remove one, and the save button saves everything. Only a save writes to the catalogue; the
 * other buttons show the form again with the new image list.
 */
async function runCatalogForm<V extends { images: string[] }, F extends string>(
  context: ShopContext,
  actor: SessionUser,
  kind: CatalogKind,
  form: FormData,
  values: V,
  save: (values: V, options: SaveOptions) => Promise<SaveResult<F>>,
  isNew: boolean,
) {
  assertAllowed(actor, "catalogue.edit");
  const intent = parseIntent(form.get("intent"));
  const errors: CatalogErrors<F> = {};
  let images = values.images;
  const file = form.get("image");
  if (file instanceof File && file.size > 0) {
    if (images.length >= MAX_IMAGES) errors.image = catalogMessages.tooManyImages;
    else {
      const stored = await storeImage(
        context.db,
        {
          dir: context.config.UPLOAD_DIR,
          maxBytes: context.config.UPLOAD_MAX_BYTES,
          uploadedBy: actor.id,
          actor: auditActorOf(actor),
        },
        file,
      );
      if (stored.ok) images = images.includes(stored.url) ? images : [...images, stored.url];
      else errors.image = stored.message;
    }
  } else if (intent.kind === "upload") errors.image = uploadMessages.missing;
  if (intent.kind === "image") images = applyImageIntent(images, intent.op, intent.index);
  const next = { ...values, images };
  const answer = (result: Omit<CatalogFormResult<V, F>, "values" | "formKey">, status: number) =>
    data({ ...result, values: next, formKey: newId(8) } satisfies CatalogFormResult<V, F>, { status });

  if (errors.image) return answer({ errors, formError: catalogMessages.invalid, notice: null }, 400);
  if (intent.kind !== "save") return answer({ errors, formError: null, notice: catalogMessages.imagesPending }, 200);
  const draft = isNew && intent.draft;
  const saved = await save(next, { draft });
  if (saved.ok)
    return redirect(`${basePath[kind]}/${saved.id}?notice=${draft ? "draft" : isNew ? "created" : "saved"}`);
  if (saved.code === "not-found") throw data(null, { status: 404 });
  if (saved.code === "not-allowed") throw data(fail("not-allowed", saved.message), { status: 403 });
  return answer({ errors: saved.fieldErrors ?? {}, formError: catalogMessages.invalid, notice: null }, 400);
}

/** The create or edit form of a device or flavour (id null: create), posted. */
export function itemFormAction(
  context: ShopContext,
  actor: SessionUser,
  kind: CatalogKind,
  id: string | null,
  form: FormData,
) {
  return kind === "device"
    ? runCatalogForm<DeviceValues, DeviceField>(
        context,
        actor,
        kind,
        form,
        deviceValues(form),
        (v, options) => saveItem(context.db, actor, kind, id, v, options),
        id === null,
      )
    : runCatalogForm<FlavourValues, FlavourField>(
        context,
        actor,
        kind,
        form,
        flavourValues(form),
        (v, options) => saveItem(context.db, actor, kind, id, v, options),
        id === null,
      );
}

/** The edit page's Archive button (hides the item from the shop); an unknown id is a 404. */
export async function archiveAction(context: ShopContext, actor: SessionUser, kind: CatalogKind, id: string) {
  const found =
    kind === "device"
      ? await setDeviceArchived(context.db, actor, id, true)
      : await setFlavourArchived(context.db, actor, id, true);
  if (!found) throw data(null, { status: 404 });
  return redirect(`${basePath[kind]}/${id}?notice=archived`);
}

/**
 * The edit page's Restore button: shows the item in the shop again, or, when it may not be published (single-use
 * vapes ban, MHRA number, 'was' price), shows the form with the reasons under the fields and changes nothing.
 */
export async function restoreAction<V>(
  context: ShopContext,
  actor: SessionUser,
  kind: CatalogKind,
  id: string,
  valuesNow: () => Promise<V | undefined>,
) {
  const restored = await restoreItem(context.db, actor, kind, id);
  if (restored.ok) return redirect(`${basePath[kind]}/${id}?notice=restored`);
  const values = restored.code === "not-found" ? undefined : await valuesNow();
  if (values === undefined) throw data(null, { status: 404 });
  const answer = {
    values,
    errors: (restored.fieldErrors ?? {}) as CatalogErrors<string>,
    formError: restored.message,
    notice: null,
    formKey: newId(8),
  } satisfies CatalogFormResult<V, string>;
  return data(answer, { status: 400 });
}

/** A list's 'Publish selected': the ticked drafts that may be shown are published, the others listed with why. */
export async function publishSelectedAction(
  context: ShopContext,
  actor: SessionUser,
  kind: CatalogKind,
  form: FormData,
): Promise<PublishMany> {
  const ids = form.getAll("id").filter((id): id is string => typeof id === "string");
  return publishItems(context.db, actor, kind, ids);
}

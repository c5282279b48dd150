import { itemTables } from "~/db/values";
import { fail, failFields, type Result } from "~/lib/result";
import { isUniqueViolation } from "~/db/errors.server";
import { bumpStorefrontVersion } from "~/db/content-version.server";
import type { Db } from "~/db/database.server";
import { newId } from "~/lib/ids.server";
import { slugify } from "~/lib/slug";
import type { SessionUser } from "~/modules/accounts/accounts";
import { toJsonText } from "~/db/json-text";
import { catalogIdSchema } from "~/modules/catalog/catalog.schema";
import { syncVariants } from "~/modules/catalog/variants.service.server";
import { deviceCombinations, flavourCombinations } from "~/modules/catalog/variants";
import {
  catalogMessages,
  checkDevice,
  checkFlavour,
  limits,
  MAX_IMAGES,
  type CatalogErrors,
  type CatalogKind,
  type DeviceField,
  type DeviceValues,
  type FlavourField,
  type FlavourValues,
} from "./catalog-admin";
import * as repo from "./catalog-admin.repository.server";
import { getDeviceEditor, getFlavourEditor } from "./catalog-editors.server";
import { assertStaff } from "~/modules/accounts/staff";
import { UPLOAD_URL } from "./uploads.service.server";
import { deviceSaveErrors, flavourSaveErrors } from "./catalog-save-checks.service.server";
import { recordPrice } from "~/modules/catalog/price-history.service.server";

export type SaveResult<F extends string> = Result<{ id: string }, { fieldErrors?: CatalogErrors<F> }>;
/**
 * draft: a new item saved hidden from the shop, which may lack what publishing needs (the single-use vapes ban's
 * answers, the MHRA number). An archived item stays hidden when saved, so it is checked as a draft too.
 */
export type SaveOptions = { draft?: boolean };
const notFound = fail("not-found", "There is no such item.");

// ---------- checks the server adds to the form's own ----------

/**
 * The image list as sent by the form: only this item's own images and images uploaded here are accepted (never an
 * address typed in by hand); at least one, at most MAX_IMAGES, each once.
 */
async function checkImages(
  db: Db,
  images: string[],
  current: string[],
): Promise<{ images: string[] } | { error: string }> {
  const unique = [...new Set(images)];
  if (unique.length === 0) return { error: catalogMessages.imageRequired };
  if (unique.length > MAX_IMAGES) return { error: catalogMessages.tooManyImages };
  const uploads = unique.filter((url) => !current.includes(url));
  if (uploads.some((url) => !UPLOAD_URL.test(url))) return { error: catalogMessages.imageUnknown };
  const known = await repo.knownUploads(
    db,
    uploads.map((url) => url.slice("/uploads/".length)),
  );
  if (uploads.some((url) => !known.has(url.slice("/uploads/".length)))) return { error: catalogMessages.imageUnknown };
  return { images: unique };
}

/** A typed slug must be free; an empty one is made from the name, with -2, -3… added until it is free. */
async function resolveSlug(
  db: Db,
  kind: CatalogKind,
  typed: string,
  name: string,
  ownId: string | null,
): Promise<{ slug: string } | { error: string }> {
  const free = async (slug: string) => {
    const owner = await repo.slugOwner(db, itemTables[kind], slug);
    return owner === null || owner === ownId;
  };
  if (typed) return (await free(typed)) ? { slug: typed } : { error: catalogMessages.slugTaken[kind] };
  const base = slugify(name, { max: limits.slug - 4, fallback: kind }); // room for "-2"…"-20"
  for (let n = 1; n <= 20; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (await free(candidate)) return { slug: candidate };
  }
  return { slug: `${base}-${newId(6)}` };
}

/** The lists of choices a saved form shows (one per line), as the variants' combinations read them. */
const numbersOf = (text: string) => text.split("\n").filter(Boolean).map(Number);
const listsOf = (values: DeviceValues) => ({
  flavours: values.flavours.split("\n").filter(Boolean),
  nicotineStrengths: numbersOf(values.nicotineStrengths),
  puffCounts: numbersOf(values.puffCounts),
});

// ---------- writes: staff only, each in one transaction that also drops cached storefront pages ----------

/** Creates a device (id null) or saves one; nothing is written unless every field, the slug and the images are right. */
export async function saveDevice(
  db: Db,
  actor: SessionUser | null,
  id: string | null,
  values: DeviceValues,
  options: SaveOptions = {},
): Promise<SaveResult<DeviceField>> {
  assertStaff(actor);
  const current = id === null ? null : await getDeviceEditor(db, id);
  if (id !== null && !current) return notFound;
  const shown = current ? !current.archived : !options.draft;
  const checked = checkDevice(values);
  const errors: CatalogErrors<DeviceField> =
    "errors" in checked ? { ...checked.errors } : await deviceSaveErrors(db, checked.input, { id, shown });
  const images = await checkImages(db, values.images, current?.values.images ?? []);
  if ("error" in images) errors.images = images.error;
  const slug = "input" in checked ? await resolveSlug(db, "device", checked.input.slug, checked.input.name, id) : null;
  if (slug && "error" in slug) errors.slug = slug.error;
  if (!("input" in checked) || !slug || !("slug" in slug) || !("images" in images) || Object.keys(errors).length > 0)
    return failFields(errors);
  const input = checked.input;
  const at = new Date();
  const now = at.toISOString();
  const combinations = {
    before: current ? deviceCombinations(listsOf(current.values)) : [],
    after: deviceCombinations(input),
  };
  const row = {
    slug: slug.slug,
    name: input.name,
    description: input.description,
    images: toJsonText(images.images),
    price_cents: input.price,
    original_price_cents: input.originalPrice,
    flavours: toJsonText(input.flavours),
    nicotine_strengths: toJsonText(input.nicotineStrengths),
    puff_counts: toJsonText(input.puffCounts),
    features: toJsonText(input.features),
    details_description: input.detailsDescription,
    specifications: toJsonText(input.specifications),
    nicotine_mg_ml: input.nicotineMgMl,
    pod_ml: input.podMl,
    mhra_ecid: input.mhraEcid,
    rechargeable: input.rechargeable ? 1 : 0,
    refill: input.refill,
    featured: input.featured ? 1 : 0,
    updated_at: now,
  };
  try {
    const savedId = await db.transaction().execute(async (trx) => {
      const position = input.position ?? (await repo.nextDevicePosition(trx));
      if (id === null) {
        const newDeviceId = newId();
        await repo.insertDevice(trx, {
          ...row,
          id: newDeviceId,
          position,
          archived: shown ? 0 : 1,
          created_at: now,
        });
        await syncVariants(trx, { kind: "device", id: newDeviceId, slug: slug.slug }, combinations, now);
        await recordPrice(trx, { kind: "device", id: newDeviceId }, input.price, actor.id, at);
        await bumpStorefrontVersion(trx);
        return newDeviceId;
      }
      if (!(await repo.updateDevice(trx, id, { ...row, position }))) return null;
      await syncVariants(trx, { kind: "device", id, slug: slug.slug }, combinations, now);
      await recordPrice(trx, { kind: "device", id }, input.price, actor.id, at);
      await bumpStorefrontVersion(trx);
      return id;
    });
    return savedId ? { ok: true, id: savedId } : notFound;
  } catch (error) {
    if (isUniqueViolation(error)) return failFields({ slug: catalogMessages.slugTaken.device });
    throw error;
  }
}

/** Creates a flavour (id null) or saves one; its device must be on sale (or already be its device). */
export async function saveFlavour(
  db: Db,
  actor: SessionUser | null,
  id: string | null,
  values: FlavourValues,
  options: SaveOptions = {},
): Promise<SaveResult<FlavourField>> {
  assertStaff(actor);
  const current = id === null ? null : await getFlavourEditor(db, id);
  if (id !== null && !current) return notFound;
  const shown = current ? !current.archived : !options.draft;
  const checked = checkFlavour(values);
  const errors: CatalogErrors<FlavourField> =
    "errors" in checked ? { ...checked.errors } : await flavourSaveErrors(db, checked.input, { shown });
  const images = await checkImages(db, values.images, current?.values.images ?? []);
  if ("error" in images) errors.images = images.error;
  const deviceId = values.deviceId.trim();
  if (deviceId && !errors.deviceId) {
    const device = catalogIdSchema.safeParse(deviceId).success ? await repo.findDevice(db, deviceId) : undefined;
    const allowed = device && (Number(device.archived) === 0 || current?.device.id === device.id);
    if (!allowed) errors.deviceId = catalogMessages.deviceUnknown;
  }
  const slug = "input" in checked ? await resolveSlug(db, "flavour", checked.input.slug, checked.input.name, id) : null;
  if (slug && "error" in slug) errors.slug = slug.error;
  if (!("input" in checked) || !slug || !("slug" in slug) || !("images" in images) || Object.keys(errors).length > 0)
    return failFields(errors);
  const input = checked.input;
  const at = new Date();
  const now = at.toISOString();
  const combinations = {
    before: current ? flavourCombinations(numbersOf(current.values.sizes)) : [],
    after: flavourCombinations(input.sizes),
  };
  const row = {
    slug: slug.slug,
    name: input.name,
    description: input.description,
    images: toJsonText(images.images),
    price_cents: input.price,
    sizes: toJsonText(input.sizes),
    device_id: input.deviceId,
    nicotine_mg_ml: input.nicotineMgMl,
    pod_ml: input.podMl,
    bottle_ml: input.bottleMl,
    mhra_ecid: input.mhraEcid,
    updated_at: now,
  };
  try {
    const savedId = await db.transaction().execute(async (trx) => {
      if (id === null) {
        const newFlavourId = newId();
        await repo.insertFlavour(trx, {
          ...row,
          id: newFlavourId,
          archived: shown ? 0 : 1,
          created_at: now,
        });
        await syncVariants(trx, { kind: "flavour", id: newFlavourId, slug: slug.slug }, combinations, now);
        await recordPrice(trx, { kind: "flavour", id: newFlavourId }, input.price, actor.id, at);
        await bumpStorefrontVersion(trx);
        return newFlavourId;
      }
      if (!(await repo.updateFlavour(trx, id, row))) return null;
      await syncVariants(trx, { kind: "flavour", id, slug: slug.slug }, combinations, now);
      await recordPrice(trx, { kind: "flavour", id }, input.price, actor.id, at);
      await bumpStorefrontVersion(trx);
      return id;
    });
    return savedId ? { ok: true, id: savedId } : notFound;
  } catch (error) {
    if (isUniqueViolation(error)) return failFields({ slug: catalogMessages.slugTaken.flavour });
    throw error;
  }
}

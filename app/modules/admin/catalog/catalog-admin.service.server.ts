/**
 * The back office's device and flavour pages: what an edit page shows of one item, the flavour form's choice of device,
 * and the save of either form (one save for both kinds, what differs by kind in `kinds`).
 */
import type { Insertable, Updateable } from "kysely";
import { bumpStorefrontVersion } from "~/db/content-version.server";
import type { Db } from "~/db/database.server";
import { isUniqueViolation } from "~/db/errors.server";
import { toJsonText } from "~/db/json-text";
import type { DevicesTable, FlavoursTable } from "~/db/schema";
import { itemTables } from "~/db/values";
import { newId } from "~/lib/ids.server";
import { fail, failFields, type Failure, type FieldErrors, type Result } from "~/lib/result";
import { slugify } from "~/lib/slug";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { can, forbiddenMessage } from "~/modules/accounts/permissions";
import { changesOf } from "~/modules/audit/audit";
import { recordAudit, recordRefusal } from "~/modules/audit/audit.service.server";
import { catalogIdSchema } from "~/modules/catalog/catalog.schema";
import { flavourOf, toDevice } from "~/modules/catalog/catalog-rows.server";
import { isWasPriceHeld, recordPrice } from "~/modules/catalog/price-history.service.server";
import { wasPriceMessage } from "~/modules/catalog/price-history";
import {
  deviceCombinations,
  flavourCombinations,
  optionsKey,
  optionsLabel,
  type VariantOptions,
} from "~/modules/catalog/variants";
import { liquidMessages, unitLiquidTenths } from "~/modules/compliance/vaping-duty";
import { listItemVariants, syncVariants } from "~/modules/catalog/variants.service.server";
import { mhraNumberProblem } from "~/modules/compliance/mhra-list.service.server";
import {
  catalogMessages,
  checkDevice,
  checkFlavour,
  deviceFields,
  flavourFields,
  limits,
  MAX_IMAGES,
  type CatalogErrors,
  type CatalogKind,
  type DeviceField,
  type DeviceInput,
  type DeviceValues,
  type FlavourField,
  type FlavourInput,
  type FlavourValues,
} from "./catalog-admin";
import { deviceToValues, flavourToValues } from "./catalog-admin-form";
import { devicePublishErrors, flavourPublishErrors, publishMessages } from "./catalog-admin-publish";
import * as repo from "./catalog-admin.repository.server";
import { UPLOAD_URL } from "./uploads.service.server";

export type SaveResult<F extends string> = Result<{ id: string }, { fieldErrors?: CatalogErrors<F> }>;
/**
 * draft: a new item saved hidden from the shop, which may lack what publishing needs (the single-use vapes ban's
 * answers, the MHRA number). An archived item stays hidden when saved, so it is checked as a draft too.
 */
export type SaveOptions = { draft?: boolean };
const notFound = fail("not-found", "There is no such item.");

// ---------- checks the server adds to the form's own: images and slug ----------

/**
 * The image list as sent by the form: only this item's own images and images uploaded here are accepted (never an
 * address typed in by hand); at least one, at most MAX_IMAGES, each once.
 */
async function checkImages(db: Db, images: string[], current: string[]): Promise<Result<{ images: string[] }>> {
  const unique = [...new Set(images)];
  if (unique.length === 0) return fail("invalid", catalogMessages.imageRequired);
  if (unique.length > MAX_IMAGES) return fail("invalid", catalogMessages.tooManyImages);
  const uploads = unique.filter((url) => !current.includes(url));
  if (uploads.some((url) => !UPLOAD_URL.test(url))) return fail("invalid", catalogMessages.imageUnknown);
  const known = await repo.knownUploads(
    db,
    uploads.map((url) => url.slice("/uploads/".length)),
  );
  if (uploads.some((url) => !known.has(url.slice("/uploads/".length))))
    return fail("invalid", catalogMessages.imageUnknown);
  return { ok: true, images: unique };
}

/** A typed slug must be free; an empty one is made from the name, with -2, -3… added until it is free. */
async function resolveSlug(
  db: Db,
  kind: CatalogKind,
  typed: string,
  name: string,
  ownId: string | null,
): Promise<Result<{ slug: string }>> {
  const free = async (slug: string) => {
    const owner = await repo.slugOwner(db, itemTables[kind], slug);
    return owner === null || owner === ownId;
  };
  if (typed) return (await free(typed)) ? { ok: true, slug: typed } : fail("invalid", catalogMessages.slugTaken[kind]);
  const base = slugify(name, { max: limits.slug - 4, fallback: kind }); // room for "-2"…"-20"
  for (let n = 1; n <= 20; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (await free(candidate)) return { ok: true, slug: candidate };
  }
  return { ok: true, slug: `${base}-${newId(6)}` };
}

/** The lists of choices a saved form shows (one per line), as the variants' combinations read them. */
const numbersOf = (text: string) => text.split("\n").filter(Boolean).map(Number);
const listsOf = (values: DeviceValues) => ({
  flavours: values.flavours.split("\n").filter(Boolean),
  nicotineStrengths: numbersOf(values.nicotineStrengths),
  puffCounts: numbersOf(values.puffCounts),
});

// ---------- what an edit page shows ----------

export type CatalogEditor<V> = {
  id: string;
  name: string;
  archived: boolean;
  updatedAt: string;
  /** The saved price, which variants without their own sell at. */
  priceCents: number;
  values: V;
};
export type FlavourEditor = CatalogEditor<FlavourValues> & {
  device: { id: string; name: string | null; archived: boolean };
};
export type DeviceChoice = { id: string; name: string; archived: boolean };

export async function getDeviceEditor(db: Db, id: string): Promise<CatalogEditor<DeviceValues> | null> {
  if (!catalogIdSchema.safeParse(id).success) return null;
  const row = await repo.findDevice(db, id);
  if (!row) return null;
  const device = toDevice(row, []);
  const values = deviceToValues({
    ...device,
    detailsDescription: device.details.description,
    specifications: device.details.specifications,
    featured: Number(row.featured) === 1,
    position: Number(row.position),
  });
  return { ...editorHead(row), values };
}

/** What the device and flavour editors show of an item's row above its form. */
const editorHead = (row: {
  id: string;
  name: string;
  archived: number | string;
  updated_at: string;
  price_cents: number | string;
}) => ({
  id: row.id,
  name: row.name,
  archived: Number(row.archived) === 1,
  updatedAt: row.updated_at,
  priceCents: Number(row.price_cents),
});

export async function getFlavourEditor(db: Db, id: string): Promise<FlavourEditor | null> {
  if (!catalogIdSchema.safeParse(id).success) return null;
  const row = await repo.findFlavour(db, id);
  if (!row) return null;
  const values = flavourToValues(flavourOf(row, []));
  return {
    ...editorHead(row),
    values,
    device: { id: row.device_id, name: row.device_name, archived: Number(row.device_archived) === 1 },
  };
}

/** The edit page of a device or flavour (a flavour's with its device), or null: no such item. */
export function getItemEditor(
  db: Db,
  kind: CatalogKind,
  id: string,
): Promise<(CatalogEditor<DeviceValues | FlavourValues> & { device?: FlavourEditor["device"] }) | null> {
  return kind === "device" ? getDeviceEditor(db, id) : getFlavourEditor(db, id);
}

/** The Device select of the flavour form: devices on sale, plus the flavour's own device if that one is archived. */
export async function listDeviceChoices(db: Db, keepId: string | null = null): Promise<DeviceChoice[]> {
  const rows = await repo.findDeviceChoices(db, keepId);
  return rows.map((r) => ({ id: r.id, name: r.name, archived: Number(r.archived) === 1 }));
}

// ---------- checks a save adds to the form's own that need the database ----------
// What publishing needs (shown: true), the MHRA list once loaded, and the price history behind an original ('was')
// price (docs/guide/uk-rules.md).

/** The MHRA number against the loaded list (none loaded: the form's shape check alone). */
async function mhraErrors(db: Db, ecid: string | null): Promise<{ mhraEcid?: string }> {
  const problem = ecid ? await mhraNumberProblem(db, ecid) : null;
  return problem ? { mhraEcid: problem } : {};
}

export async function deviceSaveErrors(
  db: Db,
  input: DeviceInput,
  item: { id: string | null; shown: boolean },
): Promise<CatalogErrors<DeviceField>> {
  const errors: CatalogErrors<DeviceField> = {
    ...(item.shown ? devicePublishErrors({ ...input, strengths: input.nicotineStrengths }) : {}),
    ...(await mhraErrors(db, input.mhraEcid)),
  };
  if (input.originalPrice !== null) {
    const held =
      item.id !== null && (await isWasPriceHeld(db, { kind: "device", id: item.id }, input.originalPrice, input.price));
    if (!held) errors.originalPrice = wasPriceMessage;
  }
  return errors;
}

/** A variant the item sells after the change checked: its name and liquid in one unit (tenths of a ml, or unknown). */
export type SoldVariantLiquid = { label: string; liquidTenths: number | null };

/**
 * A flavour (pods or e-liquid) is published only with the liquid of each variant it sells (not archived), which the
 * duty record needs. `sold`: those variants as a change leaves them (the import); otherwise the saved variants still
 * listed, and those the save adds (which start at the pod or bottle size: none without one, said under Pod size).
 */
async function liquidErrors(
  db: Db,
  input: FlavourInput,
  id: string | null,
  sold?: SoldVariantLiquid[],
): Promise<CatalogErrors<FlavourField>> {
  const errors: CatalogErrors<FlavourField> = {};
  const listed = flavourCombinations(input.sizes);
  let missing: string[];
  if (sold) missing = sold.filter((v) => v.liquidTenths === null).map((v) => v.label);
  else {
    const saved = id === null ? [] : await listItemVariants(db, "flavour", id, 0);
    const keys = new Set(listed.map(optionsKey));
    missing = saved
      .filter((v) => !v.archived && keys.has(optionsKey(v)) && v.liquidTenths === null)
      .map((v) => optionsLabel(v));
    const savedKeys = new Set(saved.map((v) => optionsKey(v)));
    if (listed.some((c) => !savedKeys.has(optionsKey(c))) && unitLiquidTenths(input) === null)
      errors.podMl = publishMessages.liquidOfNewVariants;
  }
  if (missing.length > 0) errors.variants = `${liquidMessages.required} (${missing.join("; ")}).`;
  return errors;
}

export async function flavourSaveErrors(
  db: Db,
  input: FlavourInput,
  item: { id?: string | null; shown: boolean; sold?: SoldVariantLiquid[] },
): Promise<CatalogErrors<FlavourField>> {
  return {
    ...(item.shown ? await liquidErrors(db, input, item.id ?? null, item.sold) : {}),
    ...(item.shown ? flavourPublishErrors({ ...input, strengths: input.sizes }) : {}),
    ...(await mhraErrors(db, input.mhraEcid)),
  };
}

// ---------- the save: staff only, in one transaction that also drops cached storefront pages ----------

/** The columns both kinds save. */
type CommonColumns = {
  slug: string;
  name: string;
  description: string;
  images: string;
  price_cents: number;
  nicotine_mg_ml: number;
  pod_ml: number | null;
  mhra_ecid: string | null;
  updated_at: string;
};
type CommonInput = {
  slug: string;
  name: string;
  description: string;
  price: number;
  nicotineMgMl: number;
  podMl: number | null;
  mhraEcid: string | null;
};

/** What a save does that depends on the kind: `V` its form's values, `F` its fields, `I` its checked input. */
type KindSave<V extends { images: string[] }, F extends string, I extends CommonInput> = {
  editor(db: Db, id: string): Promise<(CatalogEditor<V> & { device?: { id: string } }) | null>;
  check(values: V): { input: I } | { errors: CatalogErrors<F> };
  /** The checks needing the database, for a form whose own checks passed. */
  saveErrors(db: Db, input: I, item: { id: string | null; shown: boolean }): Promise<CatalogErrors<F>>;
  /** A check of the kind's own, after the images' (a flavour's device must be on sale, or already be its device). */
  moreErrors?(db: Db, values: V, errors: FieldErrors, current: { device?: { id: string } } | null): Promise<void>;
  /** The liquid (tenths of a ml) the variants a save adds start with: a flavour's bottle or pod; a device's none. */
  newVariantsLiquid?(input: I): number | null;
  /** The combinations of choices the saved lists offered, and those the new ones offer. */
  combinations(saved: V | null, input: I): { before: VariantOptions[]; after: VariantOptions[] };
  insert(
    trx: Db,
    columns: CommonColumns,
    input: I,
    fresh: { id: string; archived: 0 | 1; created_at: string },
  ): Promise<void>;
  update(trx: Db, id: string, columns: CommonColumns, input: I): Promise<boolean>;
};

/** A device's own columns; its position in the list (the next free one unless typed) is read in the transaction. */
async function deviceColumns(trx: Db, input: DeviceInput) {
  return {
    original_price_cents: input.originalPrice,
    flavours: toJsonText(input.flavours),
    nicotine_strengths: toJsonText(input.nicotineStrengths),
    puff_counts: toJsonText(input.puffCounts),
    features: toJsonText(input.features),
    details_description: input.detailsDescription,
    specifications: toJsonText(input.specifications),
    rechargeable: input.rechargeable ? 1 : 0,
    refill: input.refill,
    featured: input.featured ? 1 : 0,
    position: input.position ?? (await repo.nextDevicePosition(trx)),
  } satisfies Partial<Insertable<DevicesTable>>;
}
const flavourColumns = (input: FlavourInput) =>
  ({
    sizes: toJsonText(input.sizes),
    device_id: input.deviceId,
    bottle_ml: input.bottleMl,
  }) satisfies Partial<Updateable<FlavoursTable>>;

const deviceSave: KindSave<DeviceValues, DeviceField, DeviceInput> = {
  editor: getDeviceEditor,
  check: checkDevice,
  saveErrors: deviceSaveErrors,
  combinations: (saved, input) => ({
    before: saved ? deviceCombinations(listsOf(saved)) : [],
    after: deviceCombinations(input),
  }),
  insert: async (trx, columns, input, fresh) =>
    repo.insertDevice(trx, { ...columns, ...(await deviceColumns(trx, input)), ...fresh }),
  update: async (trx, id, columns, input) =>
    repo.updateDevice(trx, id, { ...columns, ...(await deviceColumns(trx, input)) }),
};

const flavourSave: KindSave<FlavourValues, FlavourField, FlavourInput> = {
  editor: getFlavourEditor,
  check: checkFlavour,
  saveErrors: flavourSaveErrors,
  newVariantsLiquid: (input) => unitLiquidTenths(input),
  async moreErrors(db, values, errors, current) {
    const deviceId = values.deviceId.trim();
    if (!deviceId || errors.deviceId) return;
    const device = catalogIdSchema.safeParse(deviceId).success ? await repo.findDevice(db, deviceId) : undefined;
    const allowed = device && (Number(device.archived) === 0 || current?.device?.id === device.id);
    if (!allowed) errors.deviceId = catalogMessages.deviceUnknown;
  },
  combinations: (saved, input) => ({
    before: saved ? flavourCombinations(numbersOf(saved.sizes)) : [],
    after: flavourCombinations(input.sizes),
  }),
  insert: (trx, columns, input, fresh) => repo.insertFlavour(trx, { ...columns, ...flavourColumns(input), ...fresh }),
  update: (trx, id, columns, input) => repo.updateFlavour(trx, id, { ...columns, ...flavourColumns(input) }),
};

/**
 * Creates a device or flavour (id null) or saves one; nothing is written unless every field, the slug and the images
 * are right. A flavour's device must be on sale (or already be its device).
 */
export function saveItem(
  db: Db,
  actor: SessionUser | null,
  kind: "device",
  id: string | null,
  values: DeviceValues,
  options?: SaveOptions,
): Promise<SaveResult<DeviceField>>;
export function saveItem(
  db: Db,
  actor: SessionUser | null,
  kind: "flavour",
  id: string | null,
  values: FlavourValues,
  options?: SaveOptions,
): Promise<SaveResult<FlavourField>>;
export function saveItem(
  db: Db,
  actor: SessionUser | null,
  kind: CatalogKind,
  id: string | null,
  values: DeviceValues | FlavourValues,
  options: SaveOptions = {},
): Promise<Result<{ id: string }>> {
  return kind === "device"
    ? save(db, actor, kind, deviceSave, id, values as DeviceValues, options)
    : save(db, actor, kind, flavourSave, id, values as FlavourValues, options);
}

async function save<V extends { images: string[] }, F extends string, I extends CommonInput>(
  db: Db,
  actor: SessionUser | null,
  kind: CatalogKind,
  how: KindSave<V, F, I>,
  id: string | null,
  values: V,
  options: SaveOptions,
): Promise<Result<{ id: string }>> {
  assertAllowed(actor, "catalogue.edit");
  const current = id === null ? null : await how.editor(db, id);
  if (id !== null && !current) return notFound;
  const priceRefused = await refuseUnallowedPriceChange(db, actor, kind, id, current?.values ?? null, values);
  if (priceRefused) return priceRefused;
  const shown = current ? !current.archived : !options.draft;
  const checked = how.check(values);
  const errors = (
    "errors" in checked ? { ...checked.errors } : await how.saveErrors(db, checked.input, { id, shown })
  ) as FieldErrors;
  const images = await checkImages(db, values.images, current?.values.images ?? []);
  if (!images.ok) errors.images = images.message;
  await how.moreErrors?.(db, values, errors, current);
  const slug = "input" in checked ? await resolveSlug(db, kind, checked.input.slug, checked.input.name, id) : null;
  if (slug && !slug.ok) errors.slug = slug.message;
  if (!("input" in checked) || !slug || !slug.ok || !images.ok || Object.keys(errors).length > 0)
    return failFields(errors);
  const input = checked.input;
  const at = new Date();
  const now = at.toISOString();
  const combinations = how.combinations(current?.values ?? null, input);
  const columns: CommonColumns = {
    slug: slug.slug,
    name: input.name,
    description: input.description,
    images: toJsonText(images.images),
    price_cents: input.price,
    nicotine_mg_ml: input.nicotineMgMl,
    pod_ml: input.podMl,
    mhra_ecid: input.mhraEcid,
    updated_at: now,
  };
  try {
    const savedId = await db.transaction().execute(async (trx) => {
      const itemId = id ?? newId();
      if (id === null) await how.insert(trx, columns, input, { id: itemId, archived: shown ? 0 : 1, created_at: now });
      else if (!(await how.update(trx, id, columns, input))) return null;
      const liquidTenths = how.newVariantsLiquid?.(input) ?? null;
      await syncVariants(trx, { kind, id: itemId, slug: slug.slug, liquidTenths }, combinations, now);
      await recordPrice(trx, { kind, id: itemId }, input.price, actor.id, at);
      await auditSave(trx, actor, { kind, id: itemId, isNew: id === null }, current?.values ?? null, values);
      await bumpStorefrontVersion(trx);
      return itemId;
    });
    return savedId ? { ok: true, id: savedId } : notFound;
  } catch (error) {
    if (isUniqueViolation(error)) return failFields({ slug: catalogMessages.slugTaken[kind] });
    throw error;
  }
}

// ---------- who may change a price, and the audit log's entries of a save (issue 63) ----------

/** The fields of a form an entry of the audit log compares (a catalogue item holds no personal data). */
const auditedFields = [...new Set([...deviceFields, ...flavourFields, "images"])];
/** The fields that are prices: changing one needs prices.edit. */
const priceFields = ["price", "originalPrice"];
/** The longest value an entry keeps of a field (a description is cut). */
const AUDIT_VALUE_MAX = 500;

/** A typed price as pence ("4.5", "£4.50" → "450"), so a price typed another way is no change; other text as it is. */
function pence(text: string): string {
  const amount = text.trim().replace(/^£/, "");
  if (amount === "") return "";
  return /^\d+(\.\d{1,2})?$/.test(amount) ? String(Math.round(Number(amount) * 100)) : text.trim();
}

/** A form's values as the log keeps them: text, lists joined, prices in pence. */
function auditValues(values: object | null): Record<string, string> {
  const flat: Record<string, string> = {};
  if (!values) return flat;
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    const text = (Array.isArray(value) ? value.map(String).join(" | ") : String(value)).replace(/\r\n/g, "\n");
    flat[key] = priceFields.includes(key) ? pence(text) : text.slice(0, AUDIT_VALUE_MAX);
  }
  return flat;
}

const present = (values: Record<string, string>) => auditedFields.filter((f) => f in values);

/** The prices a save would change (a new item's typed price counts as a change), as { field: [before, after] }. */
function priceChangesOf(before: object | null, after: object) {
  const was = auditValues(before);
  const now = auditValues(after);
  const fields = priceFields.filter((f) => f in now && (before === null ? now[f] !== "" : true));
  return changesOf(was, now, fields);
}

/**
 * A save that would change a price by a member of staff without prices.edit: refused whole (403), the refusal in the
 * audit log, nothing written (the action answers 403). The form sends the price back as it was: only a crafted
 * request gets here.
 */
async function refuseUnallowedPriceChange(
  db: Db,
  actor: SessionUser,
  kind: CatalogKind,
  id: string | null,
  before: object | null,
  after: object,
): Promise<Failure | null> {
  if (can(actor, "prices.edit")) return null;
  const changes = priceChangesOf(before, after);
  if (!changes) return null;
  await recordRefusal(db, auditActorOf(actor), {
    action: "price.change",
    entity: kind,
    entityId: id,
    details: { permission: "prices.edit", changes },
  });
  return fail("not-allowed", forbiddenMessage("prices.edit"));
}

/** The save's entries, in its transaction: the item created or updated (the fields changed), and a price change. */
async function auditSave(
  trx: Db,
  actor: SessionUser,
  item: { kind: CatalogKind; id: string; isNew: boolean },
  before: object | null,
  after: object,
): Promise<void> {
  const who = auditActorOf(actor);
  const was = auditValues(before);
  const now = auditValues(after);
  const changes = changesOf(was, now, present(now));
  if (item.isNew)
    await recordAudit(trx, who, {
      action: "catalogue.item-create",
      entity: item.kind,
      entityId: item.id,
      details: { name: now.name ?? null, changes },
    });
  else if (changes)
    await recordAudit(trx, who, {
      action: "catalogue.item-update",
      entity: item.kind,
      entityId: item.id,
      details: { changes },
    });
  const prices = priceChangesOf(before, after);
  if (prices)
    await recordAudit(trx, who, {
      action: "price.change",
      entity: item.kind,
      entityId: item.id,
      details: { changes: prices },
    });
}

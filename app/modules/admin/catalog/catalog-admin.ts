/** The back office's catalogue forms (devices and flavours): fields, checks and messages, shared by page and server. */
import { fail } from "~/lib/result";
import { z } from "zod";
import { parsedField, type Parsed } from "~/lib/parsed-field";
import type { ItemKind } from "~/db/values";
import type { Specification } from "~/modules/catalog/catalog";
import { checkUkLimits, MHRA_ECID, UK_LIMITS } from "~/modules/compliance/compliance";
import { parseMoney } from "~/lib/money";
// Prices are read by the shop's one money parser (app/lib/money.ts), which the variant grid uses too.
export { centsToText, MAX_PRICE_CENTS, parseMoney } from "~/lib/money";

// ---------- the fields one by one: their limits, and parsers giving a value or the message under the field ----------

export const limits = {
  name: 120,
  slug: 80,
  description: 2000,
  details: 5000,
  listItem: 100,
  feature: 200,
  listItems: 30,
  specName: 60,
  specValue: 200,
} as const;

/** A non-negative amount (mg/ml, ml) with at most 2 decimals. */
export function parseAmount(raw: string, label: string, optional: boolean): Parsed<number | null> {
  const text = raw.trim();
  if (!text) return optional ? { ok: true, value: null } : fail("invalid", `${label} is required`);
  if (/^-\s*\d/.test(text)) return fail("invalid", `${label} cannot be negative`);
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(text))
    return fail("invalid", `Enter ${label.toLowerCase()} as a number such as 2 or 1.5`);
  return { ok: true, value: Number(text) };
}

/** One entry per line (commas also separate numbers); blank lines are ignored and repeats kept once. */
export const lines = (raw: string, separators = /\r?\n/) => [
  ...new Set(
    raw
      .split(separators)
      .map((l) => l.trim())
      .filter(Boolean),
  ),
];

export function parseWholeNumbers(
  raw: string,
  what: string,
  min: number,
  max: number,
  limitMessage: string,
  required: boolean,
): Parsed<number[]> {
  const items = lines(raw, /[\r\n,]+/);
  if (items.length === 0) return required ? fail("invalid", `Enter at least one ${what}`) : { ok: true, value: [] };
  if (items.length > limits.listItems) return fail("invalid", `Enter at most ${limits.listItems} values`);
  const bad = items.find((item) => !/^\d{1,7}$/.test(item));
  if (bad !== undefined)
    return fail(
      "invalid",
      `"${bad.slice(0, 20)}" is not a whole number: write each ${what} as a whole number, one per line`,
    );
  const numbers = items.map(Number);
  if (numbers.some((n) => n < min || n > max)) return fail("invalid", limitMessage);
  return { ok: true, value: [...new Set(numbers)] };
}

export function parseTextList(raw: string, what: string, maxLength: number, required: boolean): Parsed<string[]> {
  const items = lines(raw);
  if (items.length === 0) return required ? fail("invalid", `Enter at least one ${what}`) : { ok: true, value: [] };
  if (items.length > limits.listItems) return fail("invalid", `Enter at most ${limits.listItems} lines`);
  if (items.some((item) => item.length > maxLength))
    return fail("invalid", `Each ${what} must be ${maxLength} characters or fewer`);
  return { ok: true, value: items };
}

/** Specification rows written as "Name: Value", one per line. */
export function parseSpecifications(raw: string): Parsed<Specification[]> {
  const rows: Specification[] = [];
  const items = raw.split(/\r?\n/).map((l) => l.trim());
  for (const [index, line] of items.entries()) {
    if (!line) continue;
    const colon = line.indexOf(":");
    const name = colon > 0 ? line.slice(0, colon).trim() : "";
    const value = colon > 0 ? line.slice(colon + 1).trim() : "";
    if (!name || !value) return fail("invalid", `Write each row as Name: Value (line ${index + 1} is not)`);
    if (name.length > limits.specName || value.length > limits.specValue)
      return fail(
        "invalid",
        `Keep names to ${limits.specName} and values to ${limits.specValue} characters (line ${index + 1})`,
      );
    rows.push({ name, value });
  }
  if (rows.length > limits.listItems) return fail("invalid", `Enter at most ${limits.listItems} rows`);
  return { ok: true, value: rows };
}

// ---------- the forms ----------

export type CatalogKind = ItemKind;

export const MAX_IMAGES = 10;
const MAX_PUFFS = 100_000;

export const catalogMessages = {
  created: { device: "Device created.", flavour: "Flavour created." },
  saved: "Changes saved.",
  archived: {
    device: "Device archived: it is no longer shown in the shop.",
    flavour: "Flavour archived: it is no longer shown in the shop.",
  },
  restored: {
    device: "Device restored: it is shown in the shop again.",
    flavour: "Flavour restored: it is shown in the shop again.",
  },
  mhraEcidShape: "An MHRA notification number looks like 12345-22-67890 (5 digits, 2, then 5); leave it empty if none",
  imagesPending: "Image changes are not saved yet: press the save button below to keep them.",
  imageRequired: "Add at least one image.",
  imageUnknown:
    "An image in the list is not one of this item's images or an uploaded image. Reload the page and try again.",
  tooManyImages: `An item can have at most ${MAX_IMAGES} images. Remove one first.`,
  slugTaken: {
    device: "Another device already uses this slug. Choose a different one.",
    flavour: "Another flavour already uses this slug. Choose a different one.",
  },
  deviceUnknown: "Choose a device from the list.",
  invalid: "Please correct the fields marked below. Nothing was saved.",
} as const;

export const deviceFields = [
  "name",
  "slug",
  "description",
  "price",
  "originalPrice",
  "flavours",
  "nicotineStrengths",
  "puffCounts",
  "features",
  "detailsDescription",
  "specifications",
  "nicotineMgMl",
  "podMl",
  "mhraEcid",
  "rechargeable",
  "refill",
  "featured",
  "position",
] as const;
export const flavourFields = [
  "name",
  "slug",
  "description",
  "deviceId",
  "price",
  "sizes",
  "nicotineMgMl",
  "podMl",
  "bottleMl",
  "mhraEcid",
] as const;

export type DeviceField = (typeof deviceFields)[number];
export type FlavourField = (typeof flavourFields)[number];
/** What the form holds: every field as typed, plus the ordered image addresses. */
export type DeviceValues = Record<DeviceField, string> & { images: string[] };
export type FlavourValues = Record<FlavourField, string> & { images: string[] };
/**
 * A message per field; `images` is the image list, `image` the "Add image" upload, `variants` the variant grid (a
 * flavour's variants without their liquid, which publishing needs).
 */
export type CatalogErrors<F extends string> = Partial<Record<F | "images" | "image" | "variants", string>>;

const nicotineLimitMessage = (what: string) =>
  `${what} must be whole numbers from 0 to ${UK_LIMITS.nicotineMgMl} mg (the UK limit is ${UK_LIMITS.nicotineMgMl} mg/ml)`;

const text = (label: string, max: number, required: boolean) =>
  z
    .string()
    .trim()
    .min(required ? 1 : 0, `${label} is required`)
    .max(max, `${label} must be ${max} characters or fewer`);

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const slugField = z
  .string()
  .trim()
  .toLowerCase()
  .max(limits.slug, `Slug must be ${limits.slug} characters or fewer`)
  .refine(
    (s) => s === "" || SLUG.test(s),
    "Use lowercase letters, digits and single hyphens only, such as blue-razz-ice",
  );

const checkbox = z.string().transform((v) => v === "on");
const nicotineField = parsedField((raw) => {
  const parsed = parseAmount(raw, "Nicotine (mg/ml)", false);
  if (!parsed.ok) return parsed;
  const problem = checkUkLimits({ nicotineMgMl: parsed.value! }).nicotineMgMl;
  return problem ? fail("invalid", problem) : { ok: true, value: parsed.value! };
});
const podField = parsedField((raw) => {
  const parsed = parseAmount(raw, "Pod size (ml)", true);
  if (!parsed.ok || parsed.value === null) return parsed;
  const problem = checkUkLimits({ nicotineMgMl: 0, podMl: parsed.value }).podMl;
  return problem ? fail("invalid", problem) : parsed;
});
const bottleField = parsedField((raw) => {
  const parsed = parseAmount(raw, "Bottle size (ml)", true);
  if (!parsed.ok || parsed.value === null) return parsed;
  const problem = checkUkLimits({ nicotineMgMl: 0, bottleMl: parsed.value }).bottleMl;
  return problem ? fail("invalid", problem) : parsed;
});
/** The MHRA notification number (ECID) is optional: 5 digits, the 2-digit year, 5 digits (e.g. 12345-22-67890). */
const mhraEcidField = parsedField((raw): Parsed<string | null> => {
  const value = raw.trim();
  if (!value) return { ok: true, value: null };
  return MHRA_ECID.test(value) ? { ok: true, value } : fail("invalid", catalogMessages.mhraEcidShape);
});
const positionField = parsedField((raw): Parsed<number | null> => {
  const value = raw.trim();
  if (!value) return { ok: true, value: null };
  return /^\d{1,4}$/.test(value)
    ? { ok: true, value: Number(value) }
    : fail("invalid", "Position must be a whole number from 0 to 9999");
});

export const deviceInput = z.object({
  name: text("Name", limits.name, true),
  slug: slugField,
  description: text("Description", limits.description, true),
  price: parsedField((raw) => parseMoney(raw, "Price")).pipe(z.number()),
  originalPrice: parsedField((raw) => parseMoney(raw, "Original price", true)),
  flavours: parsedField((raw) => parseTextList(raw, "flavour", limits.listItem, true)),
  nicotineStrengths: parsedField((raw) =>
    parseWholeNumbers(
      raw,
      "nicotine strength",
      0,
      UK_LIMITS.nicotineMgMl,
      nicotineLimitMessage("Nicotine strengths"),
      true,
    ),
  ),
  puffCounts: parsedField((raw) =>
    parseWholeNumbers(
      raw,
      "puff count",
      1,
      MAX_PUFFS,
      `Puff counts must be whole numbers from 1 to ${MAX_PUFFS}`,
      false,
    ),
  ),
  features: parsedField((raw) => parseTextList(raw, "feature", limits.feature, false)),
  detailsDescription: text("Details", limits.details, false),
  specifications: parsedField(parseSpecifications),
  nicotineMgMl: nicotineField,
  podMl: podField,
  mhraEcid: mhraEcidField,
  rechargeable: z.enum(["yes", "no", ""], "Answer yes or no").transform((v) => (v === "" ? null : v === "yes")),
  refill: z
    .enum(["pods", "coils", "none", ""], "Choose refillable pods, replaceable coils or neither")
    .transform((v) => (v === "" ? null : v)),
  featured: checkbox,
  position: positionField,
});

export const flavourInput = z.object({
  name: text("Name", limits.name, true),
  slug: slugField,
  description: text("Description", limits.description, true),
  deviceId: z.string().trim().min(1, "Choose a device").max(64, catalogMessages.deviceUnknown),
  price: parsedField((raw) => parseMoney(raw, "Price")).pipe(z.number()),
  sizes: parsedField((raw) =>
    parseWholeNumbers(
      raw,
      "nicotine strength",
      0,
      UK_LIMITS.nicotineMgMl,
      nicotineLimitMessage("Nicotine strengths"),
      true,
    ),
  ),
  nicotineMgMl: nicotineField,
  podMl: podField,
  bottleMl: bottleField,
  mhraEcid: mhraEcidField,
});

export type DeviceInput = z.infer<typeof deviceInput>;
export type FlavourInput = z.infer<typeof flavourInput>;

function firstErrors<F extends string>(error: z.ZodError): CatalogErrors<F> {
  const errors: CatalogErrors<F> = {};
  for (const issue of error.issues) {
    const key = issue.path[0] as F;
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The device form checked: the clean input, or the first message for each wrong field (UK limits included). */
export function checkDevice(values: DeviceValues): { input: DeviceInput } | { errors: CatalogErrors<DeviceField> } {
  const result = deviceInput.safeParse(values);
  const errors = result.success ? {} : firstErrors<DeviceField>(result.error);
  // An original (struck-through) price is the higher one the price was reduced from.
  const price = parseMoney(values.price, "Price");
  const original = parseMoney(values.originalPrice, "Original price", true);
  if (price.ok && original.ok && original.value !== null && original.value <= price.value!)
    errors.originalPrice = "Original price must be higher than the price (leave it empty when there is no reduction)";
  if (result.success && Object.keys(errors).length === 0) return { input: result.data };
  return { errors };
}

export function checkFlavour(values: FlavourValues): { input: FlavourInput } | { errors: CatalogErrors<FlavourField> } {
  const result = flavourInput.safeParse(values);
  return result.success ? { input: result.data } : { errors: firstErrors<FlavourField>(result.error) };
}

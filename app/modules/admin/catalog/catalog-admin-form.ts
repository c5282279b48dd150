/** The catalogue forms' values: read from a post, made from a saved item, and changed by the image buttons (client-safe). */
import { formText } from "~/lib/form-data";
import type { DeviceRefill, Specification } from "~/modules/catalog/catalog";
import {
  centsToText,
  deviceFields,
  flavourFields,
  MAX_IMAGES,
  type DeviceField,
  type DeviceValues,
  type FlavourField,
  type FlavourValues,
} from "./catalog-admin";

const MAX_FIELD_LENGTH = 20_000;

const formImages = (form: FormData) =>
  form
    .getAll("images")
    .filter((v): v is string => typeof v === "string")
    .map((v) => v.trim())
    .filter(Boolean)
    .slice(0, MAX_IMAGES + 5);

export function deviceValues(form: FormData): DeviceValues {
  const values = Object.fromEntries(deviceFields.map((f) => [f, formText(form, f, MAX_FIELD_LENGTH)])) as Record<
    DeviceField,
    string
  >;
  return { ...values, images: formImages(form) };
}

export function flavourValues(form: FormData): FlavourValues {
  const values = Object.fromEntries(flavourFields.map((f) => [f, formText(form, f, MAX_FIELD_LENGTH)])) as Record<
    FlavourField,
    string
  >;
  return { ...values, images: formImages(form) };
}

const numberText = (n: number | null) => (n === null ? "" : String(n));

export type DeviceRecord = {
  name: string;
  slug: string;
  description: string;
  images: string[];
  priceCents: number;
  originalPriceCents: number | null;
  flavours: string[];
  nicotineStrengths: number[];
  puffCounts: number[];
  features: string[];
  detailsDescription: string;
  specifications: Specification[];
  nicotineMgMl: number;
  podMl: number | null;
  mhraEcid: string | null;
  rechargeable: boolean;
  refill: DeviceRefill | null;
  featured: boolean;
  position: number;
};
export type FlavourRecord = {
  name: string;
  slug: string;
  description: string;
  images: string[];
  priceCents: number;
  sizes: number[];
  deviceId: string;
  nicotineMgMl: number;
  podMl: number | null;
  bottleMl: number | null;
  mhraEcid: string | null;
};

export function deviceToValues(d: DeviceRecord): DeviceValues {
  return {
    name: d.name,
    slug: d.slug,
    description: d.description,
    price: centsToText(d.priceCents),
    originalPrice: centsToText(d.originalPriceCents),
    flavours: d.flavours.join("\n"),
    nicotineStrengths: d.nicotineStrengths.join("\n"),
    puffCounts: d.puffCounts.join("\n"),
    features: d.features.join("\n"),
    detailsDescription: d.detailsDescription,
    specifications: d.specifications.map((s) => `${s.name}: ${s.value}`).join("\n"),
    nicotineMgMl: numberText(d.nicotineMgMl),
    podMl: numberText(d.podMl),
    mhraEcid: d.mhraEcid ?? "",
    rechargeable: d.rechargeable ? "yes" : "no",
    refill: d.refill ?? "",
    featured: d.featured ? "on" : "",
    position: String(d.position),
    images: d.images,
  };
}

export function flavourToValues(f: FlavourRecord): FlavourValues {
  return {
    name: f.name,
    slug: f.slug,
    description: f.description,
    deviceId: f.deviceId,
    price: centsToText(f.priceCents),
    sizes: f.sizes.join("\n"),
    nicotineMgMl: numberText(f.nicotineMgMl),
    podMl: numberText(f.podMl),
    bottleMl: numberText(f.bottleMl),
    mhraEcid: f.mhraEcid ?? "",
    images: f.images,
  };
}

export const emptyDeviceValues = (): DeviceValues => ({
  ...(Object.fromEntries(deviceFields.map((f) => [f, ""])) as Record<DeviceField, string>),
  featured: "on",
  images: [],
});
export const emptyFlavourValues = (): FlavourValues => ({
  ...(Object.fromEntries(flavourFields.map((f) => [f, ""])) as Record<FlavourField, string>),
  images: [],
});

// ---------- the buttons of the form: save, upload, and moving or removing an image ----------

export type FormIntent =
  | { kind: "save"; draft: boolean }
  | { kind: "upload" }
  | { kind: "image"; op: "up" | "down" | "remove"; index: number };

/** "save" (also the default), "draft" (a new item saved hidden), "upload", or "image-up-2" / "image-remove-1". */
export function parseIntent(raw: unknown): FormIntent {
  if (raw === "upload") return { kind: "upload" };
  if (raw === "draft") return { kind: "save", draft: true };
  const match = typeof raw === "string" ? /^image-(up|down|remove)-(\d{1,2})$/.exec(raw) : null;
  if (match) return { kind: "image", op: match[1] as "up" | "down" | "remove", index: Number(match[2]) };
  return { kind: "save", draft: false };
}

/** The image list after one of the image buttons; an index out of range changes nothing. */
export function applyImageIntent(images: string[], op: "up" | "down" | "remove", index: number): string[] {
  if (index < 0 || index >= images.length) return images;
  const next = [...images];
  if (op === "remove") next.splice(index, 1);
  else {
    const other = op === "up" ? index - 1 : index + 1;
    if (other < 0 || other >= next.length) return images;
    [next[index], next[other]] = [next[other]!, next[index]!];
  }
  return next;
}

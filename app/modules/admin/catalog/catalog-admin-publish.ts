/**
 * What an item needs before it is shown in the shop (published); a draft, hidden from the shop, may lack it
 * (docs/guide/uk-rules.md). Client-safe and pure: the service adds the MHRA list and the price history.
 */
import type { DeviceRefill } from "~/modules/catalog/catalog";
import type { CatalogErrors, DeviceField, FlavourField } from "./catalog-admin";

export const publishMessages = {
  notRechargeable:
    "Single-use vapes are banned in the UK since 1 June 2025: a device can be published only if it is rechargeable. Save it as a draft until it is.",
  notRefillable:
    "Single-use vapes are banned in the UK since 1 June 2025: a device can be published only if it has refillable pods or replaceable coils sold separately. Save it as a draft until it has.",
  mhraRequired:
    "A product containing nicotine can be published only with its MHRA notification number (such as 12345-22-67890). Save it as a draft until you have it.",
  liquidOfNewVariants:
    "Enter the pod or bottle size before publishing: each new variant's liquid in one unit starts at it, and the duty record needs it (correct a multipack's on the variant grid).",
  cannotPublish: {
    device: "This device cannot be shown in the shop yet: correct the fields marked below, or keep it as a draft.",
    flavour: "This flavour cannot be shown in the shop yet: correct the fields marked below, or keep it as a draft.",
  },
  draftSaved: {
    device: "Draft saved: the device is not shown in the shop until you restore it.",
    flavour: "Draft saved: the flavour is not shown in the shop until you restore it.",
  },
} as const;

/** The item's nicotine (mg/ml) and the strengths its variants are sold at: any above 0 needs the MHRA number. */
type Facts = { nicotineMgMl: number; strengths: readonly number[]; mhraEcid: string | null };
const hasNicotine = (facts: Facts) => facts.nicotineMgMl > 0 || facts.strengths.some((s) => s > 0);

/** The device's answers checked for publishing: rechargeable, and refillable pods or replaceable coils. */
export function devicePublishErrors(
  input: Facts & { rechargeable: boolean | null; refill: DeviceRefill | null },
): CatalogErrors<DeviceField> {
  const errors: CatalogErrors<DeviceField> = {};
  if (input.rechargeable !== true) errors.rechargeable = publishMessages.notRechargeable;
  if (input.refill !== "pods" && input.refill !== "coils") errors.refill = publishMessages.notRefillable;
  if (hasNicotine(input) && !input.mhraEcid) errors.mhraEcid = publishMessages.mhraRequired;
  return errors;
}

export function flavourPublishErrors(input: Facts): CatalogErrors<FlavourField> {
  return hasNicotine(input) && !input.mhraEcid ? { mhraEcid: publishMessages.mhraRequired } : {};
}

/** The form's fields as staff know them, to say why an item may not be published away from its form. */
export const publishFieldLabels: Record<DeviceField | FlavourField | "images" | "image" | "variants", string> = {
  name: "Name",
  slug: "Slug",
  description: "Description",
  price: "Price",
  originalPrice: "Original price",
  flavours: "Flavours",
  nicotineStrengths: "Nicotine strengths",
  puffCounts: "Puff counts",
  features: "Features",
  detailsDescription: "Details",
  specifications: "Specifications",
  nicotineMgMl: "Nicotine (mg/ml)",
  podMl: "Pod size (ml)",
  bottleMl: "Bottle size (ml)",
  mhraEcid: "MHRA number",
  rechargeable: "Rechargeable",
  refill: "Refill",
  featured: "Featured",
  position: "Position",
  deviceId: "Device",
  sizes: "Nicotine strengths",
  images: "Images",
  image: "Image",
  variants: "Variants",
};

/** Field errors as sentences naming their fields: 'Rechargeable: Single-use vapes are banned …'. */
export function publishReasons(errors: CatalogErrors<DeviceField | FlavourField>): string[] {
  return Object.entries(errors).map(([field, message]) => {
    const text = String(message);
    return `${publishFieldLabels[field as keyof typeof publishFieldLabels] ?? field}: ${/[.!?]$/.test(text) ? text : `${text}.`}`;
  });
}

/** What publishing several drafts did: the items shown, and the others with why they may not be. */
export type PublishMany = {
  published: Array<{ id: string; name: string }>;
  refused: Array<{ id: string; name: string; reasons: string[] }>;
};

/** The most items one 'Publish selected' takes (a page of the list is 20). */
export const MAX_PUBLISH_AT_ONCE = 100;

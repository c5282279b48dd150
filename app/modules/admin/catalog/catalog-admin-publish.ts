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
  cannotPublish: {
    device: "This device cannot be shown in the shop yet: correct the fields marked below, or keep it as a draft.",
    flavour: "This flavour cannot be shown in the shop yet: correct the fields marked below, or keep it as a draft.",
  },
  draftSaved: {
    device: "Draft saved: the device is not shown in the shop until you restore it.",
    flavour: "Draft saved: the flavour is not shown in the shop until you restore it.",
  },
} as const;

type Facts = { nicotineMgMl: number; mhraEcid: string | null };

/** The device's answers checked for publishing: rechargeable, and refillable pods or replaceable coils. */
export function devicePublishErrors(
  input: Facts & { rechargeable: boolean | null; refill: DeviceRefill | null },
): CatalogErrors<DeviceField> {
  const errors: CatalogErrors<DeviceField> = {};
  if (input.rechargeable !== true) errors.rechargeable = publishMessages.notRechargeable;
  if (input.refill !== "pods" && input.refill !== "coils") errors.refill = publishMessages.notRefillable;
  if (input.nicotineMgMl > 0 && !input.mhraEcid) errors.mhraEcid = publishMessages.mhraRequired;
  return errors;
}

export function flavourPublishErrors(input: Facts): CatalogErrors<FlavourField> {
  return input.nicotineMgMl > 0 && !input.mhraEcid ? { mhraEcid: publishMessages.mhraRequired } : {};
}

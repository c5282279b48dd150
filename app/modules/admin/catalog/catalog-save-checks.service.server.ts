import type { Db } from "~/db/database.server";
import { isWasPriceHeld } from "~/modules/catalog/price-history.service.server";
import { wasPriceMessage } from "~/modules/catalog/price-history";
import { mhraNumberProblem } from "~/modules/compliance/mhra-list.service.server";
import type { CatalogErrors, DeviceField, DeviceInput, FlavourField, FlavourInput } from "./catalog-admin";
import { devicePublishErrors, flavourPublishErrors } from "./catalog-admin-publish";

// The checks a save adds to the form's own that need the database: what publishing needs (shown: true), the MHRA
// list once loaded, and the price history behind an original ('was') price (docs/guide/uk-rules.md).

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

export async function flavourSaveErrors(
  db: Db,
  input: FlavourInput,
  item: { shown: boolean },
): Promise<CatalogErrors<FlavourField>> {
  return {
    ...(item.shown ? flavourPublishErrors({ ...input, strengths: input.sizes }) : {}),
    ...(await mhraErrors(db, input.mhraEcid)),
  };
}

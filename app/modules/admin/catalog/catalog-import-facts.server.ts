// An item of a catalogue file as it would be after the import (docs/decisions/069): its publishing answers and lists
// (the file's where it says them, else the shop's), those changes in words for the dry run, and the values its form
// would hold, for the checks publishing applies. Reads only.
import type { Db } from "~/db/database.server";
import { numberList, textList } from "~/db/json-text";
import { refillLabels, type DeviceRefill } from "~/modules/catalog/catalog";
import type { CatalogCsvRow } from "~/modules/catalog/catalog-csv.server";
import { centsToText, type DeviceValues, type FlavourValues } from "./catalog-admin";
import { getDeviceEditor, getFlavourEditor } from "./catalog-editors.server";
import type { ItemRef } from "./catalog-import-checks.server";

/** What the item is after the import: its publishing answers and its lists of choices. */
export type ItemFacts = {
  rechargeable: boolean;
  refill: DeviceRefill | null;
  podMl: number | null;
  bottleMl: number | null;
  mhraEcid: string | null;
  nicotineMgMl: number;
  flavours: string[];
  strengths: number[];
  puffCounts: number[];
};

/** `list` with the new values added at its end, each once. */
const appendNew = <T>(list: readonly T[], values: readonly T[]): T[] => {
  const out = [...list];
  for (const value of values) if (!out.includes(value)) out.push(value);
  return out;
};

/** The item's facts after the import: the file's where it says them, else the shop's (a new item: none). */
export function factsOf(rows: CatalogCsvRow[], item: ItemRef | null, newRows: CatalogCsvRow[]): ItemFacts {
  const first = rows[0]!;
  const saved = item?.saved ?? null;
  const device = saved?.kind === "device" ? saved.row : null;
  const flavour = saved?.kind === "flavour" ? saved.row : null;
  const strengthsBefore = device
    ? numberList(device.nicotine_strengths)
    : flavour
      ? numberList(flavour.sizes)
      : ([] as number[]);
  const strengths = appendNew(
    strengthsBefore,
    newRows.map((r) => r.nicotineStrength),
  );
  const nicotineBefore = saved ? Number(saved.row.nicotine_mg_ml) : 0;
  return {
    rechargeable: first.rechargeable ?? (device ? Number(device.rechargeable) === 1 : false),
    refill: first.refill ?? device?.refill ?? null,
    podMl: first.podMl ?? (saved?.row.pod_ml == null ? null : Number(saved.row.pod_ml)),
    bottleMl: first.bottleMl ?? (flavour?.bottle_ml == null ? null : Number(flavour.bottle_ml)),
    mhraEcid: first.mhraEcid ?? saved?.row.mhra_ecid ?? null,
    nicotineMgMl: Math.max(nicotineBefore, ...newRows.map((r) => r.nicotineStrength)),
    flavours: appendNew(device ? textList(device.flavours) : [], newRows.map((r) => r.flavour).filter(Boolean)),
    strengths,
    puffCounts: appendNew(
      device ? numberList(device.puff_counts) : [],
      newRows.flatMap((r) => (r.puffCount === null ? [] : [r.puffCount])),
    ),
  };
}

/** What changes of an item the shop has, in words for the dry run: its answers, its MHRA number, its nicotine. */
export function factChanges(item: ItemRef, facts: ItemFacts): string[] {
  const saved = item.saved!;
  const row = saved.row;
  const out: string[] = [];
  if (saved.kind === "device") {
    if (facts.rechargeable !== (Number(saved.row.rechargeable) === 1))
      out.push(facts.rechargeable ? "rechargeable" : "not rechargeable");
    if (facts.refill !== saved.row.refill && facts.refill)
      out.push(`refill: ${refillLabels[facts.refill].toLowerCase()}`);
  }
  const before = (value: unknown) => (value == null ? null : Number(value));
  if (facts.podMl !== before(row.pod_ml)) out.push(`pod ${facts.podMl} ml`);
  if (saved.kind === "flavour" && facts.bottleMl !== before(saved.row.bottle_ml))
    out.push(`bottle ${facts.bottleMl} ml`);
  if (facts.mhraEcid !== (row.mhra_ecid ?? null)) out.push(`MHRA number ${facts.mhraEcid}`);
  if (facts.nicotineMgMl !== Number(row.nicotine_mg_ml))
    out.push(`nicotine ${Number(row.nicotine_mg_ml)} → ${facts.nicotineMgMl} mg/ml`);
  return out;
}

/** The item as its form would hold it after the import, for the checks publishing applies. */
export async function formValues(
  db: Db,
  rows: CatalogCsvRow[],
  item: ItemRef | null,
  facts: ItemFacts,
  images: string[],
): Promise<{ kind: "device"; values: DeviceValues } | { kind: "flavour"; values: FlavourValues } | null> {
  const first = rows[0]!;
  const common = {
    nicotineMgMl: String(facts.nicotineMgMl),
    podMl: facts.podMl === null ? "" : String(facts.podMl),
    mhraEcid: facts.mhraEcid ?? "",
  };
  if (first.kind === "device") {
    const saved = item && (await getDeviceEditor(db, item.id));
    if (item && !saved) return null;
    const values: DeviceValues = saved?.values ?? {
      name: first.name,
      slug: first.handle,
      description: first.description,
      price: centsToText(first.priceCents),
      originalPrice: "",
      flavours: "",
      nicotineStrengths: "",
      puffCounts: "",
      features: "",
      detailsDescription: "",
      specifications: "",
      nicotineMgMl: "",
      podMl: "",
      mhraEcid: "",
      rechargeable: "",
      refill: "",
      featured: "",
      position: "",
      images,
    };
    return {
      kind: "device",
      values: {
        ...values,
        ...common,
        flavours: facts.flavours.join("\n"),
        nicotineStrengths: facts.strengths.join("\n"),
        puffCounts: facts.puffCounts.join("\n"),
        rechargeable: facts.rechargeable ? "yes" : first.rechargeable === false || saved ? "no" : "",
        refill: facts.refill ?? "",
      },
    };
  }
  const saved = item && (await getFlavourEditor(db, item.id));
  if (item && !saved) return null;
  const values: FlavourValues = saved?.values ?? {
    name: first.name,
    slug: first.handle,
    description: first.description,
    // A new device of the file has no id yet; the check asks only that there is one.
    deviceId: "device-of-the-file",
    price: centsToText(first.priceCents),
    sizes: "",
    nicotineMgMl: "",
    podMl: "",
    bottleMl: "",
    mhraEcid: "",
    images,
  };
  return {
    kind: "flavour",
    values: {
      ...values,
      ...common,
      sizes: facts.strengths.join("\n"),
      bottleMl: facts.bottleMl === null ? "" : String(facts.bottleMl),
    },
  };
}

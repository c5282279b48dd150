// The catalogue CSV's columns for publishing (docs/decisions/069): Rechargeable, Refill, Pod size (ml), Bottle size
// (ml) and Status, read as the item's, optional so that a file exported before them still reads.
import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { CATALOG_CSV_COLUMNS, OPTIONAL_CATALOG_CSV_COLUMNS } from "./catalog-csv";
import { parseCatalogCsv } from "./catalog-csv.server";
import { device, file, flavour, messages } from "./testing/catalog-csv-fixture";

const facts = (row: {
  status: unknown;
  rechargeable: unknown;
  refill: unknown;
  podMl: unknown;
  bottleMl: unknown;
}) => ({
  status: row.status,
  rechargeable: row.rechargeable,
  refill: row.refill,
  podMl: row.podMl,
  bottleMl: row.bottleMl,
});

describe("what publishing needs, in the shop's CSV", () => {
  it("reads a device's answers and a flavour's sizes, and the Status of each", async () => {
    const read = await parseCatalogCsv(
      file(
        { ...device, Rechargeable: "yes", Refill: "pods", "Pod size (ml)": "2", Status: "active" },
        { ...flavour, "Pod size (ml)": "1.5", "Bottle size (ml)": "10 ml", Status: "Draft" },
      ),
    );
    expect(read.problems).toEqual([]);
    expect(read.rows.map(facts)).toEqual([
      { status: "active", rechargeable: true, refill: "pods", podMl: 2, bottleMl: null },
      { status: "draft", rechargeable: null, refill: null, podMl: 1.5, bottleMl: 10 },
    ]);
  });

  it("takes the words staff would write, and empty as not said", async () => {
    const device1 = async (cells: Record<string, string>) =>
      facts((await parseCatalogCsv(file({ ...device, ...cells }))).rows[0]!);
    expect(await device1({ Rechargeable: "No", Refill: "Replaceable coils" })).toMatchObject({
      rechargeable: false,
      refill: "coils",
    });
    expect(await device1({ Refill: "single-use" })).toMatchObject({ refill: "none" });
    expect(await device1({})).toEqual({ status: null, rechargeable: null, refill: null, podMl: null, bottleMl: null });
  });

  it("refuses what is not an answer, and sizes over the UK limits", async () => {
    expect(
      await messages(
        file({
          ...device,
          Rechargeable: "sometimes",
          Refill: "tank",
          "Pod size (ml)": "3",
          Status: "live",
        }),
      ),
    ).toEqual([
      'Line 2: the Status "live" must be active or draft (empty leaves it as it is).',
      'Line 2: Rechargeable "sometimes" must be yes or no (empty when not known).',
      'Line 2: Refill "tank" must be pods (refillable pods), coils (replaceable coils) or none (single-use), or empty.',
      'Line 2: the pod size "3" must be a number of ml above 0 and at most 2 (the UK limit for a pod or tank is 2 ml).',
    ]);
    expect(await messages(file({ ...flavour, "Bottle size (ml)": "20" }))).toEqual([
      'Line 2: the bottle size "20" must be a number of ml above 0 and at most 10 (the UK limit for a refill bottle is 10 ml).',
    ]);
  });

  it("keeps each kind to its own facts", async () => {
    expect(await messages(file({ ...device, "Bottle size (ml)": "10" }))).toEqual([
      "Line 2: bar is a Device, so its Bottle size (ml) must be empty.",
    ]);
    expect(await messages(file({ ...flavour, Rechargeable: "yes", Refill: "pods" }))).toEqual([
      "Line 2: mango-ice is a Flavour, so its Rechargeable must be empty.",
      "Line 2: mango-ice is a Flavour, so its Refill must be empty.",
    ]);
  });

  it("reads them as the item's: later rows may leave them empty, not say otherwise", async () => {
    const second = { ...device, SKU: "BAR-MANGO", Flavour: "Mango", Barcode: "" };
    const read = await parseCatalogCsv(file({ ...device, Rechargeable: "yes", Status: "active" }, second));
    expect(read.rows.map((r) => [r.rechargeable, r.status])).toEqual([
      [true, "active"],
      [true, "active"],
    ]);
    expect(await messages(file({ ...device, Status: "active" }, { ...second, Status: "draft" }))).toEqual([
      'Line 3: the Status "draft" differs from "active" on line 2: rows of one handle are one item, so leave it empty or write the same.',
    ]);
  });

  it("reads a file exported before these columns: its items' answers and status are not said", async () => {
    const older = CATALOG_CSV_COLUMNS.filter((name) => !OPTIONAL_CATALOG_CSV_COLUMNS.includes(name));
    const text = stringify([older, older.map((name) => device[name] ?? "")]);
    const read = await parseCatalogCsv(text);
    expect(read.problems).toEqual([]);
    expect(facts(read.rows[0]!)).toEqual({
      status: null,
      rechargeable: null,
      refill: null,
      podMl: null,
      bottleMl: null,
    });
  });
});

/**
 * The catalogue out as CSV (issue 30; docs/decisions/042, 043, 069): every item and variant on sale or in draft, one row
 * per variant, in the columns the import reads back (catalog-import.service.server), with what publishing needs and
 * whether the item is shown, so the file imported into an empty shop gives the same items, shown as they were.
 */
import type { Db } from "~/db/database.server";
import { textList } from "~/db/json-text";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { catalogCsv, type CatalogCsvRow } from "./catalog-csv.server";
import { optionsOfRow } from "~/modules/catalog/catalog-rows.server";
import { findVariantRowsOf } from "~/modules/catalog/variants.service.server";
import * as repo from "../catalog-admin.repository.server";

/** Every device and flavour (drafts and archived ones too) and each variant still sold, as the shop's CSV. */
export async function exportCatalogue(db: Db, actor: SessionUser | null): Promise<string> {
  assertAllowed(actor, "catalogue.export");
  const devices = await repo.findAllDevices(db);
  const flavours = await repo.findAllFlavours(db);
  const variants = [
    ...(await findVariantRowsOf(
      db,
      "device",
      devices.map((d) => d.id),
    )),
    ...(await findVariantRowsOf(
      db,
      "flavour",
      flavours.map((f) => f.id),
    )),
  ].filter((v) => Number(v.archived) === 0);
  const rows: Array<Omit<CatalogCsvRow, "line">> = [];
  const nullable = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  const items = [
    ...devices.map((d) => ({
      kind: "device" as const,
      row: d,
      deviceHandle: null,
      facts: {
        rechargeable: Number(d.rechargeable) === 1,
        refill: d.refill,
        podMl: nullable(d.pod_ml),
        bottleMl: null,
      },
    })),
    ...flavours.map((f) => ({
      kind: "flavour" as const,
      row: f,
      deviceHandle: f.device_slug,
      facts: { rechargeable: null, refill: null, podMl: nullable(f.pod_ml), bottleMl: nullable(f.bottle_ml) },
    })),
  ];
  const variantsOf = new Map<string, typeof variants>();
  for (const v of variants)
    variantsOf.set(`${v.kind}|${v.item_id}`, [...(variantsOf.get(`${v.kind}|${v.item_id}`) ?? []), v]);
  for (const { kind, row, deviceHandle, facts } of items)
    for (const v of (variantsOf.get(`${kind}|${row.id}`) ?? []).sort((a, b) => Number(a.position) - Number(b.position)))
      rows.push({
        sku: v.sku,
        kind,
        handle: row.slug,
        name: row.name,
        description: row.description,
        deviceHandle,
        ...optionsOfRow(v),
        barcode: v.barcode,
        liquidTenths: nullable(v.liquid_tenths),
        priceCents: v.price_cents === null ? Number(row.price_cents) : Number(v.price_cents),
        stock: Number(v.stock_quantity),
        trackStock: Number(v.track_stock) === 1,
        images: textList(row.images),
        mhraEcid: row.mhra_ecid,
        ...facts,
        status: Number(row.archived) === 1 ? "draft" : "active",
      });
  const csv = catalogCsv(rows);
  await recordAudit(db, auditActorOf(actor), {
    action: "catalogue.export",
    entity: "catalogue",
    details: { devices: devices.length, flavours: flavours.length, rows: rows.length },
  });
  return csv;
}

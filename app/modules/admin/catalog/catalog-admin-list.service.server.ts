import { itemTables } from "~/db/values";
import { bumpStorefrontVersion } from "~/db/content-version.server";
import type { Db } from "~/db/database.server";
import { firstText } from "~/db/json-text";
import { likePattern } from "~/db/like.server";
import type { SessionUser } from "~/modules/accounts/accounts";
import { catalogIdSchema } from "~/modules/catalog/catalog.schema";
import { stockOf } from "~/modules/catalog/catalog-rows.server";
import type { CatalogKind } from "./catalog-admin";
import type {
  ArchiveFilter,
  CatalogListItem,
  CatalogListPage,
  CatalogSortColumn,
  StockFilter,
} from "./catalog-admin-list";
import * as repo from "./catalog-admin.repository.server";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { pageWindow, type SortDirection } from "~/lib/listing";

export type CatalogListParams = {
  q: string;
  sort: CatalogSortColumn;
  dir: SortDirection;
  rawPage: string | null;
  show: ArchiveFilter;
  stock: StockFilter;
};

/**
 * One page of the back-office list of devices or flavours: search by name, slug, SKU or barcode, filter by archived or
 * by the stock of their variants, sort.
 */
export async function listCatalogItems(
  db: Db,
  kind: CatalogKind,
  params: CatalogListParams,
  lowThreshold: number,
): Promise<CatalogListPage> {
  const filter = {
    pattern: params.q ? likePattern(params.q) : null,
    show: params.show,
    stock: params.stock,
    lowThreshold,
  };
  const total = await repo.countItems(db, itemTables[kind], filter);
  const { page, totalPages, offset, limit } = pageWindow(params.rawPage, total);
  const query = { ...filter, sort: params.sort, dir: params.dir, limit, offset };
  const common = (r: Awaited<ReturnType<typeof repo.findDevicePage>>[number]): CatalogListItem => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    image: firstText(r.images),
    priceCents: Number(r.price_cents),
    stock: stockOf(r),
    variantStock: { low: Number(r.low_variants), out: Number(r.out_variants), toCheck: Number(r.check_variants) },
    archived: Number(r.archived) === 1,
    updatedAt: r.updated_at,
  });
  const items =
    kind === "device"
      ? (await repo.findDevicePage(db, query)).map(common)
      : (await repo.findFlavourPage(db, query)).map((r) => ({
          ...common(r),
          device: { name: r.device_name, archived: Number(r.device_archived) === 1 },
        }));
  return { items, total, page, totalPages, offset };
}

/** Archives (hides from the shop) or restores a device or flavour; false for an unknown id. A device's flavours follow it. */
async function setArchived(
  db: Db,
  actor: SessionUser | null,
  kind: CatalogKind,
  id: string,
  archived: boolean,
): Promise<boolean> {
  assertAllowed(actor, "catalogue.edit");
  if (!catalogIdSchema.safeParse(id).success) return false;
  const update = kind === "device" ? repo.updateDevice : repo.updateFlavour;
  return db.transaction().execute(async (trx) => {
    const found = await update(trx, id, { archived: archived ? 1 : 0, updated_at: new Date().toISOString() });
    if (!found) return false;
    await recordAudit(trx, auditActorOf(actor), {
      action: archived ? "catalogue.item-archive" : "catalogue.item-publish",
      entity: kind,
      entityId: id,
    });
    await bumpStorefrontVersion(trx);
    return true;
  });
}

export const setDeviceArchived = (db: Db, actor: SessionUser | null, id: string, archived: boolean) =>
  setArchived(db, actor, "device", id, archived);
export const setFlavourArchived = (db: Db, actor: SessionUser | null, id: string, archived: boolean) =>
  setArchived(db, actor, "flavour", id, archived);

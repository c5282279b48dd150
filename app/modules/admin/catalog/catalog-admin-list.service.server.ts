import type { Db } from "~/db/database.server";
import { firstText } from "~/db/json-text";
import { likePattern } from "~/db/like.server";
import { stockOf } from "~/modules/catalog/catalog-rows.server";
import type { ArchiveFilter, CatalogKind, CatalogListItem, CatalogListPage, CatalogSortColumn, StockFilter } from "./catalog-admin";
import * as repo from "./catalog-admin.repository.server";
import { pageWindow, type SortDirection } from "../listing";

const tableOf = { device: "products", flavour: "flavours" } as const;

export type CatalogListParams = { q: string; sort: CatalogSortColumn; dir: SortDirection; rawPage: string | null; show: ArchiveFilter; stock: StockFilter };

/** One page of the back-office list of devices or flavours: search by name or slug, filter by archived or stock, sort. */
export async function listCatalogItems(db: Db, kind: CatalogKind, params: CatalogListParams, lowThreshold: number): Promise<CatalogListPage> {
  const filter = { pattern: params.q ? likePattern(params.q) : null, show: params.show, stock: params.stock, lowThreshold };
  const total = await repo.countItems(db, tableOf[kind], filter);
  const { page, totalPages, offset, limit } = pageWindow(params.rawPage, total);
  const query = { ...filter, sort: params.sort, dir: params.dir, limit, offset };
  const common = (r: Awaited<ReturnType<typeof repo.findDevicePage>>[number]): CatalogListItem => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    image: firstText(r.images),
    priceCents: Number(r.price_cents),
    stock: stockOf(r),
    archived: Number(r.archived) === 1,
    updatedAt: r.updated_at,
  });
  const items =
    kind === "device"
      ? (await repo.findDevicePage(db, query)).map(common)
      : (await repo.findFlavourPage(db, query)).map((r) => ({ ...common(r), device: { name: r.device_name, archived: Number(r.device_archived) === 1 } }));
  return { items, total, page, totalPages, offset };
}

import { sql, type Insertable, type RawBuilder, type SelectQueryBuilder, type Updateable } from "kysely";
import type { Db } from "~/db/database.server";
import { likeMatch } from "~/db/like.server";
import type { CatalogImportsTable, Database, DevicesTable, FlavoursTable } from "~/db/schema";
import type { ItemKind } from "~/db/values";
import type { ArchiveFilter, CatalogSortColumn, StockFilter } from "./catalog-admin-list";
import type { SortDirection } from "~/lib/listing";

// Every query of the back-office catalogue. Rows in, rows out: catalog-admin.service.server.ts shapes them.

export type ListQuery = Filter & { sort: CatalogSortColumn; dir: SortDirection; limit: number; offset: number };
type Table = "devices" | "flavours";
const kindOf = { devices: "device", flavours: "flavour" } as const satisfies Record<Table, ItemKind>;

type Filter = { pattern: string | null; show: ArchiveFilter; stock: StockFilter; lowThreshold: number };

/** `from variants v where <the row's own variants on sale>`, for the subqueries below (`t` is the item's alias). */
const ownVariants = (table: Table) =>
  sql`from variants v where v.kind = ${kindOf[table]} and v.item_id = t.id and v.archived = 0`;

/**
 * The stock columns of a list row: the units of its tracked variants, whether any is made to order, and how many of
 * its variants are low (at or under the threshold, out ones too), out, and to check.
 */
const stockColumns = (table: Table, lowThreshold: number) => {
  const when = variantConditions(lowThreshold);
  const count = (condition: RawBuilder<unknown>) =>
    sql<number>`(select count(*) ${ownVariants(table)} and ${condition})`;
  return [
    sql<number>`coalesce((select sum(v.stock_quantity) ${ownVariants(table)} and v.track_stock = 1), 0)`.as(
      "stock_quantity",
    ),
    sql<number>`case when exists (select 1 ${ownVariants(table)} and v.track_stock = 0) then 0 else 1 end`.as(
      "track_stock",
    ),
    count(when.low).as("low_variants"),
    count(when.out).as("out_variants"),
    count(when.check).as("check_variants"),
  ];
};

/** What each stock filter asks of a variant on sale (`v`). */
const variantConditions = (lowThreshold: number) => ({
  low: sql`v.track_stock = 1 and v.stock_quantity <= ${lowThreshold}`,
  out: sql`v.track_stock = 1 and v.stock_quantity = 0`,
  untracked: sql`v.track_stock = 0`,
  check: sql`v.stock_to_check = 1`,
});

/**
 * The search, archived and stock filters (the same on either table). Search finds the name, the slug, or a variant's
 * SKU or barcode; the stock filters are by variant: an item is listed when one of its variants on sale is low, out,
 * untracked, or has stock moved to it when variants began (to check).
 */
function filtered(db: Db, table: Table, { pattern, show, stock, lowThreshold }: Filter) {
  let q = db.selectFrom(`${table} as t` as "devices as t");
  if (show !== "all") q = q.where("t.archived", "=", show === "archived" ? 1 : 0);
  if (pattern)
    q = q.where((eb) =>
      eb.or([
        likeMatch("t.name", pattern),
        likeMatch("t.slug", pattern),
        sql<boolean>`exists (select 1 from variants v where v.kind = ${kindOf[table]} and v.item_id = t.id
          and (lower(v.sku) like ${pattern} escape '\\' or v.barcode like ${pattern} escape '\\'))`,
      ]),
    );
  const variantCondition = stock === "all" ? null : variantConditions(lowThreshold)[stock];
  if (variantCondition) q = q.where(sql<boolean>`exists (select 1 ${ownVariants(table)} and ${variantCondition})`);
  return q;
}

export async function countItems(db: Db, table: Table, filter: Filter): Promise<number> {
  const row = await filtered(db, table, filter)
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

const listColumns = ["t.id", "t.name", "t.slug", "t.images", "t.price_cents", "t.archived", "t.updated_at"] as const;

/** The list's order: by the chosen column (stock: the units of its variants), then name and id. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the devices' or the flavours' query, each its own type
function ordered<Q extends SelectQueryBuilder<any, any, any>>(query: Q, table: Table, list: ListQuery): Q {
  const first =
    list.sort === "stock"
      ? sql`coalesce((select sum(v.stock_quantity) ${ownVariants(table)} and v.track_stock = 1), 0)`
      : sql.ref(`t.${sortColumns[list.sort]}`);
  return query.orderBy(first, list.dir).orderBy("t.name").orderBy("t.id").limit(list.limit).offset(list.offset) as Q;
}

const sortColumns = { name: "name", price: "price_cents", updated: "updated_at" } as const;

export function findDevicePage(db: Db, query: ListQuery) {
  return ordered(
    filtered(db, "devices", query).select(listColumns).select(stockColumns("devices", query.lowThreshold)),
    "devices",
    query,
  )
    .$castTo<ListRow>()
    .execute();
}

export function findFlavourPage(db: Db, query: ListQuery) {
  const base = filtered(db, "flavours", query) as unknown as SelectQueryBuilder<
    Database & { t: FlavoursTable; p: DevicesTable },
    "t" | "p",
    object
  >;
  return ordered(
    base
      .leftJoin("devices as p", "p.id", "t.device_id")
      .select(listColumns)
      .select(stockColumns("flavours", query.lowThreshold))
      .select(["p.name as device_name", "p.archived as device_archived"]),
    "flavours",
    query,
  )
    .$castTo<ListRow & { device_name: string | null; device_archived: number | null }>()
    .execute();
}

type ListRow = {
  id: string;
  name: string;
  slug: string;
  images: DevicesTable["images"];
  price_cents: number;
  archived: number;
  updated_at: string;
  stock_quantity: number;
  track_stock: number;
  low_variants: number | string;
  out_variants: number | string;
  check_variants: number | string;
};

/** A device whatever its state (the back office sees archived ones too). */
export function findDevice(db: Db, id: string) {
  return db.selectFrom("devices").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findFlavour(db: Db, id: string) {
  return db
    .selectFrom("flavours as f")
    .leftJoin("devices as p", "p.id", "f.device_id")
    .selectAll("f")
    .select(["p.name as device_name", "p.archived as device_archived"])
    .where("f.id", "=", id)
    .executeTakeFirst();
}

/** The id of the item using `slug` in `table`, if any. */
export async function slugOwner(db: Db, table: Table, slug: string): Promise<string | null> {
  const row = await db.selectFrom(table).select("id").where("slug", "=", slug).executeTakeFirst();
  return row?.id ?? null;
}

/** Devices a flavour may belong to: every device not archived, plus `keepId` (a flavour's current device). */
export function findDeviceChoices(db: Db, keepId: string | null) {
  return db
    .selectFrom("devices")
    .select(["id", "name", "archived"])
    .where((eb) => (keepId ? eb.or([eb("archived", "=", 0), eb("id", "=", keepId)]) : eb("archived", "=", 0)))
    .orderBy("position")
    .orderBy("name")
    .execute();
}

export async function nextDevicePosition(db: Db): Promise<number> {
  const row = await db
    .selectFrom("devices")
    .select((eb) => eb.fn.max("position").as("max"))
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

/** Which of these upload file names were really uploaded here. */
export async function knownUploads(db: Db, fileNames: string[]): Promise<Set<string>> {
  if (fileNames.length === 0) return new Set();
  const rows = await db.selectFrom("uploads").select("file_name").where("file_name", "in", fileNames).execute();
  return new Set(rows.map((r) => r.file_name));
}

export async function insertDevice(db: Db, row: Insertable<DevicesTable>): Promise<void> {
  await db.insertInto("devices").values(row).execute();
}

export async function updateDevice(db: Db, id: string, changes: Updateable<DevicesTable>): Promise<boolean> {
  const result = await db.updateTable("devices").set(changes).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function insertFlavour(db: Db, row: Insertable<FlavoursTable>): Promise<void> {
  await db.insertInto("flavours").values(row).execute();
}

export async function updateFlavour(db: Db, id: string, changes: Updateable<FlavoursTable>): Promise<boolean> {
  const result = await db.updateTable("flavours").set(changes).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

// ---------- the catalogue file ----------

/** Devices by slug (a few hundred at a time), archived ones too, with everything an import reads of them. */
export async function findDevicesBySlug(db: Db, slugs: string[]) {
  if (slugs.length === 0) return [];
  return db.selectFrom("devices").selectAll().where("slug", "in", slugs).execute();
}

/** Flavours by slug (a few hundred at a time), archived ones too, with everything an import reads of them. */
export async function findFlavoursBySlug(db: Db, slugs: string[]) {
  if (slugs.length === 0) return [];
  return db.selectFrom("flavours").selectAll().where("slug", "in", slugs).execute();
}

/** Every device, in the shop's order (the export). */
export const findAllDevices = (db: Db) =>
  db.selectFrom("devices").selectAll().orderBy("position").orderBy("name").orderBy("id").execute();

/** Every flavour with its device's slug, in device order then name (the export). */
export const findAllFlavours = (db: Db) =>
  db
    .selectFrom("flavours as f")
    .innerJoin("devices as p", "p.id", "f.device_id")
    .selectAll("f")
    .select("p.slug as device_slug")
    .orderBy("p.position")
    .orderBy("f.name")
    .orderBy("f.id")
    .execute();

export async function insertCatalogImport(db: Db, row: Insertable<CatalogImportsTable>): Promise<void> {
  await db.insertInto("catalog_imports").values(row).execute();
}

export const findCatalogImport = (db: Db, id: string, staffId: string) =>
  db
    .selectFrom("catalog_imports")
    .selectAll()
    .where("id", "=", id)
    .where("created_by", "=", staffId)
    .executeTakeFirst();

/** Drops one waiting file, or (id null) every one older than `before`. */
export async function deleteCatalogImports(db: Db, which: { id: string } | { before: string }): Promise<void> {
  const query = db.deleteFrom("catalog_imports");
  await ("id" in which ? query.where("id", "=", which.id) : query.where("created_at", "<", which.before)).execute();
}

import type { Insertable, Updateable } from "kysely";
import type { Db } from "~/db/database.server";
import { likeMatch } from "~/db/like.server";
import type { DevicesTable, FlavoursTable } from "~/db/schema";
import type { ArchiveFilter, CatalogSortColumn, StockFilter } from "./catalog-admin-list";
import type { SortDirection } from "~/lib/listing";

// Every query of the back-office catalogue. Rows in, rows out: catalog-admin.service.server.ts shapes them.

export type ListQuery = Filter & { sort: CatalogSortColumn; dir: SortDirection; limit: number; offset: number };
type Table = "devices" | "flavours";

const sortColumns = {
  name: "name",
  price: "price_cents",
  stock: "stock_quantity",
  updated: "updated_at",
} as const satisfies Record<CatalogSortColumn, string>;

type Filter = { pattern: string | null; show: ArchiveFilter; stock: StockFilter; lowThreshold: number };

// The same search, archived and stock filters on either table (written twice: Kysely types each table's builder apart).
function devices(db: Db, { pattern, show, stock, lowThreshold }: Filter) {
  let q = db.selectFrom("devices as t");
  if (show !== "all") q = q.where("t.archived", "=", show === "archived" ? 1 : 0);
  if (pattern) q = q.where((eb) => eb.or([likeMatch("t.name", pattern), likeMatch("t.slug", pattern)]));
  if (stock === "untracked") q = q.where("t.track_stock", "=", 0);
  else if (stock !== "all")
    q = q
      .where("t.track_stock", "=", 1)
      .where("t.stock_quantity", stock === "out" ? "=" : "<=", stock === "out" ? 0 : lowThreshold);
  return q;
}

function flavours(db: Db, { pattern, show, stock, lowThreshold }: Filter) {
  let q = db.selectFrom("flavours as t");
  if (show !== "all") q = q.where("t.archived", "=", show === "archived" ? 1 : 0);
  if (pattern) q = q.where((eb) => eb.or([likeMatch("t.name", pattern), likeMatch("t.slug", pattern)]));
  if (stock === "untracked") q = q.where("t.track_stock", "=", 0);
  else if (stock !== "all")
    q = q
      .where("t.track_stock", "=", 1)
      .where("t.stock_quantity", stock === "out" ? "=" : "<=", stock === "out" ? 0 : lowThreshold);
  return q;
}

export async function countItems(db: Db, table: Table, filter: Filter): Promise<number> {
  const base = table === "devices" ? devices(db, filter) : flavours(db, filter);
  const row = await base.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findDevicePage(db: Db, query: ListQuery) {
  return devices(db, query)
    .select([
      "t.id",
      "t.name",
      "t.slug",
      "t.images",
      "t.price_cents",
      "t.stock_quantity",
      "t.track_stock",
      "t.archived",
      "t.updated_at",
    ])
    .orderBy(`t.${sortColumns[query.sort]}`, query.dir)
    .orderBy("t.name")
    .orderBy("t.id")
    .limit(query.limit)
    .offset(query.offset)
    .execute();
}

export function findFlavourPage(db: Db, query: ListQuery) {
  return flavours(db, query)
    .leftJoin("devices as p", "p.id", "t.device_id")
    .select([
      "t.id",
      "t.name",
      "t.slug",
      "t.images",
      "t.price_cents",
      "t.stock_quantity",
      "t.track_stock",
      "t.archived",
      "t.updated_at",
      "p.name as device_name",
      "p.archived as device_archived",
    ])
    .orderBy(`t.${sortColumns[query.sort]}`, query.dir)
    .orderBy("t.name")
    .orderBy("t.id")
    .limit(query.limit)
    .offset(query.offset)
    .execute();
}

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

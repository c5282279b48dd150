import { likeMatch, likePattern } from "~/db/like.server";
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import type { CatalogSort } from "./catalog";

// Every query of the catalogue. Rows in, rows out: the service shapes them.

export function findDevices(db: Db) {
  return db.selectFrom("products").selectAll().where("archived", "=", 0).orderBy("position").execute();
}

export function findDeviceFilters(db: Db) {
  return db
    .selectFrom("products")
    .select(["slug", "name"])
    .where("archived", "=", 0)
    .orderBy("position")
    .execute();
}

export function findDeviceById(db: Db, id: string) {
  return db.selectFrom("products").selectAll().where("id", "=", id).where("archived", "=", 0).executeTakeFirst();
}

const flavourWithDevice = (db: Db) =>
  db
    .selectFrom("flavours as f")
    .innerJoin("products as p", "p.id", "f.device_id")
    .where("f.archived", "=", 0)
    .where("p.archived", "=", 0);

export function findFlavourById(db: Db, id: string) {
  return flavourWithDevice(db)
    .selectAll("f")
    .select(["p.name as device_name", "p.slug as device_slug"])
    .where("f.id", "=", id)
    .executeTakeFirst();
}

export function findFlavourCards(db: Db, options: { deviceSlug?: string; limit?: number }) {
  let query = flavourWithDevice(db)
    .select(["f.id", "f.name", "f.images", "f.price_cents", "p.name as device_name"])
    .orderBy("p.position")
    .orderBy("f.name");
  if (options.deviceSlug) query = query.where("p.slug", "=", options.deviceSlug);
  if (options.limit) query = query.limit(options.limit);
  return query.execute();
}

export { likePattern };
const matches = likeMatch;

/**
 * Devices and flavours as one list of cards, so /products can sort and page them together.
 * With a search pattern: devices by name, description or flavour list; flavours by name, description or device name.
 */
function catalogCards(db: Db, sort: CatalogSort, pattern?: string) {
  let devices = db
    .selectFrom("products")
    .select([
      sql<string>`'device'`.as("kind"),
      "id",
      "name",
      "images",
      "price_cents",
      sql<string>`'Device'`.as("tag"),
      sql<number>`0`.as("group_order"),
      "position",
    ])
    .where("archived", "=", 0);
  let flavours = flavourWithDevice(db).select([
    sql<string>`'flavour'`.as("kind"),
    "f.id",
    "f.name",
    "f.images",
    "f.price_cents",
    "p.name as tag",
    sql<number>`1`.as("group_order"),
    "p.position",
  ]);
  if (pattern) {
    devices = devices.where((eb) =>
      eb.or([matches("name", pattern), matches("description", pattern), matches("flavors", pattern)]),
    );
    flavours = flavours.where((eb) =>
      eb.or([matches("f.name", pattern), matches("f.description", pattern), matches("p.name", pattern)]),
    );
  }
  if (sort === "devices") return db.selectFrom(devices.as("c")).selectAll();
  if (sort === "flavours") return db.selectFrom(flavours.as("c")).selectAll();
  return db.selectFrom(devices.unionAll(flavours).as("c")).selectAll();
}

export async function countCatalogCards(db: Db, sort: CatalogSort, pattern?: string): Promise<number> {
  const row = await db
    .selectFrom(catalogCards(db, sort, pattern).as("cards"))
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findCatalogCards(db: Db, sort: CatalogSort, limit: number, offset: number, pattern?: string) {
  let query = catalogCards(db, sort, pattern);
  switch (sort) {
    case "price-asc":
      query = query.orderBy("price_cents", "asc");
      break;
    case "price-desc":
      query = query.orderBy("price_cents", "desc");
      break;
    case "name":
      break;
    default:
      query = query.orderBy("group_order").orderBy("position");
  }
  return query.orderBy("name").orderBy("id").limit(limit).offset(offset).execute();
}

export function findReviews(db: Db) {
  return db.selectFrom("reviews").selectAll().orderBy("position").execute();
}

export async function countDevices(db: Db): Promise<number> {
  const row = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

import { sql, type RawBuilder } from "kysely";
import type { Db } from "~/db/database.server";
import type { ItemKind } from "~/db/values";
import type { CatalogSort } from "./catalog";

// Every query of the catalogue. Rows in, rows out: the service shapes them.

export function findHomeDevices(db: Db, limit: number) {
  return db
    .selectFrom("devices as d")
    .select(["d.id", "d.name", "d.description", "d.images"])
    .select(itemStockColumns("device", "d.id"))
    .where("d.archived", "=", 0)
    .orderBy("d.featured", "desc")
    .orderBy("d.position")
    .limit(limit)
    .execute();
}

/**
 * An item's stock from its variants on sale, as two columns (catalog_items and the items' rows do not copy stock: it
 * changes with every order): the units of them all, and tracked unless one is made to order.
 */
function variantStock(kind: RawBuilder<unknown>, id: RawBuilder<unknown>) {
  const own = sql`from variants v where v.kind = ${kind} and v.item_id = ${id} and v.archived = 0`;
  return [
    sql<number>`coalesce((select sum(v.stock_quantity) ${own} and v.track_stock = 1), 0)`.as("stock_quantity"),
    sql<number>`case when exists (select 1 ${own} and v.track_stock = 0) then 0 else 1 end`.as("track_stock"),
  ];
}

/** The stock columns of a device or flavour row (`idColumn`: its id in the query). */
export const itemStockColumns = (kind: ItemKind, idColumn: string) => variantStock(sql`${kind}`, sql.ref(idColumn));

/**
 * Devices and flavours still on sale among these ids (a flavour only while its device is too), with what a cart line
 * or a wishlist card shows of them: the one query the cart and the wishlist share.
 */
export async function findItemsOnSale(db: Db, deviceIds: string[], flavourIds: string[]) {
  const devices = deviceIds.length
    ? await db
        .selectFrom("devices")
        .select(["id", "name", "images", "price_cents", sql.lit("Device").as("tag")])
        .where("id", "in", deviceIds)
        .where("archived", "=", 0)
        .execute()
    : [];
  const flavours = flavourIds.length
    ? await flavourWithDevice(db)
        .select(["f.id", "f.name", "f.images", "f.price_cents", "p.name as tag"])
        .where("f.id", "in", flavourIds)
        .execute()
    : [];
  return { devices, flavours };
}

export function findDeviceFilters(db: Db) {
  return db.selectFrom("devices").select(["slug", "name"]).where("archived", "=", 0).orderBy("position").execute();
}

export function findDeviceById(db: Db, id: string) {
  return db.selectFrom("devices").selectAll().where("id", "=", id).where("archived", "=", 0).executeTakeFirst();
}

const flavourWithDevice = (db: Db) =>
  db
    .selectFrom("flavours as f")
    .innerJoin("devices as p", "p.id", "f.device_id")
    .where("f.archived", "=", 0)
    .where("p.archived", "=", 0);

export function findFlavourById(db: Db, id: string) {
  return flavourWithDevice(db)
    .selectAll("f")
    .select(["p.name as device_name", "p.slug as device_slug"])
    .where("f.id", "=", id)
    .executeTakeFirst();
}

/** A card row as the repository gives it: catalog_items' columns and its item's stock. */
export type CardRow = {
  kind: ItemKind;
  id: string;
  name: string;
  image: string | null;
  price_cents: number;
  tag: string;
  stock_quantity: number;
  track_stock: number;
};

const visibleItems = (db: Db) => db.selectFrom("catalog_items").where("visible", "=", 1);
type Items = ReturnType<typeof visibleItems>;
const cardColumns = ["kind", "item_id as id", "name", "image", "price_cents", "tag"] as const;

/** A card's stock columns; `items` is catalog_items' name or alias in the query. */
export const stockColumns = (items: string) => variantStock(sql.ref(`${items}.kind`), sql.ref(`${items}.item_id`));
type Order = Array<["kind_order" | "position" | "price_cents" | "name" | "item_id", "asc" | "desc"]>;

/** Every order ends in name and id (so pages are stable), and each is an index of catalog_items (the migration). */
const orders: Record<CatalogSort | "flavours", Order> = {
  featured: [
    ["kind_order", "asc"],
    ["position", "asc"],
    ["name", "asc"],
    ["item_id", "asc"],
  ],
  devices: [
    ["kind_order", "asc"],
    ["position", "asc"],
    ["name", "asc"],
    ["item_id", "asc"],
  ],
  flavours: [
    ["kind_order", "asc"],
    ["position", "asc"],
    ["name", "asc"],
    ["item_id", "asc"],
  ],
  "price-asc": [
    ["price_cents", "asc"],
    ["name", "asc"],
    ["item_id", "asc"],
  ],
  "price-desc": [
    ["price_cents", "desc"],
    ["name", "asc"],
    ["item_id", "asc"],
  ],
  name: [
    ["name", "asc"],
    ["item_id", "asc"],
  ],
};

/**
 * One page of cards: the page's rows are found on the order's index alone (a deep page walks index entries, reads
 * no rows and sorts nothing), then only those rows are read (a deferred join).
 */
function cardPageQuery(db: Db, items: Items, order: Order, limit: number, offset: number) {
  const page = ordered(items.select("seq"), order).limit(limit).offset(offset);
  return ordered(cardsQuery(db).where("seq", "in", page), order);
}

const ordered = <Q extends { orderBy: (column: Order[number][0], direction: "asc" | "desc") => Q }>(
  query: Q,
  order: Order,
) => order.reduce((q, [column, direction]) => q.orderBy(column, direction), query);

const cardsQuery = (db: Db) => db.selectFrom("catalog_items").select(cardColumns).select(stockColumns("catalog_items"));

/** A listing's items in its order, every one of them: their keys (for the service to remember per catalogue version). */
async function keysOf(items: Items, order: Order): Promise<number[]> {
  const rows = await ordered(items.select("seq"), order).execute();
  return rows.map((row) => Number(row.seq));
}

/**
 * The cards of some of a listing's keys (a page of them), in its order, or without one in the keys' own order (a
 * search's page); an item no longer on sale is left out. Read by key alone: asked for `visible = 1` as well, SQLite
 * walked an index starting with `visible` (every item on sale) for the few keys, 0.7 ms instead of 0.2.
 */
async function cardsOfKeys(db: Db, keys: readonly number[], order?: Order): Promise<CardRow[]> {
  if (keys.length === 0) return [];
  const query = cardsQuery(db)
    .select(["visible", "seq"])
    .where("seq", "in", [...keys]);
  const rows = (await (order ? ordered(query, order) : query).execute()).filter((row) => Number(row.visible) === 1);
  if (!order) {
    const place = new Map(keys.map((key, index) => [key, index]));
    rows.sort((a, b) => place.get(Number(a.seq))! - place.get(Number(b.seq))!);
  }
  return rows.map(({ visible: _visible, seq: _seq, ...card }) => card);
}

/** The cards of these keys in the order given (a search's page, its keys remembered), those still on sale. */
export const findCardsOfKeys = (db: Db, keys: readonly number[]) => cardsOfKeys(db, keys);

const cardPage = (db: Db, items: Items, order: Order, limit: number, offset: number) =>
  cardPageQuery(db, items, order, limit, offset).execute();

async function countOf(items: Items): Promise<number> {
  const row = await items.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Flavour cards in device order then name, optionally of one device. */
function flavourItems(db: Db, deviceId?: string) {
  const query = visibleItems(db).where("kind_order", "=", 1);
  return deviceId ? query.where("device_id", "=", deviceId) : query;
}

/** The query of findFlavourCards (its plan is tested). */
export function flavourCardsQuery(db: Db, options: { deviceId?: string; limit: number; offset?: number }) {
  return cardPageQuery(db, flavourItems(db, options.deviceId), orders.flavours, options.limit, options.offset ?? 0);
}

export const findFlavourCards = (db: Db, options: { deviceId?: string; limit: number; offset?: number }) =>
  flavourCardsQuery(db, options).execute();

export const countFlavourCards = (db: Db, deviceId?: string) => countOf(flavourItems(db, deviceId));

/** Every flavour card's key in the order of findFlavourCards, optionally of one device; and the cards of some keys. */
export const flavourOrder = (db: Db, deviceId?: string) => keysOf(flavourItems(db, deviceId), orders.flavours);
export const findFlavourCardsOf = (db: Db, keys: readonly number[]) => cardsOfKeys(db, keys, orders.flavours);

export function findDeviceIdBySlug(db: Db, slug: string) {
  return db.selectFrom("devices").select("id").where("slug", "=", slug).where("archived", "=", 0).executeTakeFirst();
}

/** Devices and flavours as one list of cards, so /products can sort and page them together. */
function catalogItems(db: Db, sort: CatalogSort) {
  if (sort === "devices") return visibleItems(db).where("kind_order", "=", 0);
  if (sort === "flavours") return visibleItems(db).where("kind_order", "=", 1);
  return visibleItems(db);
}

export const countCatalogCards = (db: Db, sort: CatalogSort) => countOf(catalogItems(db, sort));

/** One page of /products in the chosen order: page 1,200 costs about what page 2 does. */
export function findCatalogCards(db: Db, sort: CatalogSort, limit: number, offset: number) {
  return cardPage(db, catalogItems(db, sort), orders[sort], limit, offset);
}

/** Every card's key in the order of findCatalogCards; and the cards of some keys in that order. */
export const catalogOrder = (db: Db, sort: CatalogSort) => keysOf(catalogItems(db, sort), orders[sort]);
export const findCatalogCardsOf = (db: Db, sort: CatalogSort, keys: readonly number[]) =>
  cardsOfKeys(db, keys, orders[sort]);

/** Every device and flavour a shopper can see, with when it last changed (the sitemap). */
export async function findVisibleItemDates(db: Db) {
  const devices = await db
    .selectFrom("devices")
    .select(["id", "updated_at"])
    .where("archived", "=", 0)
    .orderBy("position")
    .orderBy("id")
    .execute();
  const flavours = await flavourWithDevice(db).select(["f.id", "f.updated_at"]).orderBy("f.id").execute();
  return { devices, flavours };
}

/** The reviews staff published (the home page's carousel), in their order. */
export function findReviews(db: Db) {
  return db.selectFrom("reviews").selectAll().where("published", "=", 1).orderBy("position").execute();
}

/** What the About page may count of the shop's own (docs/decisions/037): devices and flavours on sale, reviews shown. */
export async function countShopFigures(db: Db) {
  const [devices, flavours, reviews] = await Promise.all([
    db
      .selectFrom("devices")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("archived", "=", 0)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("flavours")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("archived", "=", 0)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("reviews")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("published", "=", 1)
      .executeTakeFirstOrThrow(),
  ]);
  return { devices: Number(devices.n), flavours: Number(flavours.n), reviews: Number(reviews.n) };
}

export async function countDevices(db: Db): Promise<number> {
  const row = await db
    .selectFrom("devices")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

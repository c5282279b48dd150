import { atContentVersion } from "~/db/content-version.server";
import type { Db } from "~/db/database.server";
import { firstText } from "~/db/json-text";
import type { ItemKind } from "~/db/values";
import { clampPage, pageCount } from "~/lib/pagination";
import * as repo from "./catalog.repository.server";
import type { CardRow } from "./catalog.repository.server";
import { searchPage, type Correction } from "./search-pages.server";
import { findVariantsOf } from "./variants.repository.server";
import { stockOf, toDevice, toFlavour, toVariantOffer } from "./catalog-rows.server";
import { itemStockOf, type VariantOffer } from "./variants";
import { catalogIdSchema } from "./catalog.schema";
import { searchWords } from "./search-terms";
import {
  DEVICE_FLAVOUR_LIMIT,
  FLAVOURS_PER_PAGE,
  HOME_DEVICE_LIMIT,
  PRODUCTS_PER_PAGE,
  SEARCH_MAX_LENGTH,
  type CatalogCard,
  type CatalogSort,
  type Device,
  type DeviceCard,
  type DeviceFilter,
  type Flavour,
  type FlavourCard,
  type Review,
} from "./catalog";

/**
 * The home page's device cards: featured devices first, then the others by position, at most HOME_DEVICE_LIMIT. With
 * a version, asked once per catalogue version (see `atVersion`).
 */
export function listDeviceCards(db: Db, version?: number): Promise<readonly DeviceCard[]> {
  return atContentVersion(db, version, "home devices", async () =>
    (await repo.findHomeDevices(db, HOME_DEVICE_LIMIT)).map((r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      image: firstText(r.images),
      stock: stockOf(r),
    })),
  );
}

export function listDeviceFilters(db: Db, version?: number): Promise<readonly DeviceFilter[]> {
  return atContentVersion(db, version, "device filters", () => repo.findDeviceFilters(db));
}

/** A device by id; null for unknown, archived or malformed ids. */
export async function getDevice(db: Db, id: string): Promise<Device | null> {
  if (!catalogIdSchema.safeParse(id).success) return null;
  const row = await repo.findDeviceById(db, id);
  return row ? toDevice(row, await findVariantsOf(db, "device", [row.id])) : null;
}

export async function getFlavour(db: Db, id: string): Promise<Flavour | null> {
  if (!catalogIdSchema.safeParse(id).success) return null;
  const row = await repo.findFlavourById(db, id);
  return row ? toFlavour(row, await findVariantsOf(db, "flavour", [row.id])) : null;
}

export type FlavourPage = { flavours: FlavourCard[]; page: number; totalPages: number; totalItems: number };

const toFlavourCard = (r: Omit<CardRow, "kind">): FlavourCard => ({
  id: r.id,
  name: r.name,
  image: r.image,
  priceCents: Number(r.price_cents),
  deviceName: r.tag,
  stock: stockOf(r),
});

/** The device a listing is filtered by: its id, undefined for no filter, null for a slug no shopper can see. */
async function deviceOfSlug(db: Db, slug: string | null | undefined): Promise<string | undefined | null> {
  if (!slug) return undefined;
  return (await repo.findDeviceIdBySlug(db, slug))?.id ?? null;
}

/**
 * One page of flavour cards, optionally of one device (by slug), in device order then name. An unknown device gives
 * none; bad or out-of-range page numbers are brought back into range.
 */
export async function listFlavourPage(
  db: Db,
  options: { deviceSlug?: string | null; rawPage?: string | null; perPage?: number; version?: number } = {},
): Promise<FlavourPage> {
  const perPage = options.perPage ?? FLAVOURS_PER_PAGE;
  const deviceId = await deviceOfSlug(db, options.deviceSlug);
  if (deviceId === null) return { flavours: [], page: 1, totalPages: 1, totalItems: 0 };
  const { rows, ...paging } = await listingPage(db, options.version, `flavours|${deviceId ?? ""}`, {
    rawPage: options.rawPage,
    perPage,
    count: () => repo.countFlavourCards(db, deviceId),
    page: (limit, offset) => repo.findFlavourCards(db, { deviceId, limit, offset }),
    order: () => repo.flavourOrder(db, deviceId),
    cardsOf: (keys) => repo.findFlavourCardsOf(db, keys),
  });
  return { flavours: rows.map(toFlavourCard), ...paging };
}

type Listing = {
  rawPage: string | null | undefined;
  perPage: number;
  count: () => Promise<number>;
  page: (limit: number, offset: number) => Promise<CardRow[]>;
  order: () => Promise<number[]>;
  cardsOf: (keys: readonly number[]) => Promise<CardRow[]>;
};

/**
 * A page of a listing; bad or out-of-range page numbers are brought back into range. With a catalogue version, the
 * listing's order (its items' keys: 77 KB a sort at 10,000 items) is asked once per version, as its count was, and
 * a page reads only its own items: before, PostgreSQL read the order's index past every earlier item for each page
 * (9,592 entries for page 1,200, 2.2 ms; docs/decisions/053). Without a version (scripts, tests), counted and paged in
 * SQL.
 */
async function listingPage(db: Db, version: number | undefined, key: string, listing: Listing) {
  const { perPage } = listing;
  if (version === undefined) {
    const totalItems = await listing.count();
    const totalPages = pageCount(totalItems, perPage);
    const page = clampPage(listing.rawPage, totalPages);
    return { rows: await listing.page(perPage, (page - 1) * perPage), page, totalPages, totalItems };
  }
  const keys: readonly number[] = await atContentVersion(db, version, key, listing.order);
  const totalPages = pageCount(keys.length, perPage);
  const page = clampPage(listing.rawPage, totalPages);
  const rows = await listing.cardsOf(keys.slice((page - 1) * perPage, page * perPage));
  return { rows, page, totalPages, totalItems: keys.length };
}

/** The first flavour cards (a page's worth unless a limit is given), optionally of one device; not counted. */
export async function listFlavourCards(
  db: Db,
  options: { deviceSlug?: string | null; limit?: number; version?: number } = {},
): Promise<readonly FlavourCard[]> {
  const deviceId = await deviceOfSlug(db, options.deviceSlug);
  if (deviceId === null) return [];
  const limit = options.limit ?? FLAVOURS_PER_PAGE;
  // Remembered by the device's id, not the slug asked: a made-up slug never gets this far.
  return atContentVersion(db, options.version, `flavour cards ${deviceId ?? ""} ${limit}`, async () =>
    (await repo.findFlavourCards(db, { deviceId, limit })).map(toFlavourCard),
  );
}

/**
 * 'Flavours for this device' (a device's page): the first DEVICE_FLAVOUR_LIMIT flavours a shopper can see that are
 * made for the device, in the order /flavours lists them, and how many there are in all.
 */
export async function listDeviceFlavours(
  db: Db,
  deviceId: string,
): Promise<{ flavours: FlavourCard[]; total: number }> {
  const rows = await repo.findFlavourCards(db, { deviceId, limit: DEVICE_FLAVOUR_LIMIT });
  const total = rows.length < DEVICE_FLAVOUR_LIMIT ? rows.length : await repo.countFlavourCards(db, deviceId);
  return { flavours: rows.map(toFlavourCard), total };
}

export type CatalogPage = { cards: CatalogCard[]; page: number; totalPages: number; totalItems: number };

const toCatalogCard = (r: CardRow): CatalogCard => ({
  kind: r.kind,
  id: r.id,
  name: r.name,
  image: r.image,
  priceCents: Number(r.price_cents),
  tag: r.tag,
  stock: stockOf(r),
});

/** One page of /products; bad or out-of-range page numbers are brought back into range. */
export async function listCatalogPage(
  db: Db,
  sort: CatalogSort,
  rawPage: string | null,
  version?: number,
): Promise<CatalogPage> {
  const { rows, ...paging } = await listingPage(db, version, `catalogue|${sort}`, {
    rawPage,
    perPage: PRODUCTS_PER_PAGE,
    count: () => repo.countCatalogCards(db, sort),
    page: (limit, offset) => repo.findCatalogCards(db, sort, limit, offset),
    order: () => repo.catalogOrder(db, sort),
    cardsOf: (keys) => repo.findCatalogCardsOf(db, sort, keys),
  });
  return { cards: rows.map(toCatalogCard), ...paging };
}

/** The shop's own figures for the About page: devices and flavours on sale, published reviews. */
export const countShopFigures = (db: Db, version?: number) =>
  atContentVersion(db, version, "shop figures", () => repo.countShopFigures(db));

/** The reviews shown; with a version, asked once per storefront content version (reviews move it too). */
export function listReviews(db: Db, version?: number): Promise<readonly Review[]> {
  return atContentVersion(db, version, "reviews", async () =>
    (await repo.findReviews(db)).map(({ id, quote, name, company, image }) => ({ id, quote, name, company, image })),
  );
}

/**
 * `correction`: when a word was not one of the catalogue's and was corrected (docs/decisions/086), the search as
 * corrected ("strawberry") and how many items have every word as typed (they come first).
 */
export type SearchResult = CatalogPage & { query: string; problem: string | null; correction: Correction | null };

/**
 * /search: devices and flavours by the words of their name, device, flavours or description, ranked (docs/decisions/019).
 * Any case and accents; only letters and digits count, so quotes, SQL and HTML are harmless; over-long searches are
 * refused with a message.
 */
export async function searchCatalog(
  db: Db,
  rawQuery: string | null,
  rawPage: string | null,
  perPage = PRODUCTS_PER_PAGE,
  version?: number,
): Promise<SearchResult> {
  const query = (rawQuery ?? "").replace(/\s+/g, " ").trim();
  const empty = { cards: [], page: 1, totalPages: 1, totalItems: 0, query, correction: null };
  if (!query) return { ...empty, problem: null };
  if (query.length > SEARCH_MAX_LENGTH) {
    return { ...empty, problem: `Please use at most ${SEARCH_MAX_LENGTH} characters to search.` };
  }
  const words = searchWords(query);
  // The page is known only once the total is: ask for the requested one, and again for the last if it was past it.
  const requested = clampPage(rawPage, Number.MAX_SAFE_INTEGER);
  const pageOf = (page: number) => searchPage(db, version, words, perPage, (page - 1) * perPage);
  let { hits, total, correction } = await pageOf(requested);
  const totalPages = pageCount(total, perPage);
  const page = Math.min(requested, totalPages);
  if (page !== requested) ({ hits, total, correction } = await pageOf(page));
  return { cards: hits.map(toCatalogCard), page, totalPages, totalItems: total, query, problem: null, correction };
}

/** An item on sale as a cart line or a wishlist card needs it: its card facts and the variants a shopper may choose. */
export type ItemOnSale = CatalogCard & { variants: VariantOffer[] };

/** The devices and flavours still on sale among these, by `kind|id` (the cart and the wishlist read them here). */
export async function itemsOnSale(
  db: Db,
  items: Array<{ kind: ItemKind; itemId: string }>,
): Promise<Map<string, ItemOnSale>> {
  const ids = (kind: ItemKind) => [...new Set(items.filter((i) => i.kind === kind).map((i) => i.itemId))];
  const { devices, flavours } = await repo.findItemsOnSale(db, ids("device"), ids("flavour"));
  const found = new Map<string, ItemOnSale>();
  for (const [kind, rows] of [
    ["device", devices],
    ["flavour", flavours],
  ] as const) {
    const variants = await findVariantsOf(
      db,
      kind,
      rows.map((r) => r.id),
    );
    for (const row of rows) {
      const offers = variants.filter((v) => v.item_id === row.id).map((v) => toVariantOffer(v, row.price_cents));
      found.set(`${kind}|${row.id}`, {
        kind,
        id: row.id,
        name: row.name,
        image: firstText(row.images),
        priceCents: Number(row.price_cents),
        tag: row.tag,
        variants: offers,
        stock: itemStockOf(offers),
      });
    }
  }
  return found;
}

/** When each item the storefront shows last changed, for the sitemap (content's sitemap.service). */
export const findVisibleItemDates = (db: Db) => repo.findVisibleItemDates(db);

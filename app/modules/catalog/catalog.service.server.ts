import type { Db } from "~/db/database.server";
import { clampPage, pageCount } from "~/lib/pagination";
import * as repo from "./catalog.repository.server";
import { catalogIdSchema } from "./catalog.schema";
import {
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
  type Specification,
  type Stock,
} from "./catalog";

type DeviceRow = NonNullable<Awaited<ReturnType<typeof repo.findDeviceById>>>;
type FlavourRow = NonNullable<Awaited<ReturnType<typeof repo.findFlavourById>>>;

/** A JSON list column ("[...]" text) as an array; anything else is an empty list. */
export function parseList<T>(json: string | null): T[] {
  if (!json) return [];
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? (value as T[]) : [];
}

const firstImage = (json: string) => parseList<string>(json)[0] ?? null;

/** Rows keep the quantity and whether it is tracked; the domain keeps them together. */
export const stockOf = (row: { stock_quantity: number; track_stock: number }): Stock => ({
  tracked: Boolean(row.track_stock),
  quantity: Number(row.stock_quantity),
});

function toDevice(row: DeviceRow): Device {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    images: parseList<string>(row.images),
    priceCents: row.price_cents,
    originalPriceCents: row.original_price_cents,
    flavors: parseList<string>(row.flavors),
    nicotineStrengths: parseList<number>(row.nicotine_strengths),
    puffCounts: parseList<number>(row.puff_counts),
    features: parseList<string>(row.features),
    details: {
      description: row.details_description,
      specifications: parseList<Specification>(row.specifications),
    },
    stock: stockOf(row),
    nicotineMgMl: Number(row.nicotine_mg_ml),
    podMl: row.pod_ml === null ? null : Number(row.pod_ml),
    rechargeable: Boolean(row.rechargeable),
  };
}

function toFlavour(row: FlavourRow): Flavour {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    images: parseList<string>(row.images),
    priceCents: row.price_cents,
    sizes: parseList<number>(row.sizes),
    deviceId: row.device_id,
    deviceName: row.device_name,
    deviceSlug: row.device_slug,
    stock: stockOf(row),
    nicotineMgMl: Number(row.nicotine_mg_ml),
    podMl: row.pod_ml === null ? null : Number(row.pod_ml),
    bottleMl: row.bottle_ml === null ? null : Number(row.bottle_ml),
  };
}

export async function listDeviceCards(db: Db): Promise<DeviceCard[]> {
  const rows = await repo.findDevices(db);
  return rows.map((r) => ({ id: r.id, name: r.name, description: r.description, image: firstImage(r.images) }));
}

export function listDeviceFilters(db: Db): Promise<DeviceFilter[]> {
  return repo.findDeviceFilters(db);
}

/** A device by id; null for unknown, archived or malformed ids. */
export async function getDevice(db: Db, id: string): Promise<Device | null> {
  if (!catalogIdSchema.safeParse(id).success) return null;
  const row = await repo.findDeviceById(db, id);
  return row ? toDevice(row) : null;
}

export async function getFlavour(db: Db, id: string): Promise<Flavour | null> {
  if (!catalogIdSchema.safeParse(id).success) return null;
  const row = await repo.findFlavourById(db, id);
  return row ? toFlavour(row) : null;
}

/** Flavour cards, optionally for one device (by slug). An unknown device gives none. */
export async function listFlavourCards(
  db: Db,
  options: { deviceSlug?: string | null; limit?: number } = {},
): Promise<FlavourCard[]> {
  const rows = await repo.findFlavourCards(db, {
    deviceSlug: options.deviceSlug ?? undefined,
    limit: options.limit,
  });
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    image: firstImage(r.images),
    priceCents: r.price_cents,
    deviceName: r.device_name,
  }));
}

export type CatalogPage = { cards: CatalogCard[]; page: number; totalPages: number; totalItems: number };

/** One page of /products; bad or out-of-range page numbers are brought back into range. */
export async function listCatalogPage(db: Db, sort: CatalogSort, rawPage: string | null, pattern?: string): Promise<CatalogPage> {
  const totalItems = await repo.countCatalogCards(db, sort, pattern);
  const totalPages = pageCount(totalItems, PRODUCTS_PER_PAGE);
  const page = clampPage(rawPage, totalPages);
  const rows = await repo.findCatalogCards(db, sort, PRODUCTS_PER_PAGE, (page - 1) * PRODUCTS_PER_PAGE, pattern);
  const cards = rows.map((r) => ({
    kind: r.kind === "device" ? ("device" as const) : ("flavour" as const),
    id: r.id,
    name: r.name,
    image: firstImage(r.images),
    priceCents: Number(r.price_cents),
    tag: r.tag,
  }));
  return { cards, page, totalPages, totalItems };
}

export async function listReviews(db: Db): Promise<Review[]> {
  const rows = await repo.findReviews(db);
  return rows.map(({ id, quote, name, company, image }) => ({ id, quote, name, company, image }));
}

export type SearchResult = CatalogPage & { query: string; problem: string | null };

/**
 * /search: devices and flavours whose name, description, device name or flavours contain the words, any case.
 * Every character is taken literally (quotes, %, _, SQL words, HTML); over-long searches are refused with a message.
 */
export async function searchCatalog(db: Db, rawQuery: string | null, rawPage: string | null): Promise<SearchResult> {
  const query = (rawQuery ?? "").replace(/\s+/g, " ").trim();
  const empty = { cards: [], page: 1, totalPages: 1, totalItems: 0, query };
  if (!query) return { ...empty, problem: null };
  if (query.length > SEARCH_MAX_LENGTH) {
    return { ...empty, problem: `Please use at most ${SEARCH_MAX_LENGTH} characters to search.` };
  }
  const result = await listCatalogPage(db, "featured", rawPage, repo.likePattern(query));
  return { ...result, query, problem: null };
}

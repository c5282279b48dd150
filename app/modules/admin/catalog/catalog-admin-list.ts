/** The back office's catalogue lists: sorts, filters, rows and the notices after a save. */
import { catalogMessages, type CatalogKind } from "./catalog-admin";
import { publishMessages } from "./catalog-admin-publish";
import { variantGridMessages } from "./variant-grid";
import { stockAdminMessages } from "~/modules/stock/stock";
import { oneOf } from "~/lib/listing";
import type { Stock } from "~/modules/catalog/catalog";

export const catalogSortColumns = ["name", "price", "stock", "updated"] as const;
export type CatalogSortColumn = (typeof catalogSortColumns)[number];
export const archiveFilters = { all: "All", active: "Active", archived: "Archived" } as const;
export type ArchiveFilter = keyof typeof archiveFilters;
export const stockFilters = {
  all: "Any stock",
  low: "Low stock",
  out: "Out of stock",
  untracked: "Not tracked",
  check: "Stock to check",
} as const;
export type StockFilter = keyof typeof stockFilters;
export const parseStockFilter = (raw: string | null): StockFilter =>
  oneOf(raw, Object.keys(stockFilters) as StockFilter[], "all");
/** One row of a back-office list. */
export type CatalogListItem = {
  id: string;
  name: string;
  slug: string;
  image: string | null;
  priceCents: number;
  stock: Stock;
  /** How many of its variants on sale are low (out ones too), out, and to check (the stock filters are by variant). */
  variantStock: { low: number; out: number; toCheck: number };
  archived: boolean;
  updatedAt: string;
  /** Flavours only: the device it belongs to, and whether that device is archived (which hides the flavour too). */
  device?: { name: string | null; archived: boolean };
};
export type CatalogListPage = {
  items: CatalogListItem[];
  total: number;
  page: number;
  totalPages: number;
  offset: number;
};

/** Where each kind's back-office pages are: its list, and under it `new` and each item's id. */
export const catalogPaths = { device: "/admin/products", flavour: "/admin/flavours" } as const;
/** The kind whose pages an address (or its path) is on: one route module serves both kinds' (app/routes.ts). */
export const catalogKindOf = (address: string): CatalogKind =>
  (address.startsWith("/") ? address : new URL(address).pathname).startsWith(catalogPaths.flavour)
    ? "flavour"
    : "device";

export const parseArchiveFilter = (raw: string | null): ArchiveFilter =>
  oneOf(raw, Object.keys(archiveFilters) as ArchiveFilter[], "all");

/** The message shown after a redirect (?notice=created|saved|archived|restored|stock|variants|draft); else nothing. */
export function catalogNotice(kind: CatalogKind, raw: string | null): string | null {
  if (raw === "created") return catalogMessages.created[kind];
  if (raw === "saved") return catalogMessages.saved;
  if (raw === "archived") return catalogMessages.archived[kind];
  if (raw === "restored") return catalogMessages.restored[kind];
  if (raw === "stock") return stockAdminMessages.adjusted;
  if (raw === "variants") return variantGridMessages.saved;
  if (raw === "draft") return publishMessages.draftSaved[kind];
  return null;
}

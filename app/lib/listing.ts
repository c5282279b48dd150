/** Paging and sorting of back-office lists, read from the URL (?page=, ?sort=, ?dir=, ?q=). */
import { isOneOf } from "~/db/values";
import { clampPage, pageCount } from "~/lib/pagination";

export const ADMIN_PAGE_SIZE = 20;

export type SortDirection = "asc" | "desc";
export type ListParams<S extends string> = { sort: S; dir: SortDirection; q: string; rawPage: string | null };

/** Reads sort, direction and search from the URL; anything not on the list of sortable columns gives the default. */
export function listParams<S extends string>(
  url: URL,
  sortable: readonly S[],
  defaultSort: S,
  defaultDir: SortDirection = "desc",
): ListParams<S> {
  const sortParam = url.searchParams.get("sort");
  const sort = isOneOf(sortable, sortParam) ? sortParam : defaultSort;
  const dirParam = url.searchParams.get("dir");
  const dir: SortDirection = dirParam === "asc" || dirParam === "desc" ? dirParam : defaultDir;
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  return { sort, dir, q, rawPage: url.searchParams.get("page") };
}

/** The page to show for a list of `total` rows (out-of-range pages give the nearest real one) and its offset. */
export function pageWindow(rawPage: string | null, total: number, perPage = ADMIN_PAGE_SIZE) {
  const totalPages = pageCount(total, perPage);
  const page = clampPage(rawPage, totalPages);
  return { page, totalPages, offset: (page - 1) * perPage, limit: perPage };
}

/** `raw` when it is one of `values` (a filter in the address), otherwise `fallback`. */
export const oneOf = <V extends string>(raw: string | null, values: readonly V[], fallback: V): V =>
  isOneOf(values, raw) ? raw : fallback;

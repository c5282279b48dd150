export type PageItem = number | "ellipsis-start" | "ellipsis-end";

/**
 * The page-number pattern of docs/product/specification.md §2:
 * all pages when there are 5 or fewer; near the start 1,2,3,…,last;
 * near the end 1,…,last three; otherwise 1,…,current,…,last.
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total <= 0) return [];
  if (total <= 5) return Array.from({ length: total }, (_, i) => i + 1);
  if (current <= 3) return [1, 2, 3, "ellipsis-end", total];
  if (current >= total - 2) return [1, "ellipsis-start", total - 2, total - 1, total];
  return [1, "ellipsis-start", current, "ellipsis-end", total];
}

/** Reads ?page=: anything that is not a whole number gives 1; past the end gives the last page. */
export function clampPage(raw: string | null | undefined, totalPages: number): number {
  const parsed = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  if (totalPages < 1) return 1;
  return Math.min(Math.max(parsed, 1), totalPages);
}

export function pageCount(totalItems: number, perPage: number): number {
  return Math.max(1, Math.ceil(totalItems / perPage));
}

// The catalogue's zod checks, apart from catalog.ts so that the pages that only need its types, labels and rules
// do not ship zod to the browser (docs/decisions/016).
import { z } from "zod";
import { catalogSorts, type CatalogSort } from "./catalog";

export const catalogSortSchema = z.enum(Object.keys(catalogSorts) as [CatalogSort, ...CatalogSort[]]);

export function parseCatalogSort(raw: string | null): CatalogSort {
  const parsed = catalogSortSchema.safeParse(raw);
  return parsed.success ? parsed.data : "featured";
}

/** Catalogue ids are short lowercase tokens; anything else is not worth a query. */
export const catalogIdSchema = z.string().regex(/^[a-z0-9-]{1,64}$/);

/** Variant ids: the same kind of token (those made when variants began are a little longer). */
export const variantIdSchema = z.string().regex(/^[a-z0-9-]{1,80}$/);

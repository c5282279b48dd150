/** The back office's order list: what it can be sorted and filtered by (shared by the page, the service and the query). */
import type { OrderStatus, PaymentStatus } from "~/db/values";
import type { SortDirection } from "~/lib/listing";

export const orderSortColumns = ["date", "total", "status"] as const;
export type OrderSort = (typeof orderSortColumns)[number];

/** The list's filters as read from the URL; a value that makes no sense is dropped (""), never an error. */
export type OrderFilters = {
  status: OrderStatus | "";
  payment: PaymentStatus | "";
  from: string;
  to: string;
  customer: string;
  q: string;
  sort: OrderSort;
  dir: SortDirection;
  rawPage: string | null;
};

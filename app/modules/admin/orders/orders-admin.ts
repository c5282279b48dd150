/** The back office's order list: what it can be sorted and filtered by (shared by the page, the service and the query). */
import { paymentStatuses, type OrderStatus, type PaymentStatus } from "~/db/values";
import type { SortDirection } from "~/lib/listing";

export const orderSortColumns = ["date", "total", "status"] as const;
export type OrderSort = (typeof orderSortColumns)[number];

/**
 * What the list's Payment filter can ask for: the order's payment status, or what its card money is doing (a refund
 * not failed on an order still paid; a card payment still being confirmed; a refund on its way: the dashboard's
 * figures link to these).
 */
export const paymentFilters = [...paymentStatuses, "partly-refunded", "being-confirmed", "refund-in-flight"] as const;
export type PaymentFilter = (typeof paymentFilters)[number];
export const paymentFilterLabels: Record<Exclude<PaymentFilter, PaymentStatus>, string> = {
  "partly-refunded": "Partly refunded",
  "being-confirmed": "Card payment being confirmed",
  "refund-in-flight": "Refund in flight",
};

/** The list's filters as read from the URL; a value that makes no sense is dropped (""), never an error. */
export type OrderFilters = {
  status: OrderStatus | "";
  payment: PaymentFilter | "";
  from: string;
  to: string;
  customer: string;
  q: string;
  sort: OrderSort;
  dir: SortDirection;
  rawPage: string | null;
};

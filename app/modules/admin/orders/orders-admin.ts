/** The back office's order list: what it can be sorted and filtered by (shared by the page, the service and the query). */
import { paymentStatuses, type OrderStatus, type PaymentStatus } from "~/db/values";
import type { SortDirection } from "~/lib/listing";
import { can, type Permission, type RoleHolder } from "~/modules/accounts/permissions";

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

/**
 * What each of an order page's forms (its `intent`) needs (issue 63, app/modules/accounts/permissions.ts): the one
 * map the page's action asks before anything else, the services ask again, and the page reads to hide what this
 * member of staff may not use.
 */
export const orderIntentPermissions = {
  confirm: "orders.manage",
  dispatch: "orders.dispatch",
  deliver: "orders.dispatch",
  cancel: "orders.manage",
  refund: "refunds",
  "record-payment": "orders.manage",
  "card-refund": "refunds",
  "cancellation-notice": "orders.manage",
  "return-decision": "returns",
} as const satisfies Record<string, Permission>;
export type OrderIntent = keyof typeof orderIntentPermissions;

/** The permission a form's intent needs; an intent the page never sends needs the most (orders.manage). */
export const permissionOfIntent = (intent: unknown): Permission =>
  typeof intent === "string" && Object.hasOwn(orderIntentPermissions, intent)
    ? orderIntentPermissions[intent as OrderIntent]
    : "orders.manage";

/** Which of the page's forms this member of staff may use (the page shows only those). */
export function orderIntentsAllowed(user: RoleHolder): Record<OrderIntent, boolean> {
  const allowed = {} as Record<OrderIntent, boolean>;
  for (const intent of Object.keys(orderIntentPermissions) as OrderIntent[])
    allowed[intent] = can(user, orderIntentPermissions[intent]);
  return allowed;
}

/** The audit log's action for each status step (the 'Mark refunded' step records a refund made by hand). */
export const stepAuditActions = {
  confirm: "order.confirm",
  dispatch: "order.dispatch",
  deliver: "order.deliver",
  cancel: "order.cancel",
  refund: "refund.recorded",
} as const;

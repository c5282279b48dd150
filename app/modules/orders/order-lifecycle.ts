/**
 * An order's life in one table (docs/guide/order-lifecycle.md, docs/decisions/073): every change of its status or its
 * payment status is one of the transitions below, taken through `transitionOrder` (order-lifecycle.service.server.ts)
 * and nowhere else. Client-safe, no I/O.
 *
 * An order's state is two columns, kept with their values (docs/decisions/025): `status` (pending → confirmed →
 * dispatched → delivered, or cancelled before it leaves) and `payment_status` (pending → paid → refunded). A
 * transition moves one of them; `when` asks the other to be as it says. What a transition needs beyond the two
 * columns (the customer's age verified, a courier named) is checked by its caller and said in `needs`.
 */
import { orderActorKinds, type OrderActorKind } from "~/db/values";
import type { OrderStatus, PaymentStatus } from "./orders";

export { orderActorKinds, type OrderActorKind };
/** The two columns an order's state is kept in. */
export type OrderField = "status" | "paymentStatus";

/** Who takes a transition, as its history says: the customer, a member of staff, the shop by itself, a payment provider. */
export const orderActorLabels: Record<OrderActorKind, string> = {
  customer: "the customer",
  staff: "staff",
  shop: "the shop",
  provider: "a payment provider",
};

/**
 * The e-mail a transition queues, in its transaction: `status` (the customer's e-mail about the new status or
 * payment status), `unpaid-cancelled` (the customer's e-mail that the payment did not come), `none` (the caller's
 * own e-mail tells it: a failed age check's decision lists the orders it cancelled). `staff` also tells the shop.
 */
export type OrderMailKind = "status" | "unpaid-cancelled" | "staff" | "none";

type Moves<F extends OrderField, V> = { field: F; from: readonly V[]; to: V };
export type OrderTransitionRule = (Moves<"status", OrderStatus> | Moves<"paymentStatus", PaymentStatus>) & {
  /** What it is called in the shop's words (the diagram's label). */
  label: string;
  /** Who may take it. */
  actors: readonly OrderActorKind[];
  /** The other column must hold one of these values (checked in the conditional update too). */
  when?: { status?: readonly OrderStatus[]; paymentStatus?: readonly PaymentStatus[] };
  /** Whether the order's units go back on the shelf (stock movements, in the same transaction). */
  stockBack: boolean;
  mails: readonly OrderMailKind[];
  /** What its caller checks before taking it, beyond the two columns (for the guide). */
  needs?: string;
};

const notCancelled = ["pending", "confirmed", "dispatched", "delivered"] as const satisfies readonly OrderStatus[];
const beforeDispatch = ["pending", "confirmed"] as const satisfies readonly OrderStatus[];

/** Every change an order may take. The order of the rows is the order the back office's options are named in. */
export const orderTransitions = {
  confirm: {
    label: "Staff confirm it",
    field: "status",
    from: ["pending"],
    to: "confirmed",
    actors: ["staff"],
    stockBack: false,
    mails: ["status"],
  },
  "record-payment": {
    label: "The payment is recorded",
    field: "paymentStatus",
    from: ["pending"],
    to: "paid",
    actors: ["staff", "provider"],
    when: { status: notCancelled },
    stockBack: false,
    mails: ["status"],
    needs: "the amount is the order's total; the method and reference are kept with it",
  },
  dispatch: {
    label: "Staff dispatch it",
    field: "status",
    from: ["confirmed"],
    to: "dispatched",
    actors: ["staff"],
    when: { paymentStatus: ["paid"] },
    stockBack: false,
    mails: ["status"],
    needs: "the customer's age is verified; a courier and tracking number",
  },
  deliver: {
    label: "Staff mark it delivered",
    field: "status",
    from: ["dispatched"],
    to: "delivered",
    actors: ["staff"],
    stockBack: false,
    mails: ["status"],
  },
  "cancel-by-customer": {
    label: "The customer cancels it",
    field: "status",
    from: beforeDispatch,
    to: "cancelled",
    actors: ["customer"],
    stockBack: true,
    mails: ["status", "staff"],
    needs: "it is the customer's own order",
  },
  "cancel-by-staff": {
    label: "Staff cancel it",
    field: "status",
    from: beforeDispatch,
    to: "cancelled",
    actors: ["staff"],
    stockBack: true,
    mails: ["status"],
  },
  "cancel-unpaid": {
    label: "No payment came in time",
    field: "status",
    from: beforeDispatch,
    to: "cancelled",
    actors: ["shop"],
    when: { paymentStatus: ["pending"] },
    stockBack: true,
    mails: ["unpaid-cancelled"],
  },
  "cancel-age-failed": {
    label: "The customer's age check failed",
    field: "status",
    from: beforeDispatch,
    to: "cancelled",
    actors: ["shop", "staff"],
    stockBack: true,
    mails: ["none"],
  },
  refund: {
    label: "Everything paid goes back",
    field: "paymentStatus",
    from: ["paid"],
    to: "refunded",
    actors: ["staff", "shop"],
    stockBack: false,
    mails: ["status"],
    needs: "the amount is more than nothing and at most what was paid",
  },
} as const satisfies Record<string, OrderTransitionRule>;

export type OrderTransition = keyof typeof orderTransitions;
export const orderTransitionNames = Object.keys(orderTransitions) as OrderTransition[];

export const isOrderTransition = (value: unknown): value is OrderTransition =>
  typeof value === "string" && Object.hasOwn(orderTransitions, value);

/** The rule of a transition, typed as the general shape. */
export const transitionRule = (name: OrderTransition): OrderTransitionRule => orderTransitions[name];

/** Where each value of `field` may go next, in the table's order, each value once. */
export function flowOf<F extends OrderField>(
  field: F,
  values: readonly (F extends "status" ? OrderStatus : PaymentStatus)[],
): Record<F extends "status" ? OrderStatus : PaymentStatus, (F extends "status" ? OrderStatus : PaymentStatus)[]> {
  type V = F extends "status" ? OrderStatus : PaymentStatus;
  const flow = Object.fromEntries(values.map((v) => [v, [] as V[]])) as Record<V, V[]>;
  for (const name of orderTransitionNames) {
    const rule = transitionRule(name);
    if (rule.field !== field) continue;
    for (const from of rule.from as readonly V[]) {
      if (!flow[from].includes(rule.to as V)) flow[from].push(rule.to as V);
    }
  }
  return flow;
}

export type TransitionRefusal = { code: "not-allowed" | "wrong-state" | "already-done"; message: string };

/**
 * Whether `actor` may take `name` on an order that is now `state`: null when it may, else why not. Words for the
 * log and for callers without their own (each page keeps the words it has always shown).
 */
export function refusalOf(
  name: OrderTransition,
  actor: OrderActorKind,
  state: { status: OrderStatus; paymentStatus: PaymentStatus },
): TransitionRefusal | null {
  const rule = transitionRule(name);
  if (!rule.actors.includes(actor))
    return { code: "not-allowed", message: `${rule.label}: not something ${orderActorLabels[actor]} can do.` };
  const now = state[rule.field];
  if (!(rule.from as readonly string[]).includes(now)) {
    if (now === rule.to) return { code: "already-done", message: `${rule.label}: it is already ${now}.` };
    return { code: "wrong-state", message: `${rule.label}: not possible while it is ${now}.` };
  }
  const when = rule.when ?? {};
  if (when.status && !when.status.includes(state.status))
    return { code: "wrong-state", message: `${rule.label}: not possible while it is ${state.status}.` };
  if (when.paymentStatus && !when.paymentStatus.includes(state.paymentStatus))
    return { code: "wrong-state", message: `${rule.label}: not possible while its payment is ${state.paymentStatus}.` };
  return null;
}

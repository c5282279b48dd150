/** The back office's orders: the filtered list, one order in full, and status changes along the allowed steps. */
import type { Db } from "~/db/database.server";
import type { ShopContext } from "~/context";
import type { SessionUser } from "~/modules/accounts/accounts";
import { inTransaction } from "~/db/transaction.server";
import { orderChangedMessage, transitionOrder, type OrderActor } from "~/modules/orders/order-lifecycle.service.server";
import { findOrder, orderEvents, type OrderEvent } from "~/modules/orders/orders.service.server";
import {
  checkStep,
  isOrderStatus,
  orderSteps,
  statusLabel,
  type OrderMove,
  type OrderStep,
} from "~/modules/orders/order-status";
import { ORDER_ID, type Order, type OrderStatus, type PaymentStatus } from "~/modules/orders/orders";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { recordAudit } from "~/modules/audit/audit.service.server";
import * as repo from "./orders-admin.repository.server";
import { listParams, pageWindow } from "~/lib/listing";
import {
  orderSortColumns,
  paymentFilters,
  permissionOfIntent,
  stepAuditActions,
  type OrderFilters,
} from "./orders-admin";
import { z } from "zod";
export { orderSortColumns, type OrderFilters, type OrderSort } from "./orders-admin";
import { ageMessages } from "~/modules/age-checks/age-checks";
import { dispatchAllowed } from "~/modules/age-checks/age-checks.service.server";
import { check as checkInput } from "~/lib/form-check";
import { fail, failFields, type Result } from "~/lib/result";
import { dispatchInput } from "~/modules/orders/dispatch.schema";
import { formText } from "~/lib/form-data";
import { paymentMessages } from "~/modules/orders/payments";
import { decideRefund, paymentOf } from "~/modules/orders/payments.service.server";
import { manualRefundInput } from "~/modules/orders/payments.schema";
import { recordManualRefund } from "~/modules/payments/card-payments.service.server";

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The Payment filter: one of the list's choices, or "" (an unknown value is ignored: the list unfiltered). */
const paymentFilter = z.enum(paymentFilters);

const isRealDate = (value: string) =>
  DATE.test(value) &&
  !Number.isNaN(Date.parse(`${value}T12:00:00Z`)) &&
  new Date(`${value}T12:00:00Z`).toISOString().startsWith(value);

export function readOrderFilters(url: URL): OrderFilters {
  const get = (name: string) => (url.searchParams.get(name) ?? "").trim();
  const status = get("status");
  const date = (name: string) => (isRealDate(get(name)) ? get(name) : "");
  return {
    ...listParams(url, orderSortColumns, "date", "desc"),
    status: isOrderStatus(status) ? status : "",
    payment: paymentFilter.safeParse(get("payment")).data ?? "",
    from: date("from"),
    to: date("to"),
    customer: get("customer").slice(0, 100),
  };
}

export type AdminOrderRow = {
  id: string;
  createdAt: string;
  customer: { id: string; name: string; email: string };
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  totalCents: number;
  /** The order's own currency (decision 036). */
  currency: string;
};

/** Orders matching the filters, one page of them, newest first unless sorted otherwise. Staff only. */
export async function listAdminOrders(db: Db, actor: SessionUser | null, filters: OrderFilters) {
  assertAllowed(actor, "orders.read");
  const total = await repo.countOrders(db, filters);
  const window = pageWindow(filters.rawPage, total);
  const rows = await repo.findOrderPage(db, filters, window.limit, window.offset);
  const orders: AdminOrderRow[] = rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    customer: { id: row.user_id, name: row.name, email: row.email },
    status: row.status,
    paymentStatus: row.payment_status,
    totalCents: row.total_cents,
    currency: row.currency,
  }));
  return { orders, total, page: window.page, totalPages: window.totalPages, offset: window.offset };
}

export type AdminOrder = {
  order: Order;
  customer: { id: string; name: string; email: string; deleted: boolean };
  events: OrderEvent[];
};

/** One order with its customer and its history, or null for an unknown or malformed id. Staff only. */
export async function getAdminOrder(db: Db, actor: SessionUser | null, id: string): Promise<AdminOrder | null> {
  assertAllowed(actor, "orders.read");
  if (!ORDER_ID.test(id)) return null;
  const head = await repo.findOrderCustomer(db, id);
  if (!head) return null;
  const order = await findOrder(db, head.id, id);
  if (!order) return null;
  return {
    order,
    customer: { id: head.id, name: head.name, email: head.email, deleted: head.deletedAt !== null },
    events: await orderEvents(db, id),
  };
}

export type StepResult = Result<
  { orderId: string; message: string; customer: { email: string; name: string } } & OrderMove
>;

/**
 * Takes one step (confirm, dispatch, deliver, cancel, refund) on an order, from the value the staff member's
 * page showed. Only an allowed step from the order's real current value is taken, by a conditional update in a
 * transaction (two staff at once: one wins, the other is told), and it is recorded with who and when. Dispatch waits
 * for the customer's age check and for the payment (recorded by payments-admin.service.server.ts, never a bare step). With `mail`,
 * the customer's e-mail is queued in that transaction too. Staff only.
 */
export async function changeOrderStep(
  db: Db,
  actor: SessionUser | null,
  input: {
    orderId: string;
    step: unknown;
    from: unknown;
    dispatch?: unknown;
    /** 'Mark refunded': the amount typed (none: all that was paid), how it went back and its reference. */
    refund?: { amount?: unknown; method?: unknown; reference?: unknown };
  },
  now = new Date(),
  mail?: { shopName: string },
): Promise<StepResult> {
  // Each step its own permission: dispatch and delivery a packer's, confirm and cancel a manager's, a refund refunds.
  assertAllowed(actor, permissionOfIntent(input.step));
  if (!ORDER_ID.test(input.orderId)) return fail("not-found", "There is no such order.");
  const staffActor: OrderActor = { kind: "staff", id: actor.id, name: actor.name || actor.email };
  return inTransaction(db, async (trx): Promise<StepResult> => {
    const current = () => repo.findOrderState(trx, input.orderId);
    const row = await current();
    if (!row) return fail("not-found", "There is no such order.");
    const check = checkStep(input.step, { status: row.status, paymentStatus: row.payment_status }, input.from);
    if (!check.ok) return check;
    const dispatching = check.field === "status" && check.to === "dispatched";
    // UK: nothing is dispatched to an account whose age is not verified (docs/decisions/015).
    if (dispatching && !(await dispatchAllowed(trx, row.user_id))) {
      return fail("changed", ageMessages.dispatchRefused);
    }
    // Nothing is dispatched before its payment is recorded (docs/decisions/045).
    if (dispatching && row.payment_status !== "paid") return fail("changed", paymentMessages.dispatchRefused);
    // A dispatched order says who carries it and how to follow it.
    const sent = dispatching ? checkInput(dispatchInput, input.dispatch ?? {}) : null;
    if (sent && !sent.ok) {
      return { ...sent, message: "Enter the courier and tracking number to dispatch." };
    }
    const dispatch = sent?.ok ? sent.data : null;
    // A refund says how much of the payment went back (all of it unless staff typed less); the e-mail tells it. It
    // is recorded with how it went back and its reference; a card payment goes back through the provider instead.
    const refunding = check.field === "paymentStatus" && check.to === "refunded";
    if (refunding && (await paymentOf(trx, input.orderId))?.method === "card-online")
      return fail("wrong-state", paymentMessages.refundByCard);
    const decided = refunding ? await decideRefund(trx, input.orderId, input.refund?.amount) : null;
    if (decided && !decided.ok && !decided.fieldErrors) return decided;
    const recorded = refunding ? checkInput(manualRefundInput, input.refund ?? {}) : null;
    if ((decided && !decided.ok) || (recorded && !recorded.ok)) {
      const errors = {
        ...(decided && !decided.ok && decided.fieldErrors),
        ...(recorded && !recorded.ok && recorded.fieldErrors),
      };
      return failFields(errors);
    }
    const refund = decided?.ok ? decided.refund : null;
    const done = await transitionOrder(trx, {
      orderId: input.orderId,
      transition: orderSteps[input.step as OrderStep].transition,
      actor: staffActor,
      expected: check.from,
      dispatch,
      refund,
      mail,
      now,
    });
    if (done.ok && refund && recorded?.ok) {
      await recordManualRefund(trx, {
        orderId: input.orderId,
        amountCents: refund.amountCents,
        currency: refund.currency,
        method: recorded.data.method,
        reference: recorded.data.reference,
        reason: paymentMessages.refundRecordedReason,
        actor: staffActor,
        now,
      });
    }
    if (!done.ok) {
      // Another change landed between our read and our write: say what the order is now.
      const after = await current();
      const raced = after
        ? checkStep(input.step, { status: after.status, paymentStatus: after.payment_status }, input.from)
        : null;
      return fail("changed", raced && !raced.ok ? raced.message : orderChangedMessage);
    }
    // Who took the step, in its own transaction (no personal data: the tracking number is the carrier's).
    await recordAudit(trx, auditActorOf(actor), {
      action: stepAuditActions[input.step as OrderStep],
      entity: "order",
      entityId: input.orderId,
      details: {
        [check.field]: [check.from, check.to],
        ...(dispatch && { courier: dispatch.courier, trackingNumber: dispatch.trackingNumber }),
        ...(refund &&
          recorded?.ok && {
            amountCents: refund.amountCents,
            currency: refund.currency,
            method: recorded.data.method,
            reference: recorded.data.reference,
          }),
      },
    });
    return {
      ...check,
      orderId: input.orderId,
      message: `Order ${input.orderId} is now ${statusLabel(check.field, check.to)}.`,
      customer: { email: row.email, name: row.firstName || row.name || "there" },
    };
  });
}

/** The back office's action: takes the step (its e-mail to the customer is queued in the same transaction). */
export async function handleOrderStep(
  context: ShopContext,
  actor: SessionUser | null,
  orderId: string,
  form: FormData,
): Promise<StepResult> {
  const dispatch = { courier: formText(form, "courier", 200), trackingNumber: formText(form, "trackingNumber", 200) };
  const refund = {
    amount: formText(form, "amount", 20),
    method: formText(form, "method", 40),
    reference: formText(form, "reference", 200),
  };
  return changeOrderStep(
    context.db,
    actor,
    { orderId, step: form.get("intent"), from: form.get("from"), dispatch, refund },
    new Date(),
    { shopName: context.settings.name },
  );
}

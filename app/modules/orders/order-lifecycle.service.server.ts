/**
 * The one way an order's status or payment status changes (docs/decisions/073): `transitionOrder`, in the caller's
 * transaction. It checks the lifecycle's table (order-lifecycle.ts), makes the conditional update, records the change
 * with who made it, puts the stock back where the table says, and queues the table's e-mails through the jobs outbox.
 * A transition the table does not allow, or one that lost a race, is refused with a typed failure and changes nothing
 * (the conditional update is its first write).
 */
import type { Db } from "~/db/database.server";
import { fail, ok, type Result } from "~/lib/result";
import { enqueueJob } from "~/modules/jobs/jobs.service.server";
import { noticeJob } from "~/modules/mail/notice.jobs";
import { returnStockForOrder } from "~/modules/stock/stock.service.server";
import { recordOrderEvent } from "./order-events.repository.server";
import {
  refusalOf,
  transitionRule,
  type OrderActorKind,
  type OrderField,
  type OrderTransition,
} from "./order-lifecycle";
import { staffCancelledNotice, unpaidCancelledNotice } from "./order-lifecycle-mails.server";
import { findOrderForChange, hasCardMoney, moveOrderIfStill } from "./order-lifecycle.repository.server";
import { cancelledOrderRefundJob, orderStatusJob } from "./orders.jobs";
import type { OrderStatus, PaymentStatus } from "./orders";
import type { PaymentMethod, RefundSent } from "./payments";
import { insertPayment, setRefund } from "./payments.repository.server";

/** Who takes a transition: their kind, their account (none for the shop or a provider), the name its history shows. */
export type OrderActor = { kind: OrderActorKind; id: string | null; name: string };

/** Where the e-mails of a transition come from and point to. Without it, no e-mail is queued. */
export type OrderChangeMail = { shopName: string; baseUrl?: string; staffEmail?: string };

export type TransitionRequest = {
  orderId: string;
  transition: OrderTransition;
  actor: OrderActor;
  /** What the caller read (or its page showed) of the transition's column: the change is made only from it. */
  expected?: string;
  /** Only this customer's order (another customer's id is not found). */
  customerId?: string;
  /** A dispatch's courier and tracking number (kept on the order, told in the e-mail). */
  dispatch?: { courier: string; trackingNumber: string } | null;
  /** A recorded payment (kept beside the order). */
  payment?: { method: PaymentMethod; reference: string; amountCents: number; currency: string };
  /** A refund: how much went back (noted on the payment, told in the e-mail). */
  refund?: RefundSent | null;
  /** The unpaid cancellation's e-mail counts with the days the order had. */
  unpaidDays?: number;
  /** The customer's cancellation tells the shop when the order was paid (a refund is owed), or always with this. */
  tellStaff?: boolean;
  mail?: OrderChangeMail;
  now?: Date;
};

/** The change made, and the order's customer as the e-mails greet them. */
export type TransitionDone = {
  orderId: string;
  field: OrderField;
  from: OrderStatus | PaymentStatus;
  to: OrderStatus | PaymentStatus;
  customer: { id: string; email: string; name: string; deleted: boolean };
  paymentStatus: PaymentStatus;
};

/** Why a cancelled order's card payment goes back, as the customer's refund e-mail says it. */
const cancelReasons: Partial<Record<OrderTransition, string>> = {
  "cancel-by-customer": "you cancelled the order",
  "cancel-by-staff": "we cancelled the order",
  "cancel-age-failed": "we could not verify that you are 18 or over, so we cancelled the order",
  "cancel-unpaid": "the order was cancelled",
};

/** What a lost race is told: the order changed between the caller's read and this write. */
export const orderChangedMessage =
  "This order changed while you were looking at it. Nothing was changed; check it and try again.";

/** Takes `transition` on the order, in `trx` (the caller's transaction, which a failure should roll back). */
export async function transitionOrder(trx: Db, request: TransitionRequest): Promise<Result<TransitionDone>> {
  const { orderId, actor } = request;
  const now = request.now ?? new Date();
  const stamp = now.toISOString();
  const rule = transitionRule(request.transition);
  const row = await findOrderForChange(trx, orderId, request.customerId);
  if (!row) return fail("not-found", "There is no such order.");
  const state = { status: row.status, paymentStatus: row.payment_status };
  const from = state[rule.field];
  if (request.expected !== undefined && request.expected !== from) return fail("changed", orderChangedMessage);
  const refused = refusalOf(request.transition, actor.kind, state);
  if (refused) return fail(refused.code, refused.message);

  const move = { field: rule.field, from, to: rule.to, when: rule.when, dispatch: request.dispatch };
  if (!(await moveOrderIfStill(trx, orderId, move, stamp))) return fail("changed", orderChangedMessage);
  await recordOrderEvent(trx, orderId, {
    field: rule.field,
    from,
    to: rule.to,
    actorKind: actor.kind,
    byUserId: actor.id,
    byName: actor.name,
    at: stamp,
  });
  if (request.payment) {
    await insertPayment(trx, {
      order_id: orderId,
      method: request.payment.method,
      reference: request.payment.reference,
      amount_cents: request.payment.amountCents,
      currency: request.payment.currency,
      recorded_at: stamp,
      recorded_by_id: actor.id,
      recorded_by_name: actor.name,
    });
  }
  if (request.refund) await setRefund(trx, orderId, request.refund.amountCents, stamp);
  // The units go back in the same transaction as the cancellation, which can happen only once.
  if (rule.stockBack) await returnStockForOrder(trx, orderId, { id: actor.id, name: actor.name }, stamp);
  // Card money held or taken goes back by itself (docs/decisions/078): a job, so the provider is asked after the commit.
  if (rule.field === "status" && rule.to === "cancelled" && (await hasCardMoney(trx, orderId)))
    await enqueueJob(trx, cancelledOrderRefundJob, { orderId, reason: cancelReasons[request.transition] ?? "" }, now);

  const customer = {
    id: row.user_id,
    email: row.email,
    name: row.firstName || row.name || "there",
    deleted: row.deletedAt !== null,
  };
  const mail = request.mail;
  // A deleted account has no one to write to.
  if (mail && !customer.deleted) {
    for (const kind of rule.mails) {
      if (kind === "status") {
        const payload = {
          to: customer.email,
          shopName: mail.shopName,
          orderId,
          field: rule.field,
          status: rule.to,
          customerName: customer.name,
          ...(request.dispatch && { dispatch: request.dispatch }),
          ...(request.refund && { refund: request.refund }),
        };
        await enqueueJob(trx, orderStatusJob, payload, now);
      } else if (kind === "unpaid-cancelled") {
        const order = { id: orderId, totalCents: Number(row.total_cents), currency: row.currency };
        const notice = unpaidCancelledNotice(mail, customer, order, request.unpaidDays ?? 0);
        await enqueueJob(trx, noticeJob, notice, now);
      } else if (kind === "staff" && mail.staffEmail && (row.payment_status === "paid" || request.tellStaff)) {
        const notice = staffCancelledNotice(mail, orderId, from, row.payment_status === "paid");
        await enqueueJob(trx, noticeJob, notice, now);
      }
    }
  }
  return ok({ orderId, field: rule.field, from, to: rule.to, customer, paymentStatus: row.payment_status });
}

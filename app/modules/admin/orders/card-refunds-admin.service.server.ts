/**
 * The back office's side of card payments (docs/decisions/078): the order page's payments panel (each attempt with
 * the provider's events, every refund), and staff refunding an order paid by card through the provider. The rules
 * (at most what is left, one refund on its way at a time, the form's idempotency key) are the payments module's.
 */
import type { Db } from "~/db/database.server";
import type { ShopContext } from "~/context";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { inTransaction } from "~/db/transaction.server";
import { formText } from "~/lib/form-data";
import { fail, type Result } from "~/lib/result";
import { ORDER_ID } from "~/modules/orders/orders";
import { payableOrder } from "~/modules/orders/payments.service.server";
import {
  orderMoney,
  requestCardRefund,
  type CardAttemptView,
  type RefundView,
} from "~/modules/payments/card-payments.service.server";

/** What a card paid, what is left of it to refund, and whether a refund is on its way now. */
export type CardRefundable = { paidCents: number; leftCents: number; currency: string; inFlight: boolean };

export type OrderMoneyPanel = {
  attempts: CardAttemptView[];
  refunds: RefundView[];
  /** Set when the order was paid by card (an attempt captured): the 'Refund to card' form's figures. */
  card: CardRefundable | null;
  /** Money held on the card but not taken (an authorised attempt): a cancellation releases it. */
  held: { cents: number; currency: string } | null;
};

/**
 * An order's card money as the panel shows it. What is left is every captured attempt's amount less every card
 * refund not failed (the server checks it again when a refund is asked for).
 */
export async function orderMoneyPanel(db: Db, orderId: string): Promise<OrderMoneyPanel> {
  const { attempts, refunds } = await orderMoney(db, orderId);
  const captured = attempts.filter((a) => a.state === "captured");
  const cardRefunds = refunds.filter((r) => r.card);
  const authorised = attempts.find((a) => a.state === "authorised");
  const paidCents = captured.reduce((sum, a) => sum + a.amountCents, 0);
  const refundedCents = cardRefunds.filter((r) => r.state !== "failed").reduce((sum, r) => sum + r.amountCents, 0);
  return {
    attempts,
    refunds,
    card:
      captured.length > 0
        ? {
            paidCents,
            leftCents: Math.max(0, paidCents - refundedCents),
            currency: captured[0]!.currency,
            inFlight: cardRefunds.some((r) => r.state === "requested"),
          }
        : null,
    held: authorised ? { cents: authorised.amountCents, currency: authorised.currency } : null,
  };
}

export type CardRefundResult = Result<{ refundId: string; amountCents: number; currency: string }>;

/**
 * Staff refund part or all of an order paid by card, through the provider, as `actor` (who and when is kept with
 * the refund). Refused: an unknown order (404), no card payment, a refund already on its way, an amount of nothing
 * or more than is left, no reason (under their fields). The same idempotency key twice is the same refund. Staff only.
 */
export async function refundToCard(
  db: Db,
  actor: SessionUser | null,
  orderId: string,
  input: { amount: string; reason: string; idempotencyKey: string },
  now = new Date(),
): Promise<CardRefundResult> {
  assertAllowed(actor, "refunds");
  if (!ORDER_ID.test(orderId) || !(await payableOrder(db, orderId)))
    return fail("not-found", "There is no such order.");
  if (input.idempotencyKey.length < 16) return fail("changed", "This page is out of date: reload it and try again.");
  // The refund asked for and its audit entry commit together (the payments module's work joins this transaction).
  return inTransaction(db, async (trx): Promise<CardRefundResult> => {
    // The same form sent twice is the same refund: logged once, when it is asked for.
    const known = new Set((await orderMoney(trx, orderId)).refunds.map((r) => r.id));
    const asked = await requestCardRefund(trx, {
      orderId,
      amount: input.amount,
      reason: input.reason,
      idempotencyKey: input.idempotencyKey,
      actor: { kind: "staff", id: actor.id, name: actor.name || actor.email },
      now,
    });
    if (asked.ok && !known.has(asked.refundId))
      await recordAudit(trx, auditActorOf(actor), {
        action: "refund.card",
        entity: "order",
        entityId: orderId,
        details: {
          refundId: asked.refundId,
          amountCents: asked.amountCents,
          currency: asked.currency,
          reason: input.reason.trim().slice(0, 200),
        },
      });
    return asked;
  });
}

/** The back office's action: the 'Refund to card' form's fields. */
export function handleCardRefund(
  context: ShopContext,
  actor: SessionUser | null,
  orderId: string,
  form: FormData,
): Promise<CardRefundResult> {
  return refundToCard(context.db, actor, orderId, {
    amount: formText(form, "amount", 20),
    reason: formText(form, "reason", 200),
    idempotencyKey: formText(form, "idempotencyKey", 100),
  });
}

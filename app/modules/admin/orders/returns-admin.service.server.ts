/** The back office's return requests: the list (open ones first) and staff's decision with a note. Staff only. */
import type { Db } from "~/db/database.server";
import { fail, type Result } from "~/lib/result";
import type { SessionUser } from "~/modules/accounts/accounts";
import { check } from "~/lib/form-check";
import type { OrderMail } from "~/modules/orders/customer-orders.service.server";
import { decideReturnLines } from "~/modules/orders/returns.service.server";
import { deliveredAt } from "~/modules/orders/customer-orders.service.server";
import { restockReturnedUnits } from "~/modules/stock/stock.service.server";
import type { StockKind } from "~/modules/stock/stock";
import { recordManualRefund, requestCardRefund } from "~/modules/payments/card-payments.service.server";
import { manualRefundInput } from "~/modules/orders/payments.schema";
import { centsToText } from "~/lib/money";
import { ORDER_ID } from "~/modules/orders/orders";
import { isReturnStatus, returnDecisionInput, type ReturnStatus } from "~/modules/orders/returns";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { inTransaction } from "~/db/transaction.server";
import * as repo from "./returns-admin.repository.server";

export type AdminReturnRow = {
  orderId: string;
  customer: string;
  reason: string;
  status: ReturnStatus;
  requestedAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
};

/** Requests with the given status (all when none), the oldest open one first: the queue staff work through. */
export async function listReturnRequests(
  db: Db,
  actor: SessionUser | null,
  status: string | null,
  limit = 100,
): Promise<AdminReturnRow[]> {
  assertAllowed(actor, "returns");
  const rows = await repo.listReturnRows(db, isReturnStatus(status) ? status : null, limit);
  return rows.map((r) => ({
    orderId: r.order_id,
    customer: r.name || r.email,
    reason: r.reason,
    status: r.status,
    requestedAt: r.requested_at,
    decidedAt: r.decided_at,
    decidedBy: r.decided_by_name,
  }));
}

export const countOpenReturns = (db: Db) => repo.countReturns(db, "requested");

export type DecisionResult = Result<{ message: string; refundCents: number }>;

/**
 * Staff decide each open line of an order's return (docs/decisions/083), in one transaction with everything it does:
 * the lines and the note (the orders module, which queues the customer's e-mail), the accepted 'back in stock' units
 * added to their variants through the stock module (a 'returned' movement each), the refund of the accepted lines
 * (plus shipping when the law says so) through the card provider when the order was paid by card (one refund on its
 * way at a time, the form's idempotency key), or recorded by hand with its method and reference otherwise, and the
 * audit entry. Anything refused (a line undecided, no method or reference, a card refund already on its way) leaves
 * nothing written. Staff with `returns` and `refunds` only.
 */
export async function decideReturn(
  db: Db,
  actor: SessionUser | null,
  orderId: string,
  values: Record<string, string>,
  mail: OrderMail,
  now = new Date(),
): Promise<DecisionResult> {
  assertAllowed(actor, "returns");
  assertAllowed(actor, "refunds");
  if (!ORDER_ID.test(orderId)) return fail("not-found", "There is no such order.");
  const checked = check(returnDecisionInput, values);
  if (!checked.ok) return checked;
  const { note } = checked.data;
  const decisions = Object.fromEntries(
    Object.entries(values)
      .filter(([key]) => key.startsWith("line-"))
      .map(([key, value]) => [key.slice(5), value]),
  );
  const by = { id: actor.id, name: actor.name || actor.email };
  return inTransaction(db, async (trx): Promise<DecisionResult> => {
    const decided = await decideReturnLines(
      trx,
      { orderId, decisions, note, deliveredAt: await deliveredAt(trx, orderId), by },
      mail,
      now,
    );
    if (!decided.ok) return decided;
    const stamp = now.toISOString();
    const restock = decided.accepted.filter((l) => l.outcome === "restocked" && l.variantId);
    if (restock.length > 0)
      await restockReturnedUnits(
        trx,
        orderId,
        restock.map((l) => ({
          kind: l.kind as StockKind,
          itemId: l.itemId,
          variantId: l.variantId!,
          name: l.name,
          quantity: l.quantity,
        })),
        by,
        stamp,
      );
    const { refund } = decided;
    const staffActor = { kind: "staff" as const, id: actor.id, name: by.name };
    let refundHow: { method: string; reference: string } | null = null;
    if (refund.totalCents > 0 && decided.byCard) {
      // The form's key makes a second press the same refund; without one (a stale or crafted form) nothing is sent.
      if ((values.idempotencyKey ?? "").length < 16)
        return fail("changed", "This page is out of date: reload it and try again.");
      const asked = await requestCardRefund(trx, {
        orderId,
        amount: centsToText(refund.totalCents),
        reason: `Return of order ${orderId}`,
        idempotencyKey: values.idempotencyKey ?? "",
        actor: staffActor,
        now,
      });
      if (!asked.ok) return asked.fieldErrors ? fail("changed", Object.values(asked.fieldErrors)[0]!) : asked;
      refundHow = { method: "card-online", reference: asked.refundId };
    } else if (refund.totalCents > 0) {
      const recorded = check(manualRefundInput, { method: values.method, reference: values.reference });
      if (!recorded.ok) return recorded;
      await recordManualRefund(trx, {
        orderId,
        amountCents: refund.totalCents,
        currency: refund.currency,
        method: recorded.data.method,
        reference: recorded.data.reference,
        reason: `Return of order ${orderId}`,
        actor: staffActor,
        now,
      });
      refundHow = { method: recorded.data.method, reference: recorded.data.reference };
    }
    // The note goes to the customer and may name them: the log keeps the decisions and the money only.
    await recordAudit(trx, auditActorOf(actor), {
      action: "return.decide",
      entity: "order",
      entityId: orderId,
      details: {
        lines: decided.accepted.map((l) => ({ position: l.position, quantity: l.quantity, outcome: l.outcome })),
        refused: decided.refused,
        ...(refundHow && { refundCents: refund.totalCents, shippingCents: refund.shippingCents, ...refundHow }),
      },
    });
    return { ok: true, message: decided.message, refundCents: refund.totalCents };
  });
}

/** The back office's return requests: the list (open ones first) and staff's decision with a note. Staff only. */
import type { Db } from "~/db/database.server";
import { fail, type Result } from "~/lib/result";
import type { SessionUser } from "~/modules/accounts/accounts";
import { check } from "~/lib/form-check";
import type { OrderMail } from "~/modules/orders/customer-orders.service.server";
import { decideReturnRequest } from "~/modules/orders/returns.service.server";
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

export type DecisionResult = Result<{ message: string }>;

/**
 * Accepts or refuses an open return request with a note the customer is e-mailed (queued in the same transaction, by
 * the orders module). Decided once: a second decision, or two staff at once, is refused with a message. Staff only.
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
  if (!ORDER_ID.test(orderId)) return fail("not-found", "There is no such order.");
  const checked = check(returnDecisionInput, values);
  if (!checked.ok) return checked;
  const { decision, note } = checked.data;
  // The decision and its audit entry commit together (the orders module's work joins this transaction).
  return inTransaction(db, async (trx): Promise<DecisionResult> => {
    const decided = await decideReturnRequest(
      trx,
      { orderId, decision, note, by: { id: actor.id, name: actor.name || actor.email } },
      mail,
      now,
    );
    // The note goes to the customer and may name them: the log keeps the decision only.
    if (decided.ok)
      await recordAudit(trx, auditActorOf(actor), {
        action: "return.decide",
        entity: "order",
        entityId: orderId,
        details: { decision },
      });
    return decided;
  });
}

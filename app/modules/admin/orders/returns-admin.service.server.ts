/** The back office's return requests: the list (open ones first) and staff's decision with a note. Staff only. */
import type { Db } from "~/db/database.server";
import { fail, type Result } from "~/lib/result";
import type { SessionUser } from "~/modules/accounts/accounts";
import { check } from "~/lib/form-check";
import { enqueueJob } from "~/modules/jobs/jobs.service.server";
import { noticeJob } from "~/modules/mail/notice.jobs";
import type { OrderMail } from "~/modules/orders/customer-orders.service.server";
import { ORDER_ID } from "~/modules/orders/orders";
import { isReturnStatus, returnDecisionInput, returnMessages, type ReturnStatus } from "~/modules/orders/returns";
import { assertStaff } from "~/modules/accounts/staff";
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
  assertStaff(actor);
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
 * Accepts or refuses an open return request with a note the customer is e-mailed (queued in the same transaction).
 * Decided once: a second decision, or two staff at once, is refused with a message.
 */
export async function decideReturn(
  db: Db,
  actor: SessionUser | null,
  orderId: string,
  values: Record<string, string>,
  mail: OrderMail,
  now = new Date(),
): Promise<DecisionResult> {
  assertStaff(actor);
  if (!ORDER_ID.test(orderId)) return fail("not-found", "There is no such order.");
  const checked = check(returnDecisionInput, values);
  if (!checked.ok) return checked;
  const { decision, note } = checked.data;
  const stamp = now.toISOString();
  return db.transaction().execute(async (trx): Promise<DecisionResult> => {
    const row = await repo.findRequestWithCustomer(trx, orderId);
    if (!row) return fail("not-found", "This order has no return request.");
    const decided = await repo.decideIfWaiting(trx, orderId, {
      status: decision,
      note,
      at: stamp,
      byId: actor.id,
      byName: actor.name || actor.email,
    });
    if (!decided) return fail("changed", returnMessages.notOpen);
    if (!row.deletedAt) {
      const accepted = decision === "accepted";
      await enqueueJob(
        trx,
        noticeJob,
        {
          to: row.email,
          shopName: mail.shopName,
          subject: `${mail.shopName}: your return of order ${orderId} is ${accepted ? "accepted" : "refused"}`,
          title: `Your return of order ${orderId} is ${accepted ? "accepted" : "refused"}`,
          greeting: `Hello ${row.firstName || row.name || "there"},`,
          paragraphs: [
            accepted
              ? `We have accepted your request to return order ${orderId}. We refund you within 14 days of receiving the goods back.`
              : `We are sorry: we cannot accept your request to return order ${orderId}.`,
            // The note is the staff member's own sentence, with its own full stop: nothing is added after it.
            `A note from the shop: “${note}”`,
          ],
          action: { label: "See your order", url: `${mail.baseUrl}/account/orders/${orderId}` },
        },
        now,
      );
    }
    return { ok: true, message: returnMessages.decided(orderId, decision) };
  });
}

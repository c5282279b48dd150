/**
 * What a customer may do to their own order: cancel it before dispatch (its stock goes back, the shop is e-mailed)
 * or ask to return it within 14 days of delivery. Each step and its e-mails are one transaction (docs/decisions/020).
 */
import type { Db } from "~/db/database.server";
import { fail, type Result } from "~/lib/result";
import { isUniqueViolation } from "~/db/errors.server";
import { newId } from "~/lib/ids.server";
import type { SessionUser } from "~/modules/accounts/accounts";
import { check } from "~/lib/form-check";
import { enqueueJob } from "~/modules/jobs/jobs.service.server";
import { noticeJob } from "~/modules/mail/notice.jobs";
import { countStaffMail, withinStaffMailLimit } from "~/modules/security/rate-limit.service.server";
import { inTransaction } from "~/db/transaction.server";
import { orderChangedMessage, transitionOrder } from "./order-lifecycle.service.server";
import * as repo from "./returns.repository.server";
import { statusLabel } from "./order-status";
import { ORDER_ID } from "./orders";
import { customerMayCancel, returnMessages, returnReasonInput, returnWindow, type ReturnRequest } from "./returns";

/** Who the e-mails are from and to, and where their links point. */
export type OrderMail = { shopName: string; staffEmail: string; baseUrl: string };
export type CustomerStepResult = Result<{ message: string }>;

/** How order events and stock movements name a customer acting on their own order (never their name). */
const CUSTOMER = "Customer";
const notFound = fail("not-found", "There is no such order.");

/** When the order was marked delivered, or null. */
export const deliveredAt = (db: Db, orderId: string) => repo.findDeliveredAt(db, orderId);

/** Opens a return request on an order, in the caller's transaction (staff recording a cancellation sent by e-mail). */
export const openReturnRequest = (
  db: Db,
  row: { id: string; orderId: string; userId: string; reason: string; at: string },
) => repo.insertReturnRequest(db, row);

/** The order's return request, if one was made. */
export async function returnRequestOf(db: Db, orderId: string): Promise<ReturnRequest | null> {
  const row = await repo.findReturnRequest(db, orderId);
  return row
    ? {
        status: row.status,
        reason: row.reason,
        staffNote: row.staff_note,
        requestedAt: row.requested_at,
        decidedAt: row.decided_at,
      }
    : null;
}

/**
 * The customer cancels their own pending or confirmed order: a conditional update (a member of staff dispatching it
 * at the same moment wins or loses cleanly), the stock back on the shelf, the customer's and the shop's e-mails
 * queued, all in one transaction. Another customer's order id is not found. A cancellation is the customer's right
 * and is never refused for the account's limit on what e-mails staff; past it, staff are told only of a paid order's
 * cancellation (a refund is owed), not of an unpaid one's (nothing to do: its stock is back; docs/decisions/070).
 */
export async function cancelOwnOrder(
  db: Db,
  user: SessionUser,
  orderId: string,
  mail: OrderMail,
  now = new Date(),
): Promise<CustomerStepResult> {
  if (!ORDER_ID.test(orderId)) return notFound;
  const staffMail = await countStaffMail(db, user.id, now.getTime());
  const result = await cancel(db, user, orderId, mail, now, staffMail.allowed);
  // Counted only when it was within the limit and went through (past it, only a refund owed is e-mailed).
  if (!result.ok || !staffMail.allowed) await staffMail.release();
  return result;
}

async function cancel(
  db: Db,
  user: SessionUser,
  orderId: string,
  mail: OrderMail,
  now: Date,
  tellStaffAlways: boolean,
): Promise<CustomerStepResult> {
  return inTransaction(db, async (trx): Promise<CustomerStepResult> => {
    const row = await repo.findOwnOrder(trx, user.id, orderId);
    if (!row) return notFound;
    const from = row.status;
    if (!customerMayCancel(from))
      return fail(
        "changed",
        from === "cancelled" ? `Order ${orderId} is already cancelled.` : returnMessages.cannotCancel,
      );
    // The shop hears of it when a refund is owed, or always while the account is within its limit (decision 070).
    const done = await transitionOrder(trx, {
      orderId,
      transition: "cancel-by-customer",
      actor: { kind: "customer", id: user.id, name: CUSTOMER },
      expected: from,
      customerId: user.id,
      tellStaff: tellStaffAlways,
      mail,
      now,
    });
    if (!done.ok) return fail("changed", orderChangedMessage);
    return { ok: true, message: returnMessages.cancelled(orderId) };
  });
}

/**
 * The customer asks to return a dispatched order, or a delivered one within 14 days of delivery, with a reason. One
 * request per order (a unique index settles a double click). The customer and the shop are e-mailed.
 */
export const requestReturn = (
  db: Db,
  user: SessionUser,
  orderId: string,
  values: Record<string, string>,
  mail: OrderMail,
  now = new Date(),
): Promise<CustomerStepResult> =>
  // Within the account's limit on what e-mails staff (docs/decisions/070): past it, refused with nothing saved.
  ORDER_ID.test(orderId)
    ? withinStaffMailLimit(db, user.id, () => returnRequest(db, user, orderId, values, mail, now), now.getTime())
    : Promise.resolve(notFound);

async function returnRequest(
  db: Db,
  user: SessionUser,
  orderId: string,
  values: Record<string, string>,
  mail: OrderMail,
  now: Date,
): Promise<CustomerStepResult> {
  const checked = check(returnReasonInput, values);
  const stamp = now.toISOString();
  try {
    return await db.transaction().execute(async (trx): Promise<CustomerStepResult> => {
      const row = await repo.findOwnOrder(trx, user.id, orderId);
      if (!row) return notFound;
      if (!checked.ok) return checked;
      const status = row.status;
      const existing = await returnRequestOf(trx, orderId);
      if (existing) return fail("changed", returnMessages.alreadyRequested);
      if (status !== "dispatched" && status !== "delivered") return fail("changed", returnMessages.notReturnable);
      const window = returnWindow({ status, deliveredAt: await deliveredAt(trx, orderId) }, null, now);
      if (!window.open)
        return fail("changed", window.lastDay ? returnMessages.tooLate(window.lastDay) : returnMessages.notReturnable);
      const reason = checked.data.reason;
      await repo.insertReturnRequest(trx, { id: newId(), orderId, userId: user.id, reason, at: stamp });
      const orderUrl = `${mail.baseUrl}/account/orders/${orderId}`;
      await enqueueJob(
        trx,
        noticeJob,
        {
          to: row.email,
          shopName: mail.shopName,
          subject: `${mail.shopName}: we have your return request for order ${orderId}`,
          title: `Your return request for order ${orderId}`,
          greeting: `Hello ${row.firstName || row.name || "there"},`,
          paragraphs: [
            `We have your request to return order ${orderId}. Your reason: “${reason}”.`,
            "Please keep the goods and their packaging until we reply: we will e-mail you how to send them back.",
          ],
          action: { label: "See your order", url: orderUrl },
        },
        now,
      );
      await enqueueJob(
        trx,
        noticeJob,
        {
          to: mail.staffEmail,
          shopName: mail.shopName,
          subject: `${mail.shopName}: return requested for order ${orderId}`,
          title: `Return requested for order ${orderId}`,
          greeting: "Hello,",
          paragraphs: [
            `The customer asks to return order ${orderId} (${statusLabel("status", status)}).`,
            `Their reason: “${reason}”.`,
            "Accept or refuse it, with a note for the customer, on the order's page.",
          ],
          action: { label: "Open the order", url: `${mail.baseUrl}/admin/orders/${orderId}` },
        },
        now,
      );
      return { ok: true, message: returnMessages.requested };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return fail("changed", returnMessages.alreadyRequested);
    throw error;
  }
}

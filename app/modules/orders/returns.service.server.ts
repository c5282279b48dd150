/**
 * Staff's decision on a customer's return request (the request itself: customer-orders.service.server.ts). A return
 * changes no order column (docs/guide/order-lifecycle.md): the refund that may follow is the order's `refund`
 * transition. Kept here, beside the customer's side, so one module writes `return_requests`.
 */
import type { Db } from "~/db/database.server";
import { inTransaction } from "~/db/transaction.server";
import { fail, type Result } from "~/lib/result";
import { enqueueJob } from "~/modules/jobs/jobs.service.server";
import { noticeJob } from "~/modules/mail/notice.jobs";
import type { OrderMail } from "./customer-orders.service.server";
import { returnMessages, type ReturnStatus } from "./returns";
import * as repo from "./returns.repository.server";

/**
 * Accepts or refuses an open return request with a note the customer is e-mailed, in one transaction. Decided once:
 * a second decision, or two staff at once, is refused with a message and nothing written.
 */
export async function decideReturnRequest(
  db: Db,
  input: {
    orderId: string;
    decision: Exclude<ReturnStatus, "requested">;
    note: string;
    by: { id: string; name: string };
  },
  mail: Pick<OrderMail, "shopName" | "baseUrl">,
  now = new Date(),
): Promise<Result<{ message: string }>> {
  const { orderId, decision, note, by } = input;
  return inTransaction(db, async (trx): Promise<Result<{ message: string }>> => {
    const row = await repo.findRequestWithCustomer(trx, orderId);
    if (!row) return fail("not-found", "This order has no return request.");
    const decided = await repo.decideIfWaiting(trx, orderId, {
      status: decision,
      note,
      at: now.toISOString(),
      byId: by.id,
      byName: by.name,
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

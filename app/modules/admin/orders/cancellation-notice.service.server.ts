/**
 * A cancellation the customer sent by e-mail (the model form or any clear statement), recorded by staff on the order
 * (Consumer Contracts Regulations 2013, reg. 32: any clear statement cancels). It does what the account page does:
 * before dispatch the order is cancelled and its stock goes back; once dispatched or delivered (within the 14 days,
 * counted to the day it arrived) a return is opened for staff to accept. How and when it arrived, and who recorded
 * it, are kept with the order. One transaction; nothing is saved on bad input (docs/decisions/040).
 */
import type { Db } from "~/db/database.server";
import { check } from "~/lib/form-check";
import { newId } from "~/lib/ids.server";
import { fail, failFields, type Result } from "~/lib/result";
import { formatDay, shopDate } from "~/lib/shop-time";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { enqueueJob } from "~/modules/jobs/jobs.service.server";
import { noticeJob } from "~/modules/mail/notice.jobs";
import {
  deliveredAt,
  openReturnRequest,
  returnRequestOf,
  type OrderMail,
} from "~/modules/orders/customer-orders.service.server";
import { inTransaction } from "~/db/transaction.server";
import { orderChangedMessage, transitionOrder } from "~/modules/orders/order-lifecycle.service.server";
import { ORDER_ID } from "~/modules/orders/orders";
import { lastReturnDay } from "~/modules/orders/returns";
import {
  cancellationChannelLabels,
  cancellationNoticeMessages as m,
  type CancellationNotice,
} from "./cancellation-notice";
import { cancellationNoticeInput } from "./cancellation-notice.schema";
import * as repo from "./cancellation-notices.repository.server";
import { saveCancellationNotice } from "~/modules/orders/cancellation-notices.service.server";
import { findOrderState } from "./orders-admin.repository.server";

/** The cancellation recorded on an order, if any. */
export async function cancellationNoticeOf(db: Db, orderId: string): Promise<CancellationNotice | null> {
  const row = await repo.findNotice(db, orderId);
  return row
    ? {
        channel: row.channel,
        receivedOn: row.received_on,
        outcome: row.outcome,
        recordedAt: row.recorded_at,
        recordedBy: row.recorded_by_name,
      }
    : null;
}

export async function recordCancellationNotice(
  db: Db,
  actor: SessionUser | null,
  orderId: string,
  values: Record<string, string>,
  mail: OrderMail,
  now = new Date(),
): Promise<Result<{ message: string }>> {
  assertAllowed(actor, "orders.manage");
  if (!ORDER_ID.test(orderId)) return fail("not-found", "There is no such order.");
  const checked = check(cancellationNoticeInput, values);
  if (!checked.ok) return checked;
  const { channel, receivedOn } = checked.data;
  if (receivedOn > shopDate(now)) return failFields({ receivedOn: m.dateInFuture });
  const stamp = now.toISOString();
  const by = { id: actor.id, name: actor.name || actor.email };
  return inTransaction(db, async (trx): Promise<Result<{ message: string }>> => {
    const row = await findOrderState(trx, orderId);
    if (!row) return fail("not-found", "There is no such order.");
    if (await repo.findNotice(trx, orderId)) return fail("changed", m.alreadyRecorded);
    const placedAt = await repo.findPlacedAt(trx, orderId);
    if (placedAt && receivedOn < shopDate(placedAt)) return failFields({ receivedOn: m.dateBeforeOrder });
    const how = cancellationChannelLabels[channel].toLowerCase();
    const customerName = row.firstName || row.name || "there";
    const notice = async (outcome: "cancelled" | "return") => {
      await saveCancellationNotice(trx, {
        id: newId(),
        orderId,
        channel,
        receivedOn,
        outcome,
        at: stamp,
        byId: by.id,
        byName: by.name,
      });
      await recordAudit(trx, auditActorOf(actor), {
        action: "order.cancellation-notice",
        entity: "order",
        entityId: orderId,
        details: { channel, receivedOn, outcome, status: row.status },
      });
    };

    if (row.status === "cancelled") return fail("changed", m.alreadyCancelled);
    if (row.status === "pending" || row.status === "confirmed") {
      const done = await transitionOrder(trx, {
        orderId,
        transition: "cancel-by-staff",
        actor: { kind: "staff", ...by },
        expected: row.status,
        mail,
        now,
      });
      if (!done.ok) return fail("changed", orderChangedMessage);
      await notice("cancelled");
      return { ok: true, message: m.cancelled(orderId) };
    }

    // Dispatched or delivered: the goods come back, as a return asked for on the account page would.
    if (await returnRequestOf(trx, orderId)) return fail("changed", m.returnExists);
    if (row.status === "delivered") {
      const delivered = await deliveredAt(trx, orderId);
      const lastDay = delivered ? lastReturnDay(delivered) : null;
      if (lastDay && receivedOn > lastDay) return failFields({ receivedOn: m.tooLate(formatDay(lastDay)) });
    }
    await openReturnRequest(trx, {
      id: newId(),
      orderId,
      userId: row.user_id,
      reason: `Cancelled by the customer: ${how}, received ${formatDay(receivedOn)}.`,
      at: stamp,
    });
    await notice("return");
    await enqueueJob(
      trx,
      noticeJob,
      {
        to: row.email,
        shopName: mail.shopName,
        subject: `${mail.shopName}: we have your cancellation of order ${orderId}`,
        title: `Your cancellation of order ${orderId}`,
        greeting: `Hello ${customerName},`,
        paragraphs: [
          `We received your cancellation of order ${orderId} on ${formatDay(receivedOn)}.`,
          "Please send the goods back within 14 days. We refund you, delivery included, within 14 days of receiving them back: we will e-mail you when we have.",
        ],
        action: { label: "See your order", url: `${mail.baseUrl}/account/orders/${orderId}` },
      },
      now,
    );
    return { ok: true, message: m.returning(orderId) };
  });
}

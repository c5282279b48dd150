/**
 * A customer asks for a WEEE take-back with their own order that bought a device: one request per order, for up to
 * as many old devices as it bought, until 28 days after delivery. The customer and the shop are e-mailed in the same
 * transaction. Another customer's order is not found, and nothing is saved (docs/decisions/041).
 */
import type { Db } from "~/db/database.server";
import { isUniqueViolation } from "~/db/errors.server";
import { check } from "~/lib/form-check";
import { newId } from "~/lib/ids.server";
import { fail, type Result } from "~/lib/result";
import type { SessionUser } from "~/modules/accounts/accounts";
import { enqueueJob } from "~/modules/jobs/jobs.service.server";
import { noticeJob } from "~/modules/mail/notice.jobs";
import { withinStaffMailLimit } from "~/modules/security/rate-limit.service.server";
import type { OrderMail } from "./customer-orders.service.server";
import { findOrder } from "./orders.service.server";
import { findDeliveredAt, findOwnOrder } from "./returns.repository.server";
import {
  devicesBought,
  keepUntil,
  RECYCLING_PAGE_PATH,
  takeBackMessages,
  takeBackWindow,
  type TakeBackRequest,
} from "./take-back";
import { takeBackInput } from "./take-back.schema";
import * as repo from "./take-back.repository.server";

/** The order's take-back request, if one was made. */
export async function takeBackOf(db: Db, orderId: string): Promise<TakeBackRequest | null> {
  const row = await repo.findTakeBack(db, orderId);
  return row
    ? { devices: row.devices, status: row.status, requestedAt: row.requested_at, receivedAt: row.received_at }
    : null;
}

/**
 * Staff mark the old device(s) sent back with an order received, once (docs/decisions/041): a second time, or two
 * staff at once, is refused; an order with no take-back is not found.
 */
export async function receiveTakeBack(
  db: Db,
  orderId: string,
  by: { id: string; name: string },
  now = new Date(),
): Promise<Result<{ message: string }>> {
  if (await repo.markReceivedIfWaiting(db, orderId, { at: now.toISOString(), ...by }))
    return { ok: true, message: takeBackMessages.received(orderId) };
  return (await takeBackOf(db, orderId))
    ? fail("changed", takeBackMessages.alreadyReceived)
    : fail("not-found", "There is no such take-back.");
}

/**
 * The customer's request, within the account's limit on what e-mails staff (docs/decisions/070): past it, refused
 * with nothing saved.
 */
export const requestTakeBack = (
  db: Db,
  user: SessionUser,
  orderId: string,
  values: Record<string, string>,
  mail: OrderMail,
  now = new Date(),
): Promise<Result<{ message: string }>> =>
  withinStaffMailLimit(db, user.id, () => takeBack(db, user, orderId, values, mail, now), now.getTime());

async function takeBack(
  db: Db,
  user: SessionUser,
  orderId: string,
  values: Record<string, string>,
  mail: OrderMail,
  now: Date,
): Promise<Result<{ message: string }>> {
  const notFound = fail("not-found", "There is no such order.");
  const stamp = now.toISOString();
  try {
    return await db.transaction().execute(async (trx): Promise<Result<{ message: string }>> => {
      const order = await findOrder(trx, user.id, orderId);
      const owner = order ? await findOwnOrder(trx, user.id, orderId) : null;
      if (!order || !owner) return notFound;
      const devices = devicesBought(order.lines);
      if (devices === 0) return fail("changed", takeBackMessages.noDevice);
      if (order.status === "cancelled") return fail("changed", takeBackMessages.cancelled);
      if (await takeBackOf(trx, orderId)) return fail("changed", takeBackMessages.alreadyRequested);
      const window = takeBackWindow(
        { status: order.status, deliveredAt: await findDeliveredAt(trx, orderId), devices },
        null,
        now,
      );
      if (!window.open) return fail("changed", takeBackMessages.tooLate);
      const checked = check(takeBackInput(devices), values);
      if (!checked.ok) return checked;
      const count = checked.data.devices;
      await repo.insertTakeBack(trx, {
        id: newId(),
        orderId,
        userId: user.id,
        devices: count,
        at: stamp,
        keepUntil: keepUntil(stamp),
      });
      const what = count === 1 ? "1 old device" : `${count} old devices`;
      await enqueueJob(
        trx,
        noticeJob,
        {
          to: owner.email,
          shopName: mail.shopName,
          subject: `${mail.shopName}: your take-back with order ${orderId}`,
          title: `Recycling your old vape: order ${orderId}`,
          greeting: `Hello ${owner.firstName || owner.name || "there"},`,
          paragraphs: [
            `We have your request to send back ${what} with order ${orderId}, free of charge.`,
            "We will send you a prepaid envelope (in your parcel if it has not left yet). Take out any pod, do not send e-liquid, and post the old device back in it.",
          ],
          action: { label: "How we recycle it", url: `${mail.baseUrl}${RECYCLING_PAGE_PATH}` },
        },
        now,
      );
      await enqueueJob(
        trx,
        noticeJob,
        {
          to: mail.staffEmail,
          shopName: mail.shopName,
          subject: `${mail.shopName}: take-back requested with order ${orderId}`,
          title: `Take-back requested with order ${orderId}`,
          greeting: "Hello,",
          paragraphs: [
            `The customer will send back ${what} with order ${orderId}. Put a prepaid envelope in the parcel (or post one if it has left).`,
            "Mark it received on the back office's Take-backs page when it arrives.",
          ],
          action: { label: "Open the take-backs", url: `${mail.baseUrl}/admin/take-backs` },
        },
        now,
      );
      return { ok: true, message: takeBackMessages.requested };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return fail("changed", takeBackMessages.alreadyRequested);
    throw error;
  }
}

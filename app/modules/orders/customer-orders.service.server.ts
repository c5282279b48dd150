/**
 * What a customer may do to their own order: cancel it before dispatch (its stock goes back, the shop is e-mailed)
 * or ask to return it within 14 days of delivery. Each step and its e-mails are one transaction (docs/decisions/020).
 */
import type { Db } from "~/db/database.server";
import { fail, failFields, type Result } from "~/lib/result";
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
import { ORDER_ID, type OrderStatus } from "./orders";
import {
  customerMayCancel,
  faultReportInput,
  faultWindow,
  readReturnLines,
  remediesIn,
  returnableUnits,
  returnMessages,
  returnRemedyLabels,
  returnWindow,
  type AskedLine,
  type ReturnableLine,
  type ReturnLineKind,
  type ReturnRemedy,
  type ReturnRequest,
} from "./returns";

/** Who the e-mails are from and to, and where their links point. */
export type OrderMail = { shopName: string; staffEmail: string; baseUrl: string };
export type CustomerStepResult = Result<{ message: string }>;

/** How order events and stock movements name a customer acting on their own order (never their name). */
const CUSTOMER = "Customer";
const notFound = fail("not-found", "There is no such order.");

/** When the order was marked delivered, or null. */
export const deliveredAt = (db: Db, orderId: string) => repo.findDeliveredAt(db, orderId);

/**
 * Opens a return request of the whole order (every unit of every line), in the caller's transaction: staff recording
 * a cancellation the customer sent by e-mail or post.
 */
export async function openReturnRequest(
  db: Db,
  row: { id: string; orderId: string; userId: string; reason: string; at: string },
) {
  await repo.insertReturnRequest(db, row);
  const lines = await repo.listOrderLines(db, row.orderId);
  if (lines.length > 0)
    await repo.insertReturnLines(
      db,
      lines.map((l) => ({
        id: newId(),
        returnId: row.id,
        orderId: row.orderId,
        position: l.position,
        quantity: Number(l.quantity),
        unitPriceCents: Number(l.unit_price_cents),
        reason: row.reason,
        kind: "change-of-mind" as const,
        remedy: "refund" as const,
        at: row.at,
      })),
    );
}

/** The order's return request with its lines, if one was made. */
export async function returnRequestOf(db: Db, orderId: string): Promise<ReturnRequest | null> {
  const row = await repo.findReturnRequest(db, orderId);
  if (!row) return null;
  const lines = await repo.listReturnLines(db, orderId);
  return {
    status: row.status,
    reason: row.reason,
    staffNote: row.staff_note,
    requestedAt: row.requested_at,
    decidedAt: row.decided_at,
    shippingRefunded: Number(row.shipping_refunded) === 1,
    lines: lines.map((l) => ({
      id: l.id,
      position: Number(l.position),
      name: l.name ?? `Line ${Number(l.position) + 1}`,
      quantity: Number(l.quantity),
      unitPriceCents: Number(l.unit_price_cents),
      reason: l.reason,
      kind: l.kind,
      remedy: l.remedy,
      status: l.status,
      outcome: l.outcome,
      requestedAt: l.requested_at,
      decidedAt: l.decided_at,
    })),
  };
}

/** The order's lines with the units already in a return (refused ones do not count): what may still be returned. */
export async function returnableLines(db: Db, orderId: string): Promise<ReturnableLine[]> {
  const lines = await repo.listOrderLines(db, orderId);
  const returned = await repo.listReturnLines(db, orderId);
  return lines.map((l) => ({
    position: Number(l.position),
    name: l.name,
    quantity: Number(l.quantity),
    unitPriceCents: Number(l.unit_price_cents),
    inReturns: returned
      .filter((r) => Number(r.position) === Number(l.position) && r.status !== "refused")
      .reduce((sum, r) => sum + Number(r.quantity), 0),
  }));
}

/** The order's lines for staff deciding a return: each with the variant its units go back to. */
export async function orderLinesOf(db: Db, orderId: string) {
  return (await repo.listOrderLines(db, orderId)).map((l) => ({
    position: Number(l.position),
    name: l.name,
    kind: l.kind,
    itemId: l.item_id,
    variantId: l.variant_id,
    quantity: Number(l.quantity),
  }));
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
 * The customer asks to return some of a dispatched order, or of a delivered one within 14 days of delivery: which
 * lines, how many of each, each with its reason (form fields `qty-<position>`, `reason-<position>`). More units than
 * were ordered, or than are left once the units already in a return are counted, are refused under the line. The
 * order has one return request: new lines are added to it (and open it again). The customer and the shop are e-mailed.
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
  return addReturnLines(db, user, orderId, mail, now, async (trx, status) => {
    if (status !== "dispatched" && status !== "delivered") return fail("changed", returnMessages.notReturnable);
    const window = returnWindow({ status, deliveredAt: await deliveredAt(trx, orderId) }, now);
    if (!window.open)
      return fail("changed", window.lastDay ? returnMessages.tooLate(window.lastDay) : returnMessages.notReturnable);
    const read = readReturnLines(await returnableLines(trx, orderId), values);
    if (!read.ok) return read;
    return { ok: true, lines: read.lines, kind: "change-of-mind", remedy: "refund" };
  });
}

/**
 * The customer reports a faulty item from their order page (Consumer Rights Act 2015): up to 30 days after delivery
 * for a refund (the short-term right to reject) or a repair or replacement, up to 6 months for a repair or a
 * replacement. It is a return line with the reason 'faulty' and the remedy asked for, decided by staff like any other.
 */
export const reportFault = (
  db: Db,
  user: SessionUser,
  orderId: string,
  values: Record<string, string>,
  mail: OrderMail,
  now = new Date(),
): Promise<CustomerStepResult> =>
  ORDER_ID.test(orderId)
    ? withinStaffMailLimit(db, user.id, () => faultReport(db, user, orderId, values, mail, now), now.getTime())
    : Promise.resolve(notFound);

async function faultReport(
  db: Db,
  user: SessionUser,
  orderId: string,
  values: Record<string, string>,
  mail: OrderMail,
  now: Date,
): Promise<CustomerStepResult> {
  return addReturnLines(db, user, orderId, mail, now, async (trx, status) => {
    if (status !== "delivered") return fail("changed", returnMessages.faultNotDelivered);
    const window = faultWindow(await deliveredAt(trx, orderId), now);
    if (window.state === "ended") return fail("changed", returnMessages.faultTooLate);
    if (window.state === "not-delivered") return fail("changed", returnMessages.faultNotDelivered);
    const checked = check(faultReportInput, values);
    if (!checked.ok) return checked;
    const { position, quantity, description, remedy } = checked.data;
    if (!remediesIn(window).includes(remedy)) return failFields({ remedy: returnMessages.remedyTooLate });
    const line = (await returnableLines(trx, orderId)).find((l) => l.position === position);
    if (!line) return failFields({ position: returnMessages.faultLineRequired });
    const left = returnableUnits(line);
    if (left === 0) return failFields({ quantity: returnMessages.alreadyInReturn });
    if (quantity > left) return failFields({ quantity: returnMessages.tooMany(left, line.inReturns) });
    return { ok: true, lines: [{ position, quantity, reason: description }], kind: "faulty", remedy };
  });
}

type LinesAsked = Result<{ lines: AskedLine[]; kind: ReturnLineKind; remedy: ReturnRemedy }>;

/**
 * The shared half of a return and a fault report: the customer's own order, the lines `ask` allows, written on the
 * order's one return request (made now if none), and both e-mails, in one transaction; refused: nothing written.
 */
async function addReturnLines(
  db: Db,
  user: SessionUser,
  orderId: string,
  mail: OrderMail,
  now: Date,
  ask: (trx: Db, status: OrderStatus) => Promise<LinesAsked>,
): Promise<CustomerStepResult> {
  const stamp = now.toISOString();
  try {
    return await inTransaction(db, async (trx): Promise<CustomerStepResult> => {
      const row = await repo.findOwnOrder(trx, user.id, orderId);
      if (!row) return notFound;
      const asked = await ask(trx, row.status);
      if (!asked.ok) return asked;
      const orderLines = await repo.listOrderLines(trx, orderId);
      const nameOf = (position: number) => orderLines.find((l) => l.position === position)?.name ?? "";
      const priceOf = (position: number) =>
        Number(orderLines.find((l) => l.position === position)?.unit_price_cents ?? 0);
      const summary = asked.lines
        .map((l) => `${nameOf(l.position)} × ${l.quantity}: ${l.reason}`)
        .join("; ")
        .slice(0, 1000);
      const faulty = asked.kind === "faulty";
      const headerReason = faulty
        ? `Faulty (${returnRemedyLabels[asked.remedy].toLowerCase()} asked): ${summary}`
        : summary;
      const existing = await repo.findReturnRequest(trx, orderId);
      const returnId = existing?.id ?? newId();
      if (existing) await repo.reopenRequest(trx, returnId, headerReason.slice(0, 1000));
      else
        await repo.insertReturnRequest(trx, {
          id: returnId,
          orderId,
          userId: user.id,
          reason: headerReason.slice(0, 1000),
          at: stamp,
        });
      await repo.insertReturnLines(
        trx,
        asked.lines.map((l) => ({
          id: newId(),
          returnId,
          orderId,
          position: l.position,
          quantity: l.quantity,
          unitPriceCents: priceOf(l.position),
          reason: l.reason,
          kind: asked.kind,
          remedy: asked.remedy,
          at: stamp,
        })),
      );
      const listed = asked.lines.map((l) => `${nameOf(l.position)} × ${l.quantity}: “${l.reason}”`);
      const orderUrl = `${mail.baseUrl}/account/orders/${orderId}`;
      await enqueueJob(
        trx,
        noticeJob,
        {
          to: row.email,
          shopName: mail.shopName,
          subject: faulty
            ? `${mail.shopName}: we have your report of a faulty item in order ${orderId}`
            : `${mail.shopName}: we have your return request for order ${orderId}`,
          title: faulty
            ? `Your report of a faulty item in order ${orderId}`
            : `Your return request for order ${orderId}`,
          greeting: `Hello ${row.firstName || row.name || "there"},`,
          paragraphs: [
            faulty
              ? `We have your report of a faulty item in order ${orderId}. You asked for ${returnRemedyLabels[asked.remedy].toLowerCase()}.`
              : `We have your request to return part of order ${orderId}.`,
            ...listed,
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
          subject: faulty
            ? `${mail.shopName}: faulty item reported in order ${orderId}`
            : `${mail.shopName}: return requested for order ${orderId}`,
          title: faulty ? `Faulty item reported in order ${orderId}` : `Return requested for order ${orderId}`,
          greeting: "Hello,",
          paragraphs: [
            faulty
              ? `The customer reports a faulty item in order ${orderId} and asks for ${returnRemedyLabels[asked.remedy].toLowerCase()}.`
              : `The customer asks to return part of order ${orderId} (${statusLabel("status", row.status)}).`,
            ...listed,
            "Decide each line (back in stock, written off or refused), with a note for the customer, on the order's page.",
          ],
          action: { label: "Open the order", url: `${mail.baseUrl}/admin/orders/${orderId}` },
        },
        now,
      );
      return { ok: true, message: faulty ? returnMessages.faultReported : returnMessages.requested };
    });
  } catch (error) {
    // Two requests at once for an order with none: the other one made the request; this one is told to try again.
    if (isUniqueViolation(error))
      return fail("changed", "Your request crossed another one: reload the page and try again.");
    throw error;
  }
}

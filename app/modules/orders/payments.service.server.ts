/**
 * Payments on orders (docs/decisions/045): the payment staff recorded, the refund staff are about to mark, and the
 * unpaid-order jobs (a reminder, then the cancellation of an order whose payment never came, its stock back). Marking
 * an order paid, refunded or cancelled is a transition of its lifecycle (order-lifecycle.service.server.ts).
 */
import type { Db } from "~/db/database.server";
import { formatMoney } from "~/lib/money";
import { formatLongDate } from "~/lib/shop-time";
import { newJob, enqueueJob } from "~/modules/jobs/jobs.service.server";
import { noticeJob } from "~/modules/mail/notice.jobs";
import { inTransaction } from "~/db/transaction.server";
import { transitionOrder } from "./order-lifecycle.service.server";
import { unpaidOrderCancelJob, unpaidOrderReminderJob } from "./orders.jobs";
import { fail, failFields, type Result } from "~/lib/result";
import type { RefundSent } from "./payments";
import { paymentMessages, REMINDER_DAYS_BEFORE, type Payment } from "./payments";
import { parseAmount } from "./payments.schema";
import * as repo from "./payments.repository.server";

const DAY_MS = 86_400_000;
/** How order events and stock movements name the shop cancelling an unpaid order by itself. */
export const UNPAID_ACTOR = "Shop (no payment)";

/** The order's recorded payment, or null. */
export async function paymentOf(db: Db, orderId: string): Promise<Payment | null> {
  const row = await repo.findPayment(db, orderId);
  return row
    ? {
        method: row.method,
        reference: row.reference,
        amountCents: Number(row.amount_cents),
        currency: row.currency,
        recordedAt: row.recorded_at,
        recordedByName: row.recorded_by_name,
        refundedCents: row.refunded_cents === null ? null : Number(row.refunded_cents),
        refundedAt: row.refunded_at,
      }
    : null;
}

/**
 * A refund staff are about to mark, in the caller's transaction: the amount typed (`raw`; none given: all that was
 * paid), at most the recorded payment (or, for an order paid before payments were recorded, its total), and more
 * than nothing. Refused with the message under the amount field.
 */
export async function decideRefund(trx: Db, orderId: string, raw: unknown): Promise<Result<{ refund: RefundSent }>> {
  const payment = await repo.findPayment(trx, orderId);
  const order = await repo.findPayableOrder(trx, orderId);
  if (!order) return fail("not-found", "There is no such order.");
  const paidCents = payment ? Number(payment.amount_cents) : Number(order.total_cents);
  const currency = payment?.currency ?? order.currency;
  let amountCents = paidCents;
  if (typeof raw === "string" && raw.trim() !== "") {
    const parsed = parseAmount(raw);
    if (!parsed.ok) return failFields({ amount: parsed.message });
    amountCents = parsed.value;
  }
  if (amountCents <= 0) return failFields({ amount: paymentMessages.refundNothing });
  if (amountCents > paidCents) return failFields({ amount: paymentMessages.refundTooMuch(paidCents, currency) });
  return { ok: true, refund: { amountCents, paidCents, currency, method: payment?.method ?? null } };
}

/** An order with what paying it needs: state, total, currency and its customer. */
export const payableOrder = (db: Db, orderId: string) => repo.findPayableOrder(db, orderId);

/** The reminder and the cancellation a new order queues, due `days - 2` and `days` days after it was placed. */
export function unpaidOrderJobs(orderId: string, shopName: string, days: number, placedAt: Date) {
  const at = (d: number) => new Date(placedAt.getTime() + d * DAY_MS);
  const payload = { orderId, shopName, days };
  return [
    newJob(unpaidOrderReminderJob, payload, at(days - REMINDER_DAYS_BEFORE)),
    newJob(unpaidOrderCancelJob, payload, at(days)),
  ];
}

type UnpaidJob = { orderId: string; shopName: string; days: number };
export type UnpaidOutcome = "reminded" | "cancelled" | "paid or cancelled already";
/** Only an order not yet on its way and still unpaid is chased or cancelled. */
const open = (row: { status: string; payment_status: string }) =>
  (row.status === "pending" || row.status === "confirmed") && row.payment_status === "pending";

type Row = NonNullable<Awaited<ReturnType<typeof repo.findPayableOrder>>>;
const greeting = (row: Row) => `Hello ${row.firstName || row.name || "there"},`;
const orderLink = (baseUrl: string, orderId: string) => ({
  label: "Open the order",
  url: `${baseUrl}/account/orders/${orderId}`,
});

/** Two days before: e-mails the customer that the order still waits for its payment, and until when. */
export async function remindUnpaidOrder(
  db: Db,
  job: UnpaidJob,
  shop: { baseUrl: string },
  now = new Date(),
): Promise<UnpaidOutcome> {
  return db.transaction().execute(async (trx): Promise<UnpaidOutcome> => {
    const row = await repo.findPayableOrder(trx, job.orderId);
    if (!row || !open(row)) return "paid or cancelled already";
    if (row.deletedAt) return "reminded"; // nobody to write to; the cancellation still comes
    const due = new Date(Date.parse(row.created_at) + job.days * DAY_MS).toISOString();
    const total = formatMoney(Number(row.total_cents), row.currency);
    await enqueueJob(
      trx,
      noticeJob,
      {
        to: row.email,
        shopName: job.shopName,
        subject: `${job.shopName}: order ${row.id} is waiting for your payment`,
        title: `Order ${row.id} is waiting for your payment`,
        greeting: greeting(row),
        paragraphs: [
          `We have not received the payment of ${total} for order ${row.id} yet. We dispatch your order once payment has arrived.`,
          `If it has not arrived by ${formatLongDate(due)}, we will cancel the order and put its items back on sale. If you have paid already, thank you: send us the payment's reference on WhatsApp and we will look for it.`,
        ],
        action: orderLink(shop.baseUrl, row.id),
      },
      now,
    );
    return "reminded";
  });
}

/**
 * When the payment is due: cancels an order still unpaid as a cancellation by staff would (the history says the shop
 * did, its stock goes back) and e-mails the customer why, all in one transaction. A paid or cancelled order is left.
 */
export async function cancelUnpaidOrder(
  db: Db,
  job: UnpaidJob,
  shop: { baseUrl: string },
  now = new Date(),
): Promise<UnpaidOutcome> {
  const done = await inTransaction(db, async (trx) => {
    const row = await repo.findPayableOrder(trx, job.orderId);
    if (!row || !open(row)) return fail("already-done", "Paid or cancelled already.");
    return transitionOrder(trx, {
      orderId: row.id,
      transition: "cancel-unpaid",
      actor: { kind: "shop", id: null, name: UNPAID_ACTOR },
      expected: row.status,
      unpaidDays: job.days,
      mail: { shopName: job.shopName, baseUrl: shop.baseUrl },
      now,
    });
  });
  return done.ok ? "cancelled" : "paid or cancelled already";
}

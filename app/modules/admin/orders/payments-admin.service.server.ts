/**
 * Staff record an order's payment (docs/decisions/045): how it came, its reference and the amount, which must be the
 * order's total. The order becomes paid with who and when, its history says so and the customer's e-mail is queued,
 * all in one transaction. Staff only: a customer can never mark an order paid.
 */
import type { Db } from "~/db/database.server";
import type { ShopContext } from "~/context";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { inTransaction } from "~/db/transaction.server";
import { transitionOrder } from "~/modules/orders/order-lifecycle.service.server";
import { ORDER_ID } from "~/modules/orders/orders";
import { paymentMessages as m } from "~/modules/orders/payments";
import { paymentInput } from "~/modules/orders/payments.schema";
import { payableOrder } from "~/modules/orders/payments.service.server";
import { check, formValues } from "~/lib/form-check";
import { fail, failFields, type Result } from "~/lib/result";

export type PaymentResult = Result<{ orderId: string; message: string }>;

/**
 * Records the payment of an order whose payment the staff member's page showed as `from` (pending). Refused with
 * nothing changed: an unknown order (404), a cancelled or paid one, a stale page, a form that does not check, an
 * amount other than the total (the message under the field says the total).
 */
export async function recordPayment(
  db: Db,
  actor: SessionUser | null,
  orderId: string,
  input: { method?: unknown; reference?: unknown; amount?: unknown; from?: unknown },
  now = new Date(),
  mail?: { shopName: string },
): Promise<PaymentResult> {
  assertAllowed(actor, "orders.manage");
  if (!ORDER_ID.test(orderId)) return fail("not-found", "There is no such order.");
  return inTransaction(db, async (trx): Promise<PaymentResult> => {
    const row = await payableOrder(trx, orderId);
    if (!row) return fail("not-found", "There is no such order.");
    if (row.status === "cancelled") return fail("changed", m.cancelled(orderId));
    if (row.payment_status !== "pending") return fail("changed", m.alreadyPaid(orderId));
    if (input.from !== row.payment_status) return fail("changed", m.stale);
    const checked = check(paymentInput, {
      method: input.method,
      reference: input.reference,
      amount: input.amount,
    });
    if (!checked.ok) return checked;
    const total = Number(row.total_cents);
    if (checked.data.amount !== total) return failFields({ amount: m.amountWrong(total, row.currency) });
    const done = await transitionOrder(trx, {
      orderId,
      transition: "record-payment",
      actor: { kind: "staff", id: actor.id, name: actor.name || actor.email },
      expected: "pending",
      payment: {
        method: checked.data.method,
        reference: checked.data.reference,
        amountCents: total,
        currency: row.currency,
      },
      mail,
      now,
    });
    if (!done.ok) return fail("changed", m.stale);
    await recordAudit(trx, auditActorOf(actor), {
      action: "order.payment-recorded",
      entity: "order",
      entityId: orderId,
      details: {
        paymentStatus: ["pending", "paid"],
        method: checked.data.method,
        amountCents: total,
        currency: row.currency,
        reference: checked.data.reference,
      },
    });
    return { ok: true, orderId, message: m.recorded(orderId) };
  });
}

/** The back office's action: the form's fields, the shop's name for the customer's e-mail. */
export function handleRecordPayment(
  context: ShopContext,
  actor: SessionUser | null,
  orderId: string,
  form: FormData,
): Promise<PaymentResult> {
  const values = formValues(form, ["method", "reference", "amount", "from"]);
  return recordPayment(context.db, actor, orderId, values, new Date(), { shopName: context.settings.name });
}

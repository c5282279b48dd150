/** The jobs the orders queue: the confirmation of a placed order, and a step of its status or payment. */
import { z } from "zod";
import { formatMoney } from "~/lib/money";
import { jobType } from "~/modules/jobs/jobs";
import { statusLabel, type OrderField } from "./order-status";
import { ORDER_ID } from "./orders";
import { paymentMethods, type RefundSent } from "./payments";

const cents = z.number().int().min(0);
/** What the confirmation shows of an order: the order as placed travels in the job, so sending reads nothing. */
export const confirmedOrder = z.object({
  id: z.string().regex(ORDER_ID),
  /**
   * The UK address (docs/decisions/046). A confirmation queued before it carries `address`, the free text: read as line
   * 1, the rest empty, as the migration did with the order itself.
   */
  address: z.preprocess(
    (a) =>
      typeof a === "object" && a !== null && "address" in a && !("line1" in a)
        ? { ...a, line1: (a as { address: unknown }).address }
        : a,
    z.object({
      title: z.string(),
      type: z.string(),
      recipient: z.string().default(""),
      line1: z.string(),
      line2: z.string().default(""),
      town: z.string().default(""),
      postcode: z.string().default(""),
      phone: z.string(),
    }),
  ),
  shipping: z.object({ method: z.string(), deliveryDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), costCents: cents }),
  subtotalCents: cents,
  taxCents: cents,
  /** VAT-inclusive prices: taxCents is the VAT the total contains (jobs queued before this field read as false). */
  taxIncluded: z.boolean().default(false),
  /**
   * The currency the order was placed in, so a confirmation queued before a change of SHOP_CURRENCY reads as placed
   * (decision 036). Jobs queued before this field had it written in by migration 2026_11_26_0110; the default is the
   * old one.
   */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default("USD"),
  totalCents: cents,
  lines: z
    .array(
      // Lines queued before the code said "flavour" (migration 2026_11_25_0010) carry `flavor`: read as the same.
      z.preprocess(
        (line) =>
          typeof line === "object" && line !== null && "flavor" in line && !("flavour" in line)
            ? { ...line, flavour: (line as { flavor: unknown }).flavor }
            : line,
        z.object({
          name: z.string(),
          flavour: z.string(),
          nicotineStrength: z.number(),
          puffCount: z.number().nullable(),
          quantity: z.number().int().min(1),
          lineTotalCents: cents,
        }),
      ),
    )
    .min(1),
});
export type ConfirmedOrder = z.infer<typeof confirmedOrder>;

export const orderConfirmationSubject = (shopName: string, orderId: string) => `${shopName}: order ${orderId} received`;

export type StepChange = {
  orderId: string;
  field: OrderField;
  to: string;
  customerName: string;
  /** With a dispatch: who carries the parcel and its tracking number. */
  dispatch?: { courier: string; trackingNumber: string };
  /** With a refund: how much of what was paid, and how it was paid (so how it comes back). */
  refund?: RefundSent;
};

export function orderStepSubject(
  shopName: string,
  change: Pick<StepChange, "orderId" | "field" | "to" | "refund">,
): string {
  const { orderId, field, to, refund } = change;
  if (field === "status") return `${shopName}: order ${orderId} is now ${statusLabel(field, to).toLowerCase()}`;
  if (to === "paid") return `${shopName}: payment received for order ${orderId}`;
  return refund
    ? `${shopName}: ${formatMoney(refund.amountCents, refund.currency)} refunded for order ${orderId}`
    : `${shopName}: order ${orderId} has been refunded`;
}

const to = z.email();
const shopName = z.string().min(1).max(60);

export const orderConfirmationJob = jobType(
  "order-confirmation",
  z.object({ to, shopName, order: confirmedOrder }),
  (p) => ({ recipient: p.to, subject: orderConfirmationSubject(p.shopName, p.order.id) }),
);

export const orderStatusJob = jobType(
  "order-status",
  z.object({
    to,
    shopName,
    orderId: z.string().regex(ORDER_ID),
    field: z.enum(["status", "paymentStatus"]),
    status: z.string().min(1),
    customerName: z.string().max(200),
    dispatch: z.object({ courier: z.string().max(60), trackingNumber: z.string().max(40) }).optional(),
    /** A refund's amount and the way it goes back (jobs queued before it: the e-mail says no amount). */
    refund: z
      .object({
        amountCents: cents,
        paidCents: cents,
        currency: z.string().regex(/^[A-Z]{3}$/),
        method: z.enum(paymentMethods).nullable(),
      })
      .optional(),
  }),
  (p) => ({
    recipient: p.to,
    subject: orderStepSubject(p.shopName, { orderId: p.orderId, field: p.field, to: p.status, refund: p.refund }),
  }),
);

/**
 * The two delayed jobs a new order queues in its own transaction (docs/decisions/045): a reminder two days before
 * the payment is due, then the cancellation of an order still unpaid. Each does nothing if the order was paid or
 * cancelled meanwhile; each queues its own e-mail in the transaction of what it does.
 */
const unpaidOrder = z.object({
  orderId: z.string().regex(ORDER_ID),
  shopName,
  /** UNPAID_ORDER_DAYS when the order was placed: the e-mails count with it. */
  days: z.number().int().min(3).max(90),
});
export const unpaidOrderReminderJob = jobType("unpaid-order-reminder", unpaidOrder, (p) => ({
  recipient: null,
  subject: `Order ${p.orderId}: payment reminder if still unpaid`,
}));
export const unpaidOrderCancelJob = jobType("unpaid-order-cancel", unpaidOrder, (p) => ({
  recipient: null,
  subject: `Order ${p.orderId}: cancel if still unpaid`,
}));

/**
 * A cancelled order with card money held or taken: it goes back in full, an authorisation is released (queued by
 * `transitionOrder`; run by the payments module, app/jobs.server.ts).
 */
export const cancelledOrderRefundJob = jobType(
  "cancelled-order-refund",
  z.object({ orderId: z.string().min(1).max(16), reason: z.string().max(200) }),
  () => ({ recipient: null, subject: "Refund of a cancelled order" }),
);

/** The subject of the shop's e-mail about a new order: its number and its total. */
export const newOrderSubject = (orderId: string, totalCents: number, currency: string) =>
  `New order ${orderId} · ${formatMoney(totalCents, currency)}`;

/**
 * The shop's e-mail about a new order (to SHOP_ORDERS_EMAIL: docs/decisions/084), queued in the order's own
 * transaction. The payload names the order; the e-mail is composed when it is sent, from the order as it is then (paid
 * or not, the age check pending or not).
 */
export const newOrderMailJob = jobType(
  "new-order-mail",
  z.object({
    to,
    shopName,
    orderId: z.string().regex(ORDER_ID),
    totalCents: cents,
    currency: z.string().regex(/^[A-Z]{3}$/),
  }),
  (p) => ({ recipient: p.to, subject: newOrderSubject(p.orderId, p.totalCents, p.currency) }),
);

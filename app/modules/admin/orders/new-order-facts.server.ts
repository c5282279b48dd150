/**
 * What the shop's e-mail about a new order says (docs/decisions/084), read when it is sent: the order as placed, its
 * customer, where its money stands (a payment recorded, a card payment on its way, or nothing yet) and the customer's
 * age check. Run by the worker (app/jobs.server.ts), so it asks each module's face, as the order page does.
 */
import type { Db } from "~/db/database.server";
import { ageVerificationOf } from "~/modules/age-checks/age-checks.service.server";
import type { NewOrderAgeCheck, NewOrderFacts, NewOrderPayment } from "~/modules/orders/new-order-mail";
import { findOrder } from "~/modules/orders/orders.service.server";
import type { Order } from "~/modules/orders/orders";
import { paymentOf } from "~/modules/orders/payments.service.server";
import { orderMoney } from "~/modules/payments/card-payments.service.server";
import { findOrderCustomer } from "./orders-admin.repository.server";

/** A card attempt that may still bring the money: the shopper on the card page, or the provider confirming it. */
const cardOnItsWay = new Set(["created", "pending", "authorised"]);

async function paymentNow(db: Db, order: Order): Promise<NewOrderPayment> {
  if (order.paymentStatus === "refunded") return { state: "refunded" };
  if (order.paymentStatus === "paid") return { state: "paid", method: (await paymentOf(db, order.id))?.method ?? null };
  if (order.status === "cancelled") return { state: "cancelled" };
  const { attempts } = await orderMoney(db, order.id);
  return attempts.some((a) => cardOnItsWay.has(a.state)) ? { state: "card-confirming" } : { state: "unpaid" };
}

const ageCheckOf = (status: string): NewOrderAgeCheck =>
  status === "verified" ? "verified" : status === "failed" ? "failed" : "pending";

/** The e-mail's facts for `orderId` as things stand, or null when the order is gone (erased since it was placed). */
export async function newOrderFacts(db: Db, orderId: string, baseUrl: string): Promise<NewOrderFacts | null> {
  const customer = await findOrderCustomer(db, orderId);
  if (!customer) return null;
  const order = await findOrder(db, customer.id, orderId);
  if (!order) return null;
  return {
    order: { ...order, town: order.address.town },
    customerName: customer.name,
    payment: await paymentNow(db, order),
    ageCheck: ageCheckOf((await ageVerificationOf(db, customer.id)).status),
    orderUrl: `${baseUrl}/admin/orders/${orderId}`,
  };
}

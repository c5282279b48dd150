import { randomBytes } from "node:crypto";
import type { ShopContext } from "~/context";
import { isDatabaseUnavailable, warnUnavailable } from "~/lib/unavailable.server";
import { whatsappChatUrl } from "~/lib/whatsapp";
import { orderMessage } from "~/lib/whatsapp-text";
import type { SessionUser } from "~/modules/accounts/accounts";
import { formatDeliveryDate } from "~/lib/shop-time";
import { orderMessages, type Order } from "./orders";
import { placeOrder } from "~/modules/checkout/place-order.service.server";
import type { OrderMail } from "./customer-orders.service.server";
import { appUrl, staffEmail, taxRule } from "~/lib/config.server";
import { metrics } from "~/lib/metrics.server";

export type PlaceAnswer = { ok: true; orderId: string; whatsappUrl: string } | { ok: false; message: string };

/** The order version of the WhatsApp text, to the shop's number. */
export function orderWhatsappUrl(context: ShopContext, order: Order): string {
  return whatsappChatUrl(context.settings.whatsappNumber, orderWhatsappText(context, order));
}

/** The order version of the WhatsApp text itself (the back office shows it). */
export function orderWhatsappText(context: Pick<ShopContext, "settings">, order: Order): string {
  return orderMessage(
    {
      orderId: order.id,
      lines: order.lines.map((l) => ({
        name: l.name,
        flavor: l.flavor,
        nicotineStrength: l.nicotineStrength,
        puffCount: l.puffCount,
        quantity: l.quantity,
        lineTotalCents: l.lineTotalCents,
      })),
      address: order.address,
      shipping: {
        method: order.shipping.method,
        date: formatDeliveryDate(order.shipping.deliveryDate),
        costCents: order.shipping.costCents,
      },
      subtotalCents: order.subtotalCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      taxIncluded: order.taxIncluded,
    },
    context.settings.currency,
  );
}

/** Places the order; a new one also gets a confirmation e-mail, queued in the order's transaction. */
export async function handlePlaceOrder(
  context: ShopContext,
  user: SessionUser,
  form: FormData,
): Promise<{ answer: PlaceAnswer; status: number }> {
  try {
    const result = await placeOrder(context.db, user.id, form.get("idempotencyKey"), taxRule(context.config), {
      lowStockThreshold: context.settings.lowStockThreshold,
      confirmation: { to: user.email, shopName: context.settings.name },
    });
    if (!result.ok) return { answer: { ok: false, message: result.message }, status: 400 };
    if (result.created) metrics.orderPlaced();
    return {
      answer: { ok: true, orderId: result.order.id, whatsappUrl: orderWhatsappUrl(context, result.order) },
      status: 200,
    };
  } catch (error) {
    // The transaction did not commit, or its answer was lost: the idempotency key makes a retry safe either way.
    if (isDatabaseUnavailable(error)) {
      warnUnavailable(context.log, error, "order");
      return { answer: { ok: false, message: orderMessages.unavailable }, status: 503 };
    }
    context.log.error({ err: error }, "placing an order failed");
    return { answer: { ok: false, message: orderMessages.failed }, status: 500 };
  }
}

export const newIdempotencyKey = () => randomBytes(18).toString("base64url");

/** Who order e-mails come from and go to, and where their links point. */
export function orderMail(context: Pick<ShopContext, "settings" | "config">): OrderMail {
  return { shopName: context.settings.name, staffEmail: staffEmail(context.config), baseUrl: appUrl(context.config) };
}

import type { Db } from "~/db/database.server";
import type { AddressType, ShippingMethod } from "~/db/values";
import type { ShopContext } from "~/context";
import { appUrl, staffEmail } from "~/lib/config.server";
import { formatDeliveryDate } from "~/lib/shop-time";
import { internationalPhone, whatsappChatUrl } from "~/lib/whatsapp";
import { formatMoney } from "~/lib/money";
import { orderMessage } from "~/lib/whatsapp-text";
import { deliveryPlaceKey, type PostalAddress } from "~/lib/uk-address";
import type { OrderMail } from "./customer-orders.service.server";
import { ORDER_ID, shippingNames, type Order } from "./orders";
import * as repo from "./orders.repository.server";

// Reading a shopper's orders, and an order's rows for checkout to write (placing one is checkout's last step:
// modules/checkout/place-order.service.server.ts). The order's history is order-events, written only by a transition
// (order-lifecycle.service.server.ts).
export { orderEvents, type OrderEvent } from "./order-events.repository.server";

/** The shopper's order placed with this idempotency key, if any. */
export async function findOrderByKey(db: Db, userId: string, key: string): Promise<Order | null> {
  const id = await repo.findOrderIdByKey(db, userId, key);
  return id ? findOrder(db, userId, id) : null;
}

/** One of this shopper's orders; another shopper's id is simply not found. */
export async function findOrder(db: Db, userId: string, id: string): Promise<Order | null> {
  if (!ORDER_ID.test(id)) return null;
  const row = await repo.findOrderRow(db, userId, id);
  if (!row) return null;
  const lines = await repo.findOrderLines(db, id);
  return {
    id: row.id,
    status: row.status,
    paymentStatus: row.payment_status,
    createdAt: row.created_at,
    address: {
      title: row.address_title,
      type: row.address_type,
      recipient: row.address_recipient,
      line1: row.address_line1,
      line2: row.address_line2,
      town: row.address_town,
      postcode: row.address_postcode,
      phone: row.address_phone,
    },
    shipping: {
      // The name as placed (docs/decisions/082); a row without one reads its default method's name.
      method: row.shipping_name || shippingNames[row.shipping_method as ShippingMethod] || row.shipping_method,
      deliveryDate: row.delivery_date,
      costCents: row.shipping_cents,
    },
    subtotalCents: row.subtotal_cents,
    taxCents: row.tax_cents,
    taxIncluded: row.tax_included === 1,
    taxRatePercent: row.tax_rate_basis_points / 100,
    currency: row.currency,
    totalCents: row.total_cents,
    dispatch: row.courier && row.tracking_number ? { courier: row.courier, trackingNumber: row.tracking_number } : null,
    lines: lines.map((l) => ({
      kind: l.kind,
      itemId: l.item_id,
      variantId: l.variant_id,
      sku: l.sku,
      deviceName: l.device_name,
      name: l.name,
      image: l.image,
      flavour: l.flavour,
      nicotineStrength: l.nicotine_strength,
      puffCount: l.puff_count,
      unitPriceCents: l.unit_price_cents,
      quantity: l.quantity,
      lineTotalCents: l.line_total_cents,
    })),
  };
}

/** The shopper's orders, newest first (at most 100). */
export const listOrders = (db: Db, userId: string) => repo.listOrderRows(db, userId);

/**
 * The order's rows as statements, for checkout's placement to run with its other writes in one round trip
 * (writeTogether, docs/decisions/027): the order as placed, for this shopper and idempotency key.
 */
export function orderWrites(
  db: Db,
  order: Order,
  /** The shipping method's id (its name, price and day as placed are the order's own: docs/decisions/082). */
  placement: { userId: string; idempotencyKey: string; shippingMethod: string; addressType: AddressType },
) {
  return [
    repo.orderInsert(db, {
      id: order.id,
      user_id: placement.userId,
      idempotency_key: placement.idempotencyKey,
      status: order.status,
      payment_status: order.paymentStatus,
      address_title: order.address.title,
      address_type: placement.addressType,
      address_recipient: order.address.recipient,
      address_line1: order.address.line1,
      address_line2: order.address.line2,
      address_town: order.address.town,
      address_postcode: order.address.postcode,
      address_phone: order.address.phone,
      shipping_method: placement.shippingMethod,
      shipping_name: order.shipping.method,
      delivery_date: order.shipping.deliveryDate,
      shipping_cents: order.shipping.costCents,
      subtotal_cents: order.subtotalCents,
      tax_cents: order.taxCents,
      tax_included: order.taxIncluded ? 1 : 0,
      tax_rate_basis_points: Math.round(order.taxRatePercent * 100),
      currency: order.currency,
      total_cents: order.totalCents,
      created_at: order.createdAt,
      updated_at: order.createdAt,
    }),
    repo.orderLinesInsert(
      db,
      order.lines.map((line, position) => ({
        order_id: order.id,
        position,
        kind: line.kind,
        item_id: line.itemId,
        variant_id: line.variantId,
        sku: line.sku,
        device_name: line.deviceName,
        name: line.name,
        image: line.image,
        flavour: line.flavour,
        nicotine_strength: line.nicotineStrength,
        puff_count: line.puffCount,
        unit_price_cents: line.unitPriceCents,
        quantity: line.quantity,
        line_total_cents: line.lineTotalCents,
      })),
    ),
  ];
}

/** Orders waiting for payment and the units they hold. */
export type UnpaidHeld = { orders: number; units: number };

const held = (rows: Array<{ units: number | string | null }>): UnpaidHeld => ({
  orders: rows.length,
  units: rows.reduce((sum, row) => sum + Number(row.units ?? 0), 0),
});

/**
 * What the orders waiting for payment hold (docs/decisions/070): the account's own, and those to the same delivery
 * place (postcode and first line, deliveryPlaceKey) from any account. With `lock`, inside the placement's transaction,
 * the place is locked first (PostgreSQL), so orders to it are placed one at a time and each sees the one before.
 */
export async function unpaidHolds(
  db: Db,
  userId: string,
  address: Pick<PostalAddress, "postcode" | "line1">,
  options: { lock?: boolean } = {},
): Promise<{ account: UnpaidHeld; address: UnpaidHeld }> {
  const place = deliveryPlaceKey(address);
  if (options.lock) await repo.lockDeliveryPlace(db, place);
  const own = await repo.findUnpaidHoldsOfUser(db, userId);
  const toPostcode = await repo.findUnpaidHoldsToPostcode(db, address.postcode);
  const samePlace = toPostcode.filter(
    (row) => deliveryPlaceKey({ postcode: address.postcode, line1: row.address_line1 }) === place,
  );
  return { account: held(own), address: held(samePlace) };
}

/** The order version of the WhatsApp text, to the shop's number. */
export function orderWhatsappUrl(context: ShopContext, order: Order): string {
  return whatsappChatUrl(context.settings.whatsappNumber, orderWhatsappText(order));
}

/**
 * The customer's WhatsApp link on their order page, only while the order waits for the shop: the order's message
 * again while it waits to be confirmed, a request for the payment details once confirmed and still unpaid. Null after
 * (nothing on WhatsApp moves a paid, dispatched or cancelled order on).
 */
export function customerWhatsapp(context: ShopContext, order: Order): { label: string; url: string } | null {
  if (order.status === "pending")
    return { label: "Send the WhatsApp message again", url: orderWhatsappUrl(context, order) };
  if (order.status === "confirmed" && order.paymentStatus === "pending") {
    const total = formatMoney(order.totalCents, order.currency);
    return {
      label: "Ask for the payment details on WhatsApp",
      url: whatsappChatUrl(
        context.settings.whatsappNumber,
        `Hello ${context.settings.name}! About my order ${order.id}: please send me the payment details for ${total}.`,
      ),
    };
  }
  return null;
}

/**
 * Staff's chat with the customer about an order (the back office's 'Open in WhatsApp'): the phone number the order was
 * placed with, in international form, and a greeting naming the order. Null when that number cannot be used.
 */
export function customerChatUrl(context: ShopContext, order: Order, customerName: string): string | null {
  const number = internationalPhone(order.address.phone);
  if (!number) return null;
  const hello = customerName ? `Hello ${customerName}` : "Hello";
  return whatsappChatUrl(number, `${hello}, this is ${context.settings.name} about your order ${order.id}.`);
}

/** The order version of the WhatsApp text itself (the back office shows it), in the order's own currency. */
export function orderWhatsappText(order: Order): string {
  return orderMessage(
    {
      orderId: order.id,
      lines: order.lines.map((l) => ({
        name: l.name,
        flavour: l.flavour,
        nicotineStrength: l.nicotineStrength,
        puffCount: l.puffCount,
        quantity: l.quantity,
        lineTotalCents: l.lineTotalCents,
        deviceName: l.kind === "flavour" ? l.deviceName : null,
        sku: l.sku,
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
    order.currency,
  );
}

/** Who order e-mails come from and go to, and where their links point. */
export function orderMail(context: Pick<ShopContext, "settings" | "config">): OrderMail {
  return { shopName: context.settings.name, staffEmail: staffEmail(context.config), baseUrl: appUrl(context.config) };
}

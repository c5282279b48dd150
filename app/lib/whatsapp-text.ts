import { formatMoney } from "./money";

export type WhatsAppCartLine = {
  name: string;
  flavor: string;
  nicotineStrength: number;
  quantity: number;
  lineTotalCents: number;
};
export type WhatsAppOrderLine = WhatsAppCartLine & { puffCount: number | null };
type Money = { subtotalCents: number; taxCents: number; totalCents: number };

/** The cart version (docs/product/specification.md §7): numbered items, Subtotal, Tax, Total and a thank-you line. */
export function cartMessage(shopName: string, lines: WhatsAppCartLine[], money: Money, currency: string): string {
  const m = (cents: number) => formatMoney(cents, currency);
  return [
    `Hello ${shopName}! I would like to order:`,
    "",
    ...lines.map(
      (line, i) =>
        `${i + 1}. ${line.name}\n   Flavor: ${line.flavor}\n   Nicotine: ${line.nicotineStrength}mg\n   Qty: ${line.quantity}\n   Price: ${m(line.lineTotalCents)}`,
    ),
    "",
    `Subtotal: ${m(money.subtotalCents)}`,
    `Tax: ${m(money.taxCents)}`,
    `Total: ${m(money.totalCents)}`,
    "",
    "Thank you!",
  ].join("\n");
}

export type WhatsAppOrder = {
  orderId: string;
  lines: WhatsAppOrderLine[];
  address: { title: string; type: string; address: string; phone: string };
  shipping: { method: string; date: string; costCents: number };
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
};

/**
 * The order version (docs/product/specification.md §7), ending 'Please confirm this order and provide payment details.'
 */
export function orderMessage(order: WhatsAppOrder, currency: string): string {
  const m = (cents: number) => formatMoney(cents, currency);
  return [
    `Order ID: ${order.orderId}`,
    "",
    "Products:",
    ...order.lines.map(
      (line, i) =>
        `${i + 1}. ${line.name} (Flavour: ${line.flavor}, Nicotine: ${line.nicotineStrength}mg, Puffs: ${line.puffCount ?? "-"}, Qty: ${line.quantity}) ${m(line.lineTotalCents)}`,
    ),
    "",
    "Address:",
    `${order.address.title} (${order.address.type})`,
    order.address.address,
    `Phone: ${order.address.phone}`,
    "",
    `Shipping: ${order.shipping.method}, ${order.shipping.date}`,
    "",
    `Subtotal: ${m(order.subtotalCents)}`,
    `Tax: ${m(order.taxCents)}`,
    `Shipping: ${m(order.shipping.costCents)}`,
    `Total: ${m(order.totalCents)}`,
    "",
    "Please confirm this order and provide payment details.",
  ].join("\n");
}

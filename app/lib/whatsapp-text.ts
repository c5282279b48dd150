import { formatMoney } from "./money";
import { taxLabel } from "./pricing";
import { addressHeading, postalLines, type DeliveryAddress } from "./uk-address";

export type WhatsAppCartLine = {
  name: string;
  flavour: string;
  nicotineStrength: number;
  quantity: number;
  lineTotalCents: number;
};
/**
 * An order line: a flavour line also names the device its pod is for, and every line its SKU as sold (null on lines
 * placed before there were either), so staff can tell which item to pick.
 */
export type WhatsAppOrderLine = WhatsAppCartLine & {
  puffCount: number | null;
  deviceName?: string | null;
  sku?: string | null;
};
type Money = { subtotalCents: number; taxCents: number; totalCents: number; taxIncluded: boolean };

/** The tax line where it belongs: before the total when added on top, after it when the prices include it (VAT). */
function withTax(money: Money, m: (cents: number) => string, beforeTotal: string[]): string[] {
  const tax = `${taxLabel(money.taxIncluded)}: ${m(money.taxCents)}`;
  const total = `Total: ${m(money.totalCents)}`;
  return money.taxIncluded
    ? [`Subtotal: ${m(money.subtotalCents)}`, ...beforeTotal, total, tax]
    : [`Subtotal: ${m(money.subtotalCents)}`, tax, ...beforeTotal, total];
}

/** The cart version (docs/product/specification.md §7): numbered items, Subtotal, Tax, Total and a thank-you line. */
export function cartMessage(shopName: string, lines: WhatsAppCartLine[], money: Money, currency: string): string {
  const m = (cents: number) => formatMoney(cents, currency);
  return [
    `Hello ${shopName}! I would like to order:`,
    "",
    ...lines.map(
      (line, i) =>
        `${i + 1}. ${line.name}\n   Flavor: ${line.flavour}\n   Nicotine: ${line.nicotineStrength}mg\n   Qty: ${line.quantity}\n   Price: ${m(line.lineTotalCents)}`,
    ),
    "",
    ...withTax(money, m, []),
    "",
    "Thank you!",
  ].join("\n");
}

export type WhatsAppOrder = {
  orderId: string;
  lines: WhatsAppOrderLine[];
  address: DeliveryAddress;
  shipping: { method: string; date: string; costCents: number };
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  taxIncluded: boolean;
};

/** One product of the order version: name (and a flavour's device), flavour, nicotine, puffs, quantity, SKU, total. */
function orderLineText(line: WhatsAppOrderLine, m: (cents: number) => string): string {
  const fields = [
    ...(line.deviceName ? [`Device: ${line.deviceName}`] : []),
    `Flavour: ${line.flavour}`,
    `Nicotine: ${line.nicotineStrength}mg`,
    `Puffs: ${line.puffCount ?? "-"}`,
    `Qty: ${line.quantity}`,
    ...(line.sku ? [`SKU: ${line.sku}`] : []),
  ];
  return `${line.name} (${fields.join(", ")}) ${m(line.lineTotalCents)}`;
}

/**
 * The order version (docs/product/specification.md §7), ending 'Please confirm this order and provide payment details.'
 * Each product line is the specification's (name, flavour, nicotine, puffs, quantity, line total), with a flavour's
 * device after its name and the SKU after the quantity.
 */
export function orderMessage(order: WhatsAppOrder, currency: string): string {
  const m = (cents: number) => formatMoney(cents, currency);
  return [
    `Order ID: ${order.orderId}`,
    "",
    "Products:",
    ...order.lines.map((line, i) => `${i + 1}. ${orderLineText(line, m)}`),
    "",
    "Address:",
    addressHeading(order.address),
    ...postalLines(order.address),
    `Phone: ${order.address.phone}`,
    "",
    `Shipping: ${order.shipping.method}, ${order.shipping.date}`,
    "",
    ...withTax(order, m, [`Shipping: ${m(order.shipping.costCents)}`]),
    "",
    "Please confirm this order and provide payment details.",
  ].join("\n");
}

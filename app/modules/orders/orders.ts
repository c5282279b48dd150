import type { ItemKind, OrderStatus, PaymentStatus, ShippingMethod } from "~/db/values";
import type { Totals } from "~/lib/pricing";
import type { DeliveryAddress } from "~/lib/uk-address";
// The sets of values are defined once with the schema (docs/decisions/025); this module owns their words and rules.
export { orderStatuses, paymentStatuses, type OrderStatus, type PaymentStatus } from "~/db/values";

/** What shoppers and staff read for each status (one source for the account pages, the back office and e-mails). */
export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  dispatched: "Dispatched",
  delivered: "Delivered",
  cancelled: "Cancelled",
};
export const paymentStatusLabels: Record<PaymentStatus, string> = {
  pending: "Payment pending",
  paid: "Paid",
  refunded: "Refunded",
};

/** How each shipping method reads on an order, the payment page and the e-mails (docs/product/specification.md §9). */
export const shippingNames: Record<ShippingMethod, string> = {
  free: "Free Shipping",
  express: "Express Shipping",
  schedule: "Scheduled Delivery",
};

export const orderMessages = {
  failed: "Failed to process your order. Please try again.",
  unavailable:
    "We can't take orders for a moment. Please try again shortly: nothing was charged and nothing is lost (your cart is kept).",
  noAddress: "Please select a shipping address",
  incompleteAddress:
    "Please complete the delivery address: the recipient's name, town or city and postcode are needed for the courier.",
  emptyCart: "Your cart is empty",
  noShipping: "Please choose a shipping method",
  placed: "Order placed successfully!",
  missingKey: "This order form has expired. Please reload the page and try again.",
} as const;

export type OrderLine = {
  kind: ItemKind;
  itemId: string;
  /** The variant sold and its SKU then (null on orders placed before variants: docs/decisions/043). */
  variantId: string | null;
  sku: string | null;
  /** A flavour line: the device its pod is for (null on device lines, and on a flavour line whose device is gone). */
  deviceName: string | null;
  name: string;
  image: string | null;
  flavour: string;
  nicotineStrength: number;
  puffCount: number | null;
  unitPriceCents: number;
  quantity: number;
  lineTotalCents: number;
};

export type Order = {
  id: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  createdAt: string;
  /** As placed: orders placed before the UK address form have their free text in line1 (docs/decisions/046). */
  address: DeliveryAddress;
  shipping: { method: string; deliveryDate: string; costCents: number };
  subtotalCents: number;
  taxCents: number;
  /** The prices included the tax (VAT) and taxCents is what they contained; false: taxCents was added on top. */
  taxIncluded: boolean;
  /** The tax rate the order was placed with, in percent (20 for UK VAT). */
  taxRatePercent: number;
  /** The currency it was placed in (GBP): an order reads as placed whatever the settings say later (decision 036). */
  currency: string;
  totalCents: number;
  lines: OrderLine[];
  /** Who carries it and its tracking number, once staff dispatched it. */
  dispatch: Dispatch | null;
};

export type Dispatch = { courier: string; trackingNumber: string };

/** The order's figures as the pricing module's totals (the same list shows them in the cart and on the order). */
export const orderTotals = (order: Order): Totals => ({
  subtotalCents: order.subtotalCents,
  taxCents: order.taxCents,
  shippingCents: order.shipping.costCents,
  totalCents: order.totalCents,
  taxIncluded: order.taxIncluded,
});

export const ORDER_ID = /^[A-HJ-NP-Z2-9]{8}$/;

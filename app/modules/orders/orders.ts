export const orderStatuses = ["pending", "confirmed", "dispatched", "delivered", "cancelled"] as const;
export const paymentStatuses = ["pending", "paid", "refunded"] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export type PaymentStatus = (typeof paymentStatuses)[number];

/** What shoppers and staff read for each status (one source for the account pages, the back office and e-mails). */
export const orderStatusLabels: Record<OrderStatus, string> = {
  pending: "Pending",
  confirmed: "Confirmed",
  dispatched: "Dispatched",
  delivered: "Delivered",
  cancelled: "Cancelled",
};
export const paymentStatusLabels: Record<PaymentStatus, string> = { pending: "Payment pending", paid: "Paid", refunded: "Refunded" };

export const orderMessages = {
  failed: "Failed to process your order. Please try again.",
  unavailable: "We can't take orders for a moment. Please try again shortly: nothing was charged and nothing is lost (your cart is kept).",
  noAddress: "Please select a shipping address",
  emptyCart: "Your cart is empty",
  placed: "Order placed successfully!",
  missingKey: "This order form has expired. Please reload the page and try again.",
} as const;

export type OrderLine = {
  kind: string;
  itemId: string;
  name: string;
  image: string | null;
  flavor: string;
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
  address: { title: string; type: string; address: string; phone: string };
  shipping: { method: string; deliveryDate: string; costCents: number };
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  lines: OrderLine[];
};

export const ORDER_ID = /^[A-HJ-NP-Z2-9]{8}$/;

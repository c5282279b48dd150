/** The notices a transition queues besides the status e-mail (order-lifecycle.service.server.ts). */
import { formatMoney } from "~/lib/money";
import type { NoticePayload } from "~/modules/mail/notice.jobs";
import { statusLabel } from "./order-status";

type Mail = { shopName: string; baseUrl?: string; staffEmail?: string };

/** To the customer: the order is cancelled because its payment did not arrive within its days. */
export function unpaidCancelledNotice(
  mail: Mail,
  customer: { email: string; name: string },
  order: { id: string; totalCents: number; currency: string },
  days: number,
): NoticePayload {
  const total = formatMoney(order.totalCents, order.currency);
  return {
    to: customer.email,
    shopName: mail.shopName,
    subject: `${mail.shopName}: order ${order.id} is cancelled (no payment)`,
    title: `Order ${order.id} is cancelled`,
    greeting: `Hello ${customer.name},`,
    paragraphs: [
      `We have cancelled order ${order.id} because its payment of ${total} did not arrive within ${days} days of ordering. Its items are back on sale.`,
      "Nothing is owed. If you still want them, you are welcome to order again.",
    ],
    action: { label: "Open the order", url: `${mail.baseUrl ?? ""}/account/orders/${order.id}` },
  };
}

/** To the shop: the customer cancelled their order from their account (and whether a refund is owed). */
export function staffCancelledNotice(mail: Mail, orderId: string, from: string, paid: boolean): NoticePayload {
  return {
    to: mail.staffEmail ?? "",
    shopName: mail.shopName,
    subject: `${mail.shopName}: order ${orderId} cancelled by the customer`,
    title: `Order ${orderId} was cancelled by the customer`,
    greeting: "Hello,",
    paragraphs: [
      `The customer cancelled order ${orderId} from their account while it was ${statusLabel("status", from)}. Its stock is back on the shelf.`,
      paid ? "It was marked paid: please refund the payment and mark it refunded." : "No payment was recorded for it.",
    ],
    action: { label: "Open the order", url: `${mail.baseUrl ?? ""}/admin/orders/${orderId}` },
  };
}

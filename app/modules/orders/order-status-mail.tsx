/** The e-mail a customer gets when their order moves on (a status or payment step taken by staff). */
import { Button } from "@react-email/button";
import { Text } from "@react-email/text";
import { statusLabel } from "./order-status";
import { dispatchSentence } from "./dispatch";
import { formatMoney } from "~/lib/money";
import { refundArrival, type RefundSent } from "./payments";
import { orderStepSubject, type StepChange } from "./orders.jobs";
import {
  MailLayout,
  mailColours,
  mailButton,
  paragraph,
  renderMailHtml,
  type MailShop,
} from "~/modules/mail/mail-layout";

function news(change: StepChange): string {
  const said = step(change);
  if (change.to === "refunded" && change.refund) return refundNews(change.orderId, change.refund);
  return change.to === "dispatched" && change.dispatch ? `${said} ${dispatchSentence(change.dispatch)}` : said;
}

/** The refund: its amount (of what was paid, when less), how and when it reaches the customer, whom to ask. */
function refundNews(orderId: string, refund: RefundSent): string {
  const amount = formatMoney(refund.amountCents, refund.currency);
  const ofPaid =
    refund.amountCents < refund.paidCents ? ` of the ${formatMoney(refund.paidCents, refund.currency)} you paid` : "";
  return [
    `We have refunded ${amount}${ofPaid} for order ${orderId}.`,
    refundArrival(refund.method),
    "If it has not reached you by then, reply to this e-mail or message us on WhatsApp with your order number.",
  ].join(" ");
}

function step({ orderId, field, to }: StepChange): string {
  const lines: Record<string, string> = {
    confirmed: `Your order ${orderId} is now confirmed. We are getting it ready.`,
    dispatched: `Your order ${orderId} is now dispatched: it is on its way to you.`,
    delivered: `Your order ${orderId} is now delivered. We hope you enjoy it.`,
    cancelled: `Your order ${orderId} is now cancelled. If you have already paid, we will refund you.`,
    paid: `We have received your payment for order ${orderId}. Thank you.`,
    refunded: `We have refunded your payment for order ${orderId}.`,
  };
  return lines[to] ?? `Your order ${orderId} is now ${statusLabel(field, to)}.`;
}

export function orderStepText(shopName: string, accountUrl: string, change: StepChange): string {
  return [
    `Hello ${change.customerName},`,
    "",
    news(change),
    "",
    `You can follow your order here: ${accountUrl}`,
    "",
    shopName,
  ].join("\n");
}

export function OrderStepEmail({
  shop,
  accountUrl,
  change,
}: {
  shop: MailShop;
  accountUrl: string;
  change: StepChange;
}) {
  return (
    <MailLayout
      shop={shop}
      preview={news(change)}
      title={`Order ${change.orderId}: ${statusLabel(change.field, change.to)}`}
    >
      <Text style={paragraph}>Hello {change.customerName},</Text>
      <Text style={paragraph}>{news(change)}</Text>
      <Button href={accountUrl} style={mailButton}>
        Follow your order
      </Button>
      <Text style={{ ...paragraph, color: mailColours.muted, fontSize: "13px", marginTop: "16px" }}>{accountUrl}</Text>
    </MailLayout>
  );
}

export async function orderStepMail(shop: MailShop, accountUrl: string, change: StepChange) {
  return {
    subject: orderStepSubject(shop.name, change),
    text: orderStepText(shop.name, accountUrl, change),
    html: await renderMailHtml(<OrderStepEmail shop={shop} accountUrl={accountUrl} change={change} />),
  };
}

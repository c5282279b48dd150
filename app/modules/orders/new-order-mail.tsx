/**
 * The shop's e-mail about a new order (docs/decisions/084): what was ordered, the total, whether it is paid and whether
 * the customer's age check is pending, as they stand when it is sent, and the link to the order in the back office.
 * Only what staff already see on the order page: the customer's name and the delivery town, no address or phone.
 */
import { Button } from "@react-email/button";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { formatMoney } from "~/lib/money";
import {
  MailLayout,
  mailColours,
  mailButton,
  paragraph,
  renderMailHtml,
  type MailShop,
} from "~/modules/mail/mail-layout";
import { MailLine, MailOrderLines } from "./order-mail-lines";
import type { Order, OrderLine } from "./orders";
import { newOrderSubject } from "./orders.jobs";
import type { PaymentMethod } from "./payments";

/** Where the order's money stands when the e-mail is sent. */
export type NewOrderPayment =
  | { state: "paid"; method: PaymentMethod | null }
  | { state: "card-confirming" }
  | { state: "unpaid" }
  | { state: "refunded" }
  | { state: "cancelled" };

/** The customer's age check when the e-mail is sent (no check yet counts as pending: the order waits for one). */
export type NewOrderAgeCheck = "pending" | "verified" | "failed";

export type NewOrderFacts = {
  order: Pick<Order, "id" | "currency" | "totalCents" | "shipping" | "taxCents" | "taxIncluded"> & {
    lines: Array<
      Pick<OrderLine, "name" | "flavour" | "nicotineStrength" | "puffCount" | "quantity" | "lineTotalCents">
    >;
    town: string;
  };
  customerName: string;
  payment: NewOrderPayment;
  ageCheck: NewOrderAgeCheck;
  /** The order in the back office (APP_URL + /admin/orders/<id>). */
  orderUrl: string;
};

const paidBy: Record<PaymentMethod, string> = {
  "card-online": "Paid by card",
  "card-link": "Paid by card (payment link)",
  "bank-transfer": "Paid by bank transfer",
  "cash-on-collection": "Paid in cash on collection",
};

/** One line saying whether the order is paid. */
export function paymentLine(payment: NewOrderPayment): string {
  switch (payment.state) {
    case "paid":
      return payment.method ? paidBy[payment.method] : "Paid";
    case "card-confirming":
      return "Card payment being confirmed";
    case "unpaid":
      return "Not paid yet: WhatsApp order, payment to be recorded";
    case "refunded":
      return "Refunded";
    case "cancelled":
      return "Cancelled: not paid, nothing to send";
  }
}

/** One line saying where the customer's age check stands (UK: nothing is dispatched before it passes). */
export const ageCheckLine: Record<NewOrderAgeCheck, string> = {
  pending: "Age check pending: do not dispatch until the customer's age is verified",
  verified: "Age verified",
  failed: "Age check failed: do not dispatch",
};

const variantOf = (l: NewOrderFacts["order"]["lines"][number]) =>
  `${l.flavour ? `${l.flavour}, ` : ""}${l.nicotineStrength}mg${l.puffCount ? `, ${l.puffCount} puffs` : ""}`;

export function newOrderText(facts: NewOrderFacts): string {
  const { order } = facts;
  const money = (cents: number) => formatMoney(cents, order.currency);
  return [
    `New order ${order.id}`,
    "",
    ...order.lines.map((l) => `${l.quantity} × ${l.name} (${variantOf(l)}) ${money(l.lineTotalCents)}`),
    `${order.shipping.method}: ${order.shipping.costCents ? money(order.shipping.costCents) : "Free"}`,
    `Total: ${money(order.totalCents)}${order.taxIncluded ? ` (Includes VAT: ${money(order.taxCents)})` : ""}`,
    "",
    `Payment: ${paymentLine(facts.payment)}`,
    `Age check: ${ageCheckLine[facts.ageCheck]}`,
    `Customer: ${facts.customerName}, delivering to ${order.town || "(no town given)"}`,
    "",
    `Open the order: ${facts.orderUrl}`,
  ].join("\n");
}

export function NewOrderEmail({ shop, facts }: { shop: MailShop; facts: NewOrderFacts }) {
  const { order } = facts;
  const money = (cents: number) => formatMoney(cents, order.currency);
  const row = { ...paragraph, margin: "0 0 6px" };
  return (
    <MailLayout shop={shop} preview={newOrderSubject(order.id, order.totalCents, order.currency)} title="New order">
      <Text style={paragraph}>
        Order ID: <strong>{order.id}</strong>
      </Text>
      <MailOrderLines lines={order.lines} variant={variantOf} money={money} />
      <MailLine
        left={order.shipping.method}
        right={order.shipping.costCents ? money(order.shipping.costCents) : "Free"}
      />
      <MailLine left="Total" right={money(order.totalCents)} strong />
      {order.taxIncluded && <MailLine left="Includes VAT" right={money(order.taxCents)} />}
      <Section
        style={{ backgroundColor: mailColours.brandLight, borderRadius: "8px", margin: "16px 0", padding: "4px 16px" }}
      >
        <Text style={row}>
          <strong>Payment:</strong> {paymentLine(facts.payment)}
        </Text>
        <Text style={row}>
          <strong>Age check:</strong> {ageCheckLine[facts.ageCheck]}
        </Text>
        <Text style={row}>
          <strong>Customer:</strong> {facts.customerName}, delivering to {order.town || "(no town given)"}
        </Text>
      </Section>
      <Button href={facts.orderUrl} style={mailButton}>
        Open the order {order.id}
      </Button>
      <Text style={{ ...paragraph, color: mailColours.muted, fontSize: "13px", marginTop: "12px" }}>
        {facts.orderUrl}
      </Text>
    </MailLayout>
  );
}

/** The whole e-mail: subject, text and HTML. */
export async function newOrderMail(shop: MailShop, facts: NewOrderFacts) {
  return {
    subject: newOrderSubject(facts.order.id, facts.order.totalCents, facts.order.currency),
    text: newOrderText(facts),
    html: await renderMailHtml(<NewOrderEmail shop={shop} facts={facts} />),
  };
}

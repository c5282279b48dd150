/** The confirmation a shopper gets for a new order: the same words as ever as text, and an HTML version. */
import { Fragment } from "react";
import { postalLines } from "~/lib/uk-address";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { formatMoney } from "~/lib/money";
import { taxLabel } from "~/lib/pricing";
import { formatDeliveryDate } from "~/lib/shop-time";
import { orderConfirmationSubject, type ConfirmedOrder } from "./orders.jobs";
import { MailLayout, mailColours, paragraph, renderMailHtml, type MailShop } from "~/modules/mail/mail-layout";
import { MailLine, MailOrderLines } from "./order-mail-lines";
import { ConfirmationRights, confirmationRightsText, type RightsDetails } from "./order-confirmation-rights";

export function orderConfirmationText(order: ConfirmedOrder, currency: string, rights?: RightsDetails): string {
  const money = (cents: number) => formatMoney(cents, currency);
  return [
    `Thank you for your order ${order.id}.`,
    "",
    ...order.lines.map(
      (l) =>
        `${l.quantity} × ${l.name} (${l.flavour}, ${l.nicotineStrength}mg${l.puffCount ? `, ${l.puffCount} puffs` : ""}) ${money(l.lineTotalCents)}`,
    ),
    "",
    `Total: ${money(order.totalCents)}${order.taxIncluded ? ` (Includes VAT: ${money(order.taxCents)})` : ""}, ${order.shipping.method}, ${formatDeliveryDate(order.shipping.deliveryDate)}.`,
    "",
    "To:",
    ...postalLines(order.address),
    order.address.phone,
    "",
    "We will confirm it on WhatsApp and send payment details. You can follow it in your account.",
    ...(rights ? ["", confirmationRightsText(rights)] : []),
  ].join("\n");
}

export function OrderConfirmationEmail({
  order,
  shop,
  currency,
  accountUrl,
  rights,
}: {
  order: ConfirmedOrder;
  shop: MailShop;
  currency: string;
  accountUrl: string;
  rights?: RightsDetails;
}) {
  const money = (cents: number) => formatMoney(cents, currency);
  return (
    <MailLayout shop={shop} preview={`Order ${order.id}: ${money(order.totalCents)}`} title="Thank you for your order">
      <Text style={paragraph}>
        Order ID: <strong>{order.id}</strong>
      </Text>
      <MailOrderLines
        lines={order.lines}
        variant={(l) => `${l.flavour}, ${l.nicotineStrength}mg${l.puffCount ? `, ${l.puffCount} puffs` : ""}`}
        money={money}
      />
      <MailLine left="Subtotal" right={money(order.subtotalCents)} />
      {!order.taxIncluded && <MailLine left={taxLabel(false)} right={money(order.taxCents)} />}
      <MailLine
        left={order.shipping.method}
        right={order.shipping.costCents ? money(order.shipping.costCents) : "Free"}
      />
      <MailLine left="Total" right={money(order.totalCents)} strong />
      {order.taxIncluded && <MailLine left={taxLabel(true)} right={money(order.taxCents)} />}
      <Section
        style={{ backgroundColor: mailColours.brandLight, borderRadius: "8px", margin: "16px 0", padding: "4px 16px" }}
      >
        <Text style={{ ...paragraph, margin: "8px 0" }}>
          <strong>Delivery:</strong> {order.shipping.method}, {formatDeliveryDate(order.shipping.deliveryDate)}
        </Text>
        <Text style={{ ...paragraph, margin: "8px 0" }}>
          <strong>To:</strong>
          {postalLines(order.address).map((line, i) => (
            <Fragment key={i}>
              <br />
              {line}
            </Fragment>
          ))}
          <br />
          {order.address.phone}
        </Text>
      </Section>
      <Text style={paragraph}>
        We will confirm it on WhatsApp and send payment details. You can follow it in your account:
      </Text>
      <Text style={paragraph}>
        <a href={accountUrl} style={{ color: mailColours.brand }}>
          {accountUrl}
        </a>
      </Text>
      {rights && <ConfirmationRights {...rights} />}
    </MailLayout>
  );
}

/** The whole e-mail: subject, text and HTML. */
export async function orderConfirmationMail(
  order: ConfirmedOrder,
  shop: MailShop,
  currency: string,
  accountUrl: string,
  rights?: RightsDetails,
) {
  return {
    subject: orderConfirmationSubject(shop.name, order.id),
    text: orderConfirmationText(order, currency, rights),
    html: await renderMailHtml(
      <OrderConfirmationEmail order={order} shop={shop} currency={currency} accountUrl={accountUrl} rights={rights} />,
    ),
  };
}

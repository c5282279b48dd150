import { Form, useNavigation } from "react-router";
import { TextField } from "~/components/ui/field";
import { Amount } from "~/components/ui/price";
import { centsToText } from "~/lib/money";
import { cardMessages } from "~/modules/payments/card-payments";
import type { CardRefundable } from "~/modules/admin/orders/card-refunds-admin.service.server";

export type CardRefundErrors = { amount?: string; reason?: string };

/**
 * 'Refund to card': part or all of what is left of a card payment goes back through the provider. The idempotency
 * key is drawn once per page load, so a second click (or a resent form) is the same refund. While a refund is on its
 * way the form is not offered (the server refuses a second one anyway).
 */
export function CardRefundForm({
  card,
  idempotencyKey,
  errors,
  values = {},
}: {
  card: CardRefundable;
  idempotencyKey: string;
  errors: CardRefundErrors;
  /** What was typed, when the form comes back refused. */
  values?: Record<string, string>;
}) {
  const busy = useNavigation().state !== "idle";
  if (card.inFlight) return <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm">{cardMessages.refundInFlight}</p>;
  if (card.leftCents <= 0) return <p className="mt-3 text-sm text-slate-600">All of the card payment is refunded.</p>;
  return (
    <Form method="post" className="mt-3 space-y-3 rounded-xl bg-slate-50 p-3" aria-labelledby="card-refund-title">
      <h3 id="card-refund-title" className="font-semibold">
        Refund to card
      </h3>
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      <TextField
        label={cardMessages.refundAmountLabel}
        name="amount"
        defaultValue={values.amount ?? centsToText(card.leftCents)}
        inputMode="decimal"
        autoComplete="off"
        maxLength={12}
        required
        error={errors.amount}
      />
      <p className="text-sm text-slate-600">
        <Amount cents={card.leftCents} currency={card.currency} /> of{" "}
        <Amount cents={card.paidCents} currency={card.currency} /> left
      </p>
      <TextField
        label={cardMessages.refundReasonLabel}
        name="reason"
        defaultValue={values.reason ?? ""}
        autoComplete="off"
        maxLength={200}
        required
        error={errors.reason}
      />
      <button type="submit" name="intent" value="card-refund" disabled={busy} className="btn-primary">
        {cardMessages.refundButton}
      </button>
    </Form>
  );
}

import { Form, useNavigation } from "react-router";
import { SelectField, TextField } from "~/components/ui/field";
import { Price } from "~/components/ui/price";
import { formatDateTime } from "~/lib/shop-time";
import { paymentMessages, paymentMethodLabels, recordedPaymentMethods, type Payment } from "~/modules/orders/payments";

export type PaymentErrors = { method?: string; reference?: string; amount?: string };

const methodOptions = [
  { value: "", label: "Choose…" },
  ...recordedPaymentMethods.map((value) => ({ value, label: paymentMethodLabels[value] })),
];

/** Staff record the payment that came in: how, its reference and the amount (the server checks it is the total). */
export function PaymentForm({
  totalCents,
  currency,
  errors,
  values = {},
}: {
  totalCents: number;
  currency: string;
  errors: PaymentErrors;
  /** What was typed, when the form comes back refused. */
  values?: Record<string, string>;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" className="mt-3 space-y-3 rounded-xl bg-slate-50 p-3" aria-label="Record a payment">
      <input type="hidden" name="from" value="pending" />
      <SelectField
        label="Method"
        name="method"
        options={methodOptions}
        defaultValue={values.method ?? ""}
        required
        error={errors.method}
      />
      <TextField
        label="Reference"
        name="reference"
        defaultValue={values.reference ?? ""}
        autoComplete="off"
        maxLength={60}
        required
        error={errors.reference}
      />
      <TextField
        label="Amount"
        name="amount"
        defaultValue={values.amount ?? ""}
        inputMode="decimal"
        autoComplete="off"
        maxLength={12}
        required
        error={errors.amount}
      />
      <p className="text-sm text-slate-600">
        Order total: <Price cents={totalCents} currency={currency} />
      </p>
      <button type="submit" name="intent" value="record-payment" disabled={busy} className="btn-primary">
        {paymentMessages.recordButton}
      </button>
    </Form>
  );
}

/** The payment staff recorded: method, reference, amount, who and when. */
export function RecordedPayment({ payment }: { payment: Payment }) {
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-slate-600">Method</dt>
      <dd>{paymentMethodLabels[payment.method]}</dd>
      <dt className="text-slate-600">Reference</dt>
      <dd className="break-all font-mono">{payment.reference}</dd>
      <dt className="text-slate-600">Amount</dt>
      <dd>
        <Price cents={payment.amountCents} currency={payment.currency} />
      </dd>
      <dt className="text-slate-600">Recorded</dt>
      <dd>
        <time dateTime={payment.recordedAt}>{formatDateTime(payment.recordedAt)}</time> by {payment.recordedByName}
      </dd>
    </dl>
  );
}

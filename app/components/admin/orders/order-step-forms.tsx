import { Form, useNavigation } from "react-router";
import { SelectField, TextField } from "~/components/ui/field";
import { Price } from "~/components/ui/price";
import { centsToText } from "~/lib/money";
import { ukCouriers } from "~/modules/orders/dispatch";
import {
  paymentMessages,
  paymentMethodLabels,
  recordedPaymentMethods,
  type Payment,
  type PaymentMethod,
} from "~/modules/orders/payments";
import { PaymentForm, RecordedPayment, type PaymentErrors } from "./payment-form";
import type { OrderIntent } from "~/modules/admin/orders/orders-admin";
import {
  nextSteps,
  orderSteps,
  statusLabel,
  type OrderField,
  type OrderState,
  type OrderStep,
} from "~/modules/orders/order-status";

const quiet = new Set(["cancel"]);

type DispatchErrors = { courier?: string; trackingNumber?: string };
type RefundErrors = { amount?: string; method?: string; reference?: string };
/** Which forms the page may show (absent: allowed). */
type Allowed = Partial<Record<OrderIntent, boolean>>;

const refundMethodOptions = [
  { value: "", label: "Choose…" },
  ...recordedPaymentMethods.map((value) => ({ value, label: paymentMethodLabels[value] })),
];

/**
 * Marking a payment refunded asks how much went back (all that was paid unless staff refund less, e.g. a return's
 * non-standard delivery), how and its reference (kept as the order's refund); the customer's e-mail says the amount
 * and how it reaches them.
 */
function RefundForm({
  from,
  busy,
  paid,
  errors,
}: {
  from: string;
  busy: boolean;
  paid: { cents: number; currency: string; method: PaymentMethod | null };
  errors: RefundErrors;
}) {
  const sameWay = paid.method && (recordedPaymentMethods as readonly string[]).includes(paid.method) ? paid.method : "";
  return (
    <Form method="post" className="mt-3 space-y-3 rounded-xl bg-slate-50 p-3" aria-label="Refund">
      <input type="hidden" name="from" value={from} />
      <TextField
        label={paymentMessages.refundAmountLabel}
        name="amount"
        defaultValue={centsToText(paid.cents)}
        inputMode="decimal"
        autoComplete="off"
        maxLength={12}
        required
        error={errors.amount}
      />
      <SelectField
        label={paymentMessages.refundMethodLabel}
        name="method"
        options={refundMethodOptions}
        defaultValue={sameWay}
        required
        error={errors.method}
      />
      <TextField
        label={paymentMessages.refundReferenceLabel}
        name="reference"
        autoComplete="off"
        maxLength={60}
        required
        error={errors.reference}
      />
      <p className="text-sm text-slate-600">
        Paid: <Price cents={paid.cents} currency={paid.currency} />. Mark it refunded once the money has gone back.
      </p>
      <button type="submit" name="intent" value="refund" disabled={busy} className="btn-outline">
        {orderSteps.refund.button}
      </button>
    </Form>
  );
}

/**
 * Dispatching asks who carries the parcel and its tracking number (the customer sees both, and gets them by e-mail).
 * While something holds the order back the form says why (the server refuses the dispatch whatever the page shows).
 */
function DispatchForm({
  from,
  busy,
  errors,
  waits,
}: {
  from: string;
  busy: boolean;
  errors: DispatchErrors;
  waits: string[];
}) {
  return (
    <Form method="post" className="mt-3 space-y-3 rounded-xl bg-slate-50 p-3" aria-label="Dispatch">
      {waits.map((why) => (
        <p key={why} className="rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
          {why}
        </p>
      ))}
      <input type="hidden" name="from" value={from} />
      <TextField
        label="Courier"
        name="courier"
        list="uk-couriers"
        autoComplete="off"
        maxLength={60}
        required
        error={errors.courier}
      />
      <datalist id="uk-couriers">
        {ukCouriers.map((courier) => (
          <option key={courier} value={courier} />
        ))}
      </datalist>
      <TextField
        label="Tracking number"
        name="trackingNumber"
        autoComplete="off"
        maxLength={40}
        required
        error={errors.trackingNumber}
      />
      <button type="submit" name="intent" value="dispatch" disabled={busy} className="btn-primary">
        {orderSteps.dispatch.button}
      </button>
    </Form>
  );
}

/** One field's current value and a button for each allowed next step; the form carries the value the page showed. */
function StepForm({
  field,
  order,
  title,
  errors,
  waits = [],
  refund,
  cancelNote = null,
  allowed,
  children,
}: {
  field: OrderField;
  order: OrderState;
  title: string;
  errors: DispatchErrors;
  waits?: string[];
  /** The payment box: what was paid (the refund form's amount) and the refund form's errors. */
  refund?: { paid: { cents: number; currency: string; method: PaymentMethod | null }; errors: RefundErrors } | null;
  /** What cancelling does with the money paid (said before the button). */
  cancelNote?: string | null;
  allowed: Allowed;
  children?: React.ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const steps = nextSteps(order).filter((step) => orderSteps[step].field === field && allowed[step] !== false);
  const buttons = steps.filter(
    (step): step is Exclude<OrderStep, "dispatch" | "refund"> => step !== "dispatch" && step !== "refund",
  );
  const id = `${field}-title`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 p-4">
      <h2 id={id} className="text-sm font-semibold text-slate-600">
        {title}
      </h2>
      <p className="mt-1 text-xl font-bold">{statusLabel(field, order[field])}</p>
      {children}
      {steps.includes("dispatch") && <DispatchForm from={order[field]} busy={busy} errors={errors} waits={waits} />}
      {steps.includes("refund") && refund && (
        <RefundForm from={order[field]} busy={busy} paid={refund.paid} errors={refund.errors} />
      )}
      {buttons.includes("cancel") && cancelNote && <p className="mt-3 text-sm text-slate-600">{cancelNote}</p>}
      {buttons.length > 0 && (
        <Form method="post" className="mt-3 flex flex-wrap gap-2">
          <input type="hidden" name="from" value={order[field]} />
          {buttons.map((step) => (
            <button
              key={step}
              type="submit"
              name="intent"
              value={step}
              disabled={busy}
              className={quiet.has(step) ? "btn-outline" : "btn-primary"}
            >
              {orderSteps[step].button}
            </button>
          ))}
        </Form>
      )}
      {steps.length === 0 && !children && <p className="mt-3 text-sm text-slate-600">No further changes.</p>}
    </section>
  );
}

/**
 * The order's status and payment status, each with the steps staff may take from here: an unpaid order that is not
 * cancelled takes its payment through the payment form; a paid one shows the payment recorded.
 */
export function OrderStepForms({
  order,
  errors = {},
  payment,
  paymentErrors = {},
  paymentValues,
  refundErrors = {},
  dispatchWaits = [],
  cancelNote = null,
  cardPaid = false,
  allowed = {},
  children,
}: {
  order: OrderState & { totalCents: number; currency: string };
  errors?: DispatchErrors;
  /** The refund form's errors, when it was refused. */
  refundErrors?: RefundErrors;
  payment: Payment | null;
  paymentErrors?: PaymentErrors;
  /** What was typed in the payment form, when it was refused. */
  paymentValues?: Record<string, string>;
  /** Why the order may not be dispatched yet, besides its payment (the age check). */
  dispatchWaits?: string[];
  /** What cancelling does with the money paid: it goes back to the card, or staff record the refund. */
  cancelNote?: string | null;
  /** Paid by card online: the money goes back with 'Refund to card' (in `children`), never 'Mark refunded'. */
  cardPaid?: boolean;
  /** The forms this member of staff may use (their roles, issue 63): one marked false is not shown. */
  allowed?: Allowed;
  /** Shown in the payment box after the payment (the 'Refund to card' form). */
  children?: React.ReactNode;
}) {
  const payable =
    order.paymentStatus === "pending" && order.status !== "cancelled" && allowed["record-payment"] !== false;
  const waits = order.paymentStatus === "paid" ? dispatchWaits : [...dispatchWaits, paymentMessages.dispatchWaits];
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <StepForm
        field="status"
        order={order}
        title="Order status"
        errors={errors}
        waits={waits}
        cancelNote={cancelNote}
        allowed={allowed}
      />
      <StepForm
        field="paymentStatus"
        order={order}
        title="Payment status"
        errors={{}}
        allowed={allowed}
        refund={
          cardPaid
            ? null
            : {
                paid: {
                  cents: payment?.amountCents ?? order.totalCents,
                  currency: payment?.currency ?? order.currency,
                  method: payment?.method ?? null,
                },
                errors: refundErrors,
              }
        }
      >
        {payment && <RecordedPayment payment={payment} />}
        {children}
        {payable && (
          <PaymentForm
            totalCents={order.totalCents}
            currency={order.currency}
            errors={paymentErrors}
            values={paymentValues}
          />
        )}
      </StepForm>
    </div>
  );
}

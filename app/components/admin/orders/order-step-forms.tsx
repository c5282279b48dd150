import { Form, useNavigation } from "react-router";
import { TextField } from "~/components/ui/field";
import { ukCouriers } from "~/modules/orders/dispatch";
import {
  nextSteps,
  orderSteps,
  statusLabel,
  type OrderField,
  type OrderState,
  type OrderStep,
} from "~/modules/orders/order-status";

const quiet = new Set(["cancel", "refund"]);

type DispatchErrors = { courier?: string; trackingNumber?: string };

/** Dispatching asks who carries the parcel and its tracking number (the customer sees both, and gets them by e-mail). */
function DispatchForm({ from, busy, errors }: { from: string; busy: boolean; errors: DispatchErrors }) {
  return (
    <Form method="post" className="mt-3 space-y-3 rounded-xl bg-slate-50 p-3" aria-label="Dispatch">
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
}: {
  field: OrderField;
  order: OrderState;
  title: string;
  errors: DispatchErrors;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const steps = nextSteps(order).filter((step) => orderSteps[step].field === field);
  const buttons = steps.filter((step): step is Exclude<OrderStep, "dispatch"> => step !== "dispatch");
  const id = `${field}-title`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 p-4">
      <h2 id={id} className="text-sm font-semibold text-slate-600">
        {title}
      </h2>
      <p className="mt-1 text-xl font-bold">{statusLabel(field, order[field])}</p>
      {steps.includes("dispatch") && <DispatchForm from={order[field]} busy={busy} errors={errors} />}
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
      {steps.length === 0 && <p className="mt-3 text-sm text-slate-600">No further changes.</p>}
    </section>
  );
}

/** The order's status and payment status, each with the steps staff may take from here. */
export function OrderStepForms({ order, errors = {} }: { order: OrderState; errors?: DispatchErrors }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <StepForm field="status" order={order} title="Order status" errors={errors} />
      <StepForm field="paymentStatus" order={order} title="Payment status" errors={{}} />
    </div>
  );
}

import { Form, useNavigation } from "react-router";
import { nextSteps, orderSteps, statusLabel, type OrderField, type OrderState } from "~/modules/orders/order-status";

const quiet = new Set(["cancel", "refund"]);

/** One field's current value and a button for each allowed next step; the form carries the value the page showed. */
function StepForm({ field, order, title }: { field: OrderField; order: OrderState; title: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const steps = nextSteps(order).filter((step) => orderSteps[step].field === field);
  const id = `${field}-title`;
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 p-4">
      <h2 id={id} className="text-sm font-semibold text-slate-600">
        {title}
      </h2>
      <p className="mt-1 text-xl font-bold">{statusLabel(field, order[field])}</p>
      {steps.length > 0 ? (
        <Form method="post" className="mt-3 flex flex-wrap gap-2">
          <input type="hidden" name="from" value={order[field]} />
          {steps.map((step) => (
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
      ) : (
        <p className="mt-3 text-sm text-slate-600">No further changes.</p>
      )}
    </section>
  );
}

/** The order's status and payment status, each with the steps staff may take from here. */
export function OrderStepForms({ order }: { order: OrderState }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <StepForm field="status" order={order} title="Order status" />
      <StepForm field="paymentStatus" order={order} title="Payment status" />
    </div>
  );
}

import { Form } from "react-router";
import { FormAlert } from "~/components/ui/form-alert";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { ReturnRequestView } from "~/components/orders/order-returns";
import { formatMoney } from "~/lib/money";
import { paymentMethodLabels, recordedPaymentMethods } from "~/modules/orders/payments";
import {
  lineDecisionLabels,
  lineDecisions,
  REASON_MAX,
  returnRemedyLabels,
  type ReturnRequest,
} from "~/modules/orders/returns";

/**
 * The order's return request in the back office: each open line is decided here (accept back in stock, accept and
 * write off as faulty, or refuse), with a note for the customer; the refund of the accepted lines goes with it, to the
 * card when the order was paid by card, otherwise recorded with how it was sent and its reference.
 */
export function ReturnDecision({
  request,
  errors,
  message,
  byCard,
  refundKey,
  mayDecide,
}: {
  request: ReturnRequest;
  errors: Record<string, string>;
  message: string | null;
  byCard: boolean;
  refundKey: string;
  mayDecide: boolean;
}) {
  const open = request.lines.filter((l) => l.status === "requested");
  return (
    <section aria-labelledby="return-title" className="rounded-2xl border border-amber-300 bg-amber-50/40 p-4">
      <h2 id="return-title" className="text-lg font-bold">
        Return request
      </h2>
      <div className="mt-3">
        <ReturnRequestView request={request} forStaff />
      </div>
      {mayDecide && request.status === "requested" && open.length > 0 && (
        <Form method="post" className="mt-4 grid gap-3 sm:max-w-lg" noValidate aria-labelledby="return-title">
          <FormAlert message={message} />
          <input type="hidden" name="intent" value="return-decision" />
          <input type="hidden" name="idempotencyKey" value={refundKey} />
          {open.map((line) => (
            <SelectField
              key={line.id}
              label={`${line.name} × ${line.quantity} (${formatMoney(line.unitPriceCents * line.quantity)}${
                line.kind === "faulty" ? `, faulty: ${returnRemedyLabels[line.remedy].toLowerCase()} asked` : ""
              })`}
              name={`line-${line.id}`}
              options={[
                { value: "", label: "Choose…" },
                ...lineDecisions.map((d) => ({ value: d, label: lineDecisionLabels[d] })),
              ]}
              error={errors[`line-${line.id}`]}
            />
          ))}
          <TextAreaField
            label="Note for the customer"
            name="note"
            required
            rows={3}
            maxLength={REASON_MAX}
            error={errors.note}
          />
          {byCard ? (
            <p className="text-sm text-slate-600">
              The accepted lines are refunded to the customer's card through the payment provider.
            </p>
          ) : (
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium">How the refund was sent (when a line is accepted)</legend>
              <SelectField
                label="Refund method"
                name="method"
                options={[
                  { value: "", label: "Choose…" },
                  ...recordedPaymentMethods.map((m) => ({ value: m, label: paymentMethodLabels[m] })),
                ]}
                error={errors.method}
              />
              <TextField label="Refund reference" name="reference" maxLength={60} error={errors.reference} />
            </fieldset>
          )}
          <div>
            <button type="submit" className="btn-primary">
              Decide the return
            </button>
          </div>
          <p className="text-sm text-slate-600">
            The refund is the accepted lines' price times their units, plus the shipping charge when the whole order
            comes back within the 14 days. The customer is e-mailed the decision and your note.
          </p>
        </Form>
      )}
    </section>
  );
}

import { Form } from "react-router";
import { FormAlert } from "~/components/ui/form-alert";
import { TextAreaField } from "~/components/ui/field";
import { ReturnRequestView } from "~/components/orders/order-returns";
import { REASON_MAX, type ReturnRequest } from "~/modules/orders/returns";

/** The order's return request in the back office; an open one is accepted or refused here, with a note. */
export function ReturnDecision({
  request,
  errors,
  message,
}: {
  request: ReturnRequest;
  errors: Record<string, string>;
  message: string | null;
}) {
  return (
    <section aria-labelledby="return-title" className="rounded-2xl border border-amber-300 bg-amber-50/40 p-4">
      <h2 id="return-title" className="text-lg font-bold">
        Return request
      </h2>
      <div className="mt-3">
        <ReturnRequestView request={request} forStaff />
      </div>
      {request.status === "requested" && (
        <Form method="post" className="mt-4 grid gap-3 sm:max-w-lg" noValidate aria-labelledby="return-title">
          <FormAlert message={message} />
          <input type="hidden" name="intent" value="return-decision" />
          <TextAreaField
            label="Note for the customer"
            name="note"
            required
            rows={3}
            maxLength={REASON_MAX}
            error={errors.note}
          />
          {errors.decision && <p className="text-sm text-rose-700">{errors.decision}</p>}
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="decision" value="accepted" className="btn-primary">
              Accept return
            </button>
            <button type="submit" name="decision" value="refused" className="btn-outline">
              Refuse return
            </button>
          </div>
          <p className="text-sm text-slate-600">
            The customer is e-mailed the decision and your note. Refund an accepted return with 'Mark refunded' once the
            goods are back.
          </p>
        </Form>
      )}
    </section>
  );
}

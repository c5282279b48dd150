import { Form } from "react-router";
import { Link } from "~/components/ui/link";
import { FormAlert } from "~/components/ui/form-alert";
import { SubmitButton } from "~/components/account/auth-card";
import { TextAreaField } from "~/components/ui/field";
import { formatDay, formatLongDate } from "~/lib/shop-time";
import { REASON_MAX, returnStatusLabels, type ReturnRequest } from "~/modules/orders/returns";

/** A return request as the customer or staff see it: asked when, why, and the shop's answer. */
export function ReturnRequestView({ request, forStaff = false }: { request: ReturnRequest; forStaff?: boolean }) {
  return (
    <div className="rounded-xl bg-slate-50 p-4 text-sm">
      <p className="font-semibold">{returnStatusLabels[request.status]}</p>
      <p className="mt-1">
        Asked on {formatLongDate(request.requestedAt)}
        {forStaff ? "" : " by you"}. Reason: <span className="whitespace-pre-wrap">{request.reason}</span>
      </p>
      {request.status === "requested" && !forStaff && (
        <p className="mt-1 text-slate-600">We will e-mail you when we have looked at it.</p>
      )}
      {request.staffNote && request.decidedAt && (
        <p className="mt-1">
          Note from the shop ({formatLongDate(request.decidedAt)}):{" "}
          <span className="whitespace-pre-wrap">{request.staffNote}</span>
        </p>
      )}
    </div>
  );
}

type Props = {
  orderId: string;
  mayCancel: boolean;
  /** The customer pressed 'Cancel this order' and is asked to confirm (?cancel=confirm; works without JavaScript). */
  confirmingCancel: boolean;
  cancelled: boolean;
  returnRequest: ReturnRequest | null;
  returnWindow: { open: boolean; lastDay: string | null };
  delivered: boolean;
  errors: Record<string, string>;
  message: string | null;
  tone: "error" | "success";
};

/**
 * On the customer's order page: cancel it before dispatch (asked to confirm first), or ask to return it within 14
 * days of delivery; once cancelled, the section says so under its own heading.
 */
export function CustomerOrderActions({
  orderId,
  mayCancel,
  confirmingCancel,
  cancelled,
  returnRequest,
  returnWindow,
  delivered,
  errors,
  message,
  tone,
}: Props) {
  const ended = !returnRequest && !returnWindow.open && delivered && returnWindow.lastDay;
  const showSection = mayCancel || returnRequest || returnWindow.open || ended || message;
  if (!showSection) return null;
  return (
    <section aria-labelledby="order-actions-title" className="rounded-2xl border border-slate-200 p-4">
      <h2 id="order-actions-title" className="text-lg font-bold">
        {mayCancel ? "Cancel this order" : cancelled ? "Order cancelled" : "Return this order"}
      </h2>
      <div className="mt-3">
        <FormAlert message={message} tone={tone} />
      </div>
      {mayCancel && !confirmingCancel && (
        <>
          <p className="mt-2 text-sm text-slate-600">
            You can cancel until we dispatch it. Its items go back on sale and, if you have paid, we refund you in full.
          </p>
          <Link to="?cancel=confirm" preventScrollReset className="btn-outline mt-3 inline-flex">
            Cancel this order
          </Link>
        </>
      )}
      {mayCancel && confirmingCancel && (
        <>
          <p className="mt-2 text-sm font-semibold" id="cancel-question">
            Cancel order {orderId}? Its items go back on sale and, if you have paid, we refund you in full. This cannot
            be undone.
          </p>
          <Form method="post" className="mt-3 flex flex-wrap gap-3" aria-describedby="cancel-question">
            <div className="sm:w-64">
              <SubmitButton label="Yes, cancel the order" intent="cancel" />
            </div>
            <Link to="." preventScrollReset className="btn-outline inline-flex">
              Keep the order
            </Link>
          </Form>
        </>
      )}
      {returnRequest && (
        <div className="mt-2">
          <ReturnRequestView request={returnRequest} />
        </div>
      )}
      {!returnRequest && returnWindow.open && (
        <>
          <p className="mt-2 text-sm text-slate-600">
            You have 14 days from delivery to change your mind
            {returnWindow.lastDay ? `: until ${formatDay(returnWindow.lastDay)}` : ""}.{" "}
            <Link to="/info/exchange-and-returns" className="text-brand-700 underline">
              How returns work
            </Link>
          </p>
          <Form method="post" className="mt-3 grid gap-3 sm:max-w-lg" noValidate>
            <TextAreaField
              label="Why are you returning it?"
              name="reason"
              required
              rows={3}
              maxLength={REASON_MAX}
              error={errors.reason}
            />
            <div className="sm:max-w-xs">
              <SubmitButton label="Ask to return this order" intent="return" />
            </div>
          </Form>
        </>
      )}
      {ended && returnWindow.lastDay && (
        <p className="mt-2 text-sm text-slate-600">
          The 14 days to return this order ended on {formatDay(returnWindow.lastDay)}. If something is faulty, please{" "}
          <Link to="/contactus" className="text-brand-700 underline">
            contact us
          </Link>
          .
        </p>
      )}
    </section>
  );
}

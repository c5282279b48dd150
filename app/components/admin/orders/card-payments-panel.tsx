import { Amount } from "~/components/ui/price";
import { formatDateTime } from "~/lib/shop-time";
import { isOneOf } from "~/db/values";
import { paymentMethodLabels, paymentMethods } from "~/modules/orders/payments";
import { attemptStateLabels, refundStateLabels } from "~/modules/payments/card-payments";
import type { CardAttemptView, RefundView } from "~/modules/payments/card-payments.service.server";

const When = ({ at }: { at: string }) => <time dateTime={at}>{formatDateTime(at)}</time>;

const methodLabel = (method: string) => (isOneOf(paymentMethods, method) ? paymentMethodLabels[method] : method);

/** One try at paying by card: its reference at the provider, amount, state, and what the provider said, in order. */
function Attempt({ attempt }: { attempt: CardAttemptView }) {
  return (
    <li className="rounded-xl bg-slate-50 p-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="break-all font-mono font-semibold">{attempt.reference}</span>
        <Amount cents={attempt.amountCents} currency={attempt.currency} />
        <span className="font-semibold">{attemptStateLabels[attempt.state]}</span>
        {attempt.test && (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Test</span>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Started <When at={attempt.createdAt} />, last changed <When at={attempt.updatedAt} />
      </p>
      {attempt.events.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No word from the provider yet.</p>
      ) : (
        <ol className="mt-2 space-y-1 text-sm" aria-label={`Events of ${attempt.reference}`}>
          {attempt.events.map((event) => (
            <li key={`${event.providerEventId}-${event.at}`}>
              <When at={event.at} /> <span className="font-medium">{event.type}</span> ({event.source}): {event.outcome}
              <span className="block break-all text-xs text-slate-500">{event.providerEventId}</span>
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}

/** Every refund of the order, through the provider or recorded by staff. */
function Refunds({ refunds }: { refunds: RefundView[] }) {
  return (
    <section aria-labelledby="refunds-title" className="rounded-2xl border border-slate-200 p-4">
      <h2 id="refunds-title" className="text-lg font-bold">
        Refunds
      </h2>
      <ul className="mt-3 space-y-2">
        {refunds.map((refund) => (
          <li key={refund.id} className="rounded-xl bg-slate-50 p-3 text-sm">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-base">
              <Amount cents={refund.amountCents} currency={refund.currency} className="font-semibold" />
              <span className="font-semibold">{refundStateLabels[refund.state]}</span>
              <span>{methodLabel(refund.method)}</span>
              <span className="break-all font-mono">{refund.reference}</span>
            </div>
            {refund.reason && <p className="mt-1">Reason: {refund.reason}</p>}
            <p className="mt-1 text-slate-600">
              By {refund.byName}, <When at={refund.createdAt} />
            </p>
            {refund.state === "failed" && refund.error && <p className="mt-1 text-rose-700">Error: {refund.error}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The order's money as the provider and staff moved it: each card attempt with its events (only when the order has
 * attempts), then its refunds (only when there are any); `children` (the 'Refund to card' form) after the attempts.
 */
export function CardPaymentsPanel({
  attempts,
  refunds,
  children,
}: {
  attempts: CardAttemptView[];
  refunds: RefundView[];
  children?: React.ReactNode;
}) {
  if (attempts.length === 0 && refunds.length === 0) return null;
  return (
    <>
      {attempts.length > 0 && (
        <section aria-labelledby="card-payments-title" className="rounded-2xl border border-slate-200 p-4">
          <h2 id="card-payments-title" className="text-lg font-bold">
            Card payments
          </h2>
          <ul className="mt-3 space-y-2">
            {attempts.map((attempt) => (
              <Attempt key={attempt.id} attempt={attempt} />
            ))}
          </ul>
          {children}
        </section>
      )}
      {refunds.length > 0 && <Refunds refunds={refunds} />}
    </>
  );
}

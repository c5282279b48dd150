import { formatDateTime } from "~/lib/shop-time";
import { cardMessages, type CustomerRefund } from "~/modules/payments/card-payments";

/** The refunds of a customer's order: when, how much, where it stands and how it came back (issue 61). */
export function CustomerRefunds({ refunds }: { refunds: CustomerRefund[] }) {
  return (
    <section aria-labelledby="refunds-title" className="rounded-2xl border border-slate-200 p-4">
      <h2 id="refunds-title" className="text-lg font-bold">
        {cardMessages.refundsTitle}
      </h2>
      <ul className="mt-3 space-y-2 text-sm">
        {refunds.map((refund) => (
          <li key={refund.id} className="flex flex-wrap gap-x-3">
            <time dateTime={refund.at} className="text-slate-600">
              {formatDateTime(refund.at)}
            </time>
            <span className="font-semibold">{refund.amount}</span>
            <span>{refund.state}</span>
            <span className="text-slate-600">{refund.how}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

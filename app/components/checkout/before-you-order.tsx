import { Link } from "~/components/ui/link";
import { Price } from "~/components/ui/price";
import type { Trader } from "~/lib/trader";
import {
  CANCELLATION_FORM_PATH,
  paymentArrangement,
  RETURNS_PAGE_PATH,
  rightToCancelSummary,
  TERMS_PAGE_PATH,
} from "~/modules/orders/cancellation";
import { cardMessages } from "~/modules/payments/card-payments";

/**
 * What the Consumer Contracts Regulations 2013 (reg. 13, Schedule 2) want a shopper told before they place the
 * order: who the trader is and how to reach them, the total with delivery, how payment is arranged, the delivery
 * date and the right to cancel (docs/decisions/040). On the payment step, before 'Order via WhatsApp'.
 */
export function BeforeYouOrder({
  trader,
  totalCents,
  delivery,
  payWithin,
  card = false,
}: {
  trader: Trader;
  totalCents: number;
  delivery: { date: string };
  /** How long the order waits for its payment, and how many may wait at once (docs/decisions/070). */
  payWithin: string;
  /** Whether 'Pay by card' is offered beside 'Order via WhatsApp' (issue 61). */
  card?: boolean;
}) {
  return (
    <section aria-labelledby="before-you-order" className="mt-6 rounded-2xl border border-slate-200 p-4 text-sm">
      <h2 id="before-you-order" className="text-lg font-bold">
        Before you order
      </h2>
      <dl className="mt-3 grid gap-3 sm:grid-cols-[11rem_1fr]">
        <dt className="font-semibold">You are buying from</dt>
        <dd>
          <span className="block">{trader.name}</span>
          <span className="block">{trader.address}</span>
          <span className="block">
            E-mail:{" "}
            <a href={`mailto:${trader.email}`} className="text-brand-700 underline">
              {trader.email}
            </a>
          </span>
          <span className="block">Phone: {trader.phone}</span>
        </dd>
        <dt className="font-semibold">Total to pay</dt>
        <dd>
          <Price cents={totalCents} className="font-semibold" />, including delivery
        </dd>
        <dt className="font-semibold">How you pay</dt>
        <dd>{card ? cardMessages.paymentArrangement : paymentArrangement}</dd>
        <dt className="font-semibold">When to pay</dt>
        <dd>{payWithin}</dd>
        <dt className="font-semibold">Delivery</dt>
        {/* The method is named in the Shipping box above; here, when it comes. */}
        <dd>Estimated delivery {delivery.date}, with the shipping you chose</dd>
        <dt className="font-semibold">Your right to cancel</dt>
        <dd>
          <p>{rightToCancelSummary}</p>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
            <li>
              <Link to={TERMS_PAGE_PATH} className="text-brand-700 underline">
                Terms of use of the site
              </Link>
            </li>
            <li>
              <Link to={RETURNS_PAGE_PATH} className="text-brand-700 underline">
                Cancellation and returns
              </Link>
            </li>
            <li>
              <Link to={CANCELLATION_FORM_PATH} className="text-brand-700 underline">
                Model cancellation form
              </Link>
            </li>
          </ul>
        </dd>
      </dl>
    </section>
  );
}

import { cardMessages } from "~/modules/payments/card-payments";

/**
 * What a shopper is told before paying by card (issue 61): a new customer's age is checked before dispatch, and, with
 * a test provider, that no real money is taken. The 'Pay by card' button points at the first with aria-describedby.
 */
export function CardPaymentNotes({ test }: { test: boolean }) {
  return (
    <>
      {test && (
        <p className="mt-4 rounded-lg border-2 border-amber-500 bg-amber-50 p-3 text-sm font-semibold text-amber-950">
          {cardMessages.testBanner}
        </p>
      )}
      <p id="card-age-note" className="mt-4 text-sm text-slate-700">
        {cardMessages.ageNote}
      </p>
    </>
  );
}

/** 'Pay by card' for an order already placed: a document form, so the browser follows the answer to the provider. */
export function PayByCardForm({
  orderId,
  intent,
  label,
  describedBy,
}: {
  orderId: string;
  intent: string;
  label: string;
  describedBy?: string;
}) {
  return (
    <form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="order" value={orderId} />
      <button type="submit" className="btn-primary" aria-describedby={describedBy}>
        {label}
      </button>
    </form>
  );
}

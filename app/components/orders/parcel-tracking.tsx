import { dispatchSentence, trackingUrl } from "~/modules/orders/dispatch";

/**
 * A dispatched order's parcel, first on the customer's order page: the courier, the tracking number and, for the
 * couriers the shop offers, a link to the courier's own tracking page.
 */
export function ParcelTracking({ dispatch }: { dispatch: { courier: string; trackingNumber: string } }) {
  const url = trackingUrl(dispatch);
  return (
    <section aria-labelledby="tracking-title" className="rounded-2xl border border-brand-200 bg-brand-50 p-4">
      <h2 id="tracking-title" className="text-lg font-bold">
        Your parcel
      </h2>
      <p className="mt-1 text-sm">{dispatchSentence(dispatch)}</p>
      {url && (
        <a href={url} target="_blank" rel="noopener noreferrer" className="btn-primary mt-3 inline-flex">
          Track it with {dispatch.courier}
        </a>
      )}
    </section>
  );
}

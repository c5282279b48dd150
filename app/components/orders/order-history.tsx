import { formatDateTime } from "~/lib/shop-time";
import type { OrderActorKind } from "~/db/values";
import { statusLabel, type OrderField } from "~/modules/orders/order-status";

export type HistoryEntry = {
  field: OrderField;
  to: string;
  at: string;
  from?: string;
  byName?: string;
  actorKind?: OrderActorKind | null;
};

/** Who made a change, beside their name on the back office's history. */
const actorWords: Record<OrderActorKind, string> = {
  customer: "customer",
  staff: "staff",
  shop: "the shop",
  provider: "payment provider",
};

const customerWords: Record<string, string> = { paid: "Payment received", refunded: "Payment refunded" };
/** 'Order confirmed', 'Payment received'… */
const customerWording = (event: HistoryEntry) =>
  event.field === "paymentStatus"
    ? (customerWords[event.to] ?? `Payment ${statusLabel(event.field, event.to).toLowerCase()}`)
    : `Order ${statusLabel(event.field, event.to).toLowerCase()}`;
/** 'Status: Pending → Confirmed', 'Payment: Payment pending → Paid' */
const staffWording = (event: HistoryEntry) =>
  `${event.field === "paymentStatus" ? "Payment" : "Status"}: ${event.from ? `${statusLabel(event.field, event.from)} → ` : ""}${statusLabel(event.field, event.to)}`;

/** When the order was placed and each change since, oldest first; staff also see who made each change. */
export function OrderHistory({
  placedAt,
  events,
  showWho = false,
}: {
  placedAt: string;
  events: HistoryEntry[];
  showWho?: boolean;
}) {
  return (
    <section aria-labelledby="order-history-title" className="rounded-2xl border border-slate-200 p-4">
      <h2 id="order-history-title" className="text-lg font-bold">
        History
      </h2>
      <ol className="mt-3 space-y-2 text-sm">
        <li className="flex flex-wrap gap-x-3">
          <time dateTime={placedAt} className="text-slate-600">
            {formatDateTime(placedAt)}
          </time>
          <span className="font-semibold">Order placed</span>
        </li>
        {events.map((event, i) => (
          <li key={i} className="flex flex-wrap gap-x-3">
            <time dateTime={event.at} className="text-slate-600">
              {formatDateTime(event.at)}
            </time>
            <span className="font-semibold">{showWho ? staffWording(event) : customerWording(event)}</span>
            {showWho && event.byName && (
              <span className="text-slate-600">
                by {event.byName}
                {event.actorKind && ` (${actorWords[event.actorKind]})`}
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

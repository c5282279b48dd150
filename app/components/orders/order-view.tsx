import { TotalsList } from "~/components/cart/cart-summary";
import { Price } from "~/components/ui/price";
import { PostalAddress } from "~/components/ui/postal-address";
import { formatDate, formatDeliveryDate } from "~/lib/shop-time";
import { paymentMessages } from "~/modules/orders/payments";
import { orderStatusLabels, orderTotals, paymentStatusLabels, type Order } from "~/modules/orders/orders";

export const statusLabels: Record<string, string> = { ...orderStatusLabels, paid: "Paid", refunded: "Refunded" };
export const paymentLabels: Record<string, string> = paymentStatusLabels;

/** The order's status and payment status as two badges ('Status: Confirmed', 'Payment: Paid'). */
export function StatusBadges({ status, paymentStatus }: { status: string; paymentStatus: string }) {
  return (
    <p className="flex flex-wrap gap-3 text-sm">
      <span className="rounded-full bg-brand-50 px-3 py-1 font-semibold text-brand-700">
        Status: {statusLabels[status] ?? status}
      </span>
      <span className="rounded-full bg-slate-100 px-3 py-1 font-semibold">
        Payment: {statusLabels[paymentStatus] ?? paymentStatus}
      </span>
    </p>
  );
}

/**
 * An order as its shopper sees it: lines, address, shipping, totals and (unless shown elsewhere) status. Staff
 * (`showSku`) also see each line's SKU as sold, to pick it from the shelf.
 */
export function OrderView({
  order,
  showStatus = true,
  showSku = false,
  showDispatch = true,
  paidAt = null,
}: {
  order: Order;
  showStatus?: boolean;
  showSku?: boolean;
  /** The courier and tracking number under Shipping; the customer's page shows them first instead (ParcelTracking). */
  showDispatch?: boolean;
  /** When the shop recorded the payment: the shopper reads 'Payment received' and the day. */
  paidAt?: string | null;
}) {
  return (
    <div className="space-y-6">
      {showStatus && <StatusBadges status={order.status} paymentStatus={order.paymentStatus} />}
      {paidAt && order.paymentStatus === "paid" && (
        <p className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          <strong>{paymentMessages.received}</strong> on <time dateTime={paidAt}>{formatDate(paidAt)}</time>.
        </p>
      )}
      <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200">
        {order.lines.map((line, i) => (
          <li key={i} className="flex justify-between gap-4 p-4 text-sm">
            <span>
              <span className="font-semibold">{line.name}</span> × {line.quantity}
              <span className="block text-slate-600">
                {line.flavour} · {line.nicotineStrength}mg{line.puffCount ? ` · ${line.puffCount} puffs` : ""}
              </span>
              {line.kind === "flavour" && line.deviceName && (
                <span className="block text-slate-600">For {line.deviceName}</span>
              )}
              {showSku && line.sku && <span className="block font-mono text-slate-600">SKU: {line.sku}</span>}
            </span>
            <Price cents={line.lineTotalCents} currency={order.currency} className="font-semibold" />
          </li>
        ))}
      </ul>
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="rounded-2xl bg-slate-50 p-4 text-sm">
          <h3 className="font-bold">Address</h3>
          <PostalAddress address={order.address} />
        </div>
        <div className="rounded-2xl bg-slate-50 p-4 text-sm">
          <h3 className="font-bold">Shipping</h3>
          <p className="mt-1">
            {order.shipping.method}
            <br />
            {formatDeliveryDate(order.shipping.deliveryDate)}
          </p>
          {showDispatch && order.dispatch && (
            <p className="mt-2">
              Sent with {order.dispatch.courier}
              <br />
              Tracking number: <span className="break-all font-mono">{order.dispatch.trackingNumber}</span>
            </p>
          )}
        </div>
        <div className="rounded-2xl bg-slate-50 p-4">
          <TotalsList totals={orderTotals(order)} currency={order.currency} showShipping />
        </div>
      </div>
    </div>
  );
}

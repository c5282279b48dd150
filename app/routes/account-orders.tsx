import { Link } from "~/components/ui/link";
import { paymentLabels, statusLabels } from "~/components/orders/order-view";
import { Price } from "~/components/ui/price";
import { pageMeta } from "~/lib/meta";
import { formatDate } from "~/lib/shop-time";
import { requireUser } from "~/modules/accounts/session.service.server";
import { listOrders } from "~/modules/orders/orders.service.server";
import type { Route } from "./+types/account-orders";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Your orders", "Orders you have placed and their status.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  return { orders: await listOrders(context.db, user.id) };
}

export default function AccountOrders({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page max-w-3xl py-10">
      <h1 className="text-3xl font-extrabold">Your orders</h1>
      {loaderData.orders.length === 0 ? (
        <p className="mt-6 rounded-xl bg-slate-50 p-6 text-slate-700">You have not placed an order yet.</p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200">
          {loaderData.orders.map((order) => (
            <li key={order.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <Link
                to={`/account/orders/${order.id}`}
                className="font-mono font-semibold text-brand-700 hover:underline"
              >
                Order {order.id}
              </Link>
              <span className="text-sm text-slate-600">{formatDate(order.created_at)}</span>
              <span className="text-sm">
                {statusLabels[order.status]} · {paymentLabels[order.payment_status]}
              </span>
              <Price cents={order.total_cents} currency={order.currency} className="font-semibold" />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

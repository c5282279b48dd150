import { data, Link } from "react-router";
import { OrderHistory } from "~/components/orders/order-history";
import { OrderView } from "~/components/orders/order-view";
import { pageMeta } from "~/lib/meta";
import { requireUser } from "~/modules/accounts/session.server";
import { orderWhatsappUrl } from "~/modules/orders/order-action.server";
import { orderEvents } from "~/modules/orders/order-events.server";
import { findOrder } from "~/modules/orders/orders.service.server";
import type { Route } from "./+types/account-order";
import { AgeCheckNeeded, ageCheckNeeded } from "~/components/orders/age-check-needed";
import { ageVerificationOf } from "~/modules/age-checks/age-checks.service.server";

export const meta: Route.MetaFunction = ({ data, matches }) => (data ? pageMeta(matches, `Order ${data.order.id}`, "Your order and its status.") : [{ title: "Page not found" }]);

/** One of the shopper's own orders; anybody else's order id is a 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const order = await findOrder(context.db, user.id, params.id);
  if (!order) throw data(null, { status: 404 });
  // The shopper sees what changed and when, not which member of staff changed it.
  const history = (await orderEvents(context.db, order.id)).map(({ field, to, at }) => ({ field, to, at }));
  const age = await ageVerificationOf(context.db, user.id);
  return { order, history, whatsappUrl: orderWhatsappUrl(context, order), ageStatus: age.status };
}

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const { order, history, whatsappUrl, ageStatus } = loaderData;
  return (
    <div className="container-page max-w-4xl py-10">
      <Link to="/account/orders" className="text-sm text-brand-700 hover:underline">All your orders</Link>
      <h1 className="mt-2 text-3xl font-extrabold">Order {order.id}</h1>
      {ageCheckNeeded(ageStatus, order.status) && <div className="mt-4"><AgeCheckNeeded status={ageStatus} forStaff={false} /></div>}
      <div className="mt-6"><OrderView order={order} /></div>
      <div className="mt-6"><OrderHistory placedAt={order.createdAt} events={history} /></div>
      <a href={whatsappUrl} target="_blank" rel="noopener noreferrer" className="btn-outline mt-8">Send the WhatsApp message again</a>
    </div>
  );
}

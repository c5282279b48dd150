import { data, redirect } from "react-router";
import { Link } from "~/components/ui/link";
import { PayByCardForm } from "~/components/payments/card-payment-notes";
import { pageMeta } from "~/lib/meta";
import { readForm } from "~/lib/form-data.server";
import { requireUser } from "~/modules/accounts/session.service.server";
import { cardMessages } from "~/modules/payments/card-payments";
import { payByCard, providerDownPath, shopperReturnView } from "~/modules/payments/card-payment-pages.server";
import type { Route } from "./+types/payment-return";

export const meta: Route.MetaFunction = ({ loaderData: view, matches }) =>
  view
    ? [
        ...pageMeta(
          matches,
          view.outcome === "provider-down" ? cardMessages.providerDownTitle : cardMessages.returnTitle[view.outcome],
          `Card payment for order ${view.orderId}.`,
        ),
        // Still being confirmed: the page asks again by itself every few seconds, as a shopper would press reload.
        ...(view.outcome === "pending" ? [{ httpEquiv: "refresh", content: String(PENDING_REFRESH_SECONDS) }] : []),
      ]
    : [{ title: "Page not found" }];

const PENDING_REFRESH_SECONDS = 5;

/**
 * Where the provider's payment page sends the shopper back (?ref=<attempt>&result=<hint>), and where the payment step
 * sends them when the page did not open (?order=<id>&result=error). The hint is never proof: the provider is asked.
 * Another customer's payment, or none, is a 404. Private: /payment/… is never cached (server/security.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const view = await shopperReturnView(context, user.id, new URL(request.url).searchParams);
  if (!view) throw data(null, { status: 404 });
  return view;
}

/** 'Try the card again' (intent=retry): a new attempt for the same order, and off to its payment page. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readForm(request);
  const orderId = String(form.get("order") ?? "");
  if (form.get("intent") !== "retry" || !orderId) throw data(null, { status: 400 });
  const started = await payByCard(context, user.id, orderId);
  if (started.ok) return redirect(started.url, 303);
  if (started.code === "not-found") throw data(null, { status: 404 });
  if (started.code === "unavailable") return redirect(providerDownPath(orderId), 303);
  return { message: started.message };
}

export default function PaymentReturn({ loaderData: view, actionData }: Route.ComponentProps) {
  const { orderId, outcome } = view;
  const failed = outcome === "declined" || outcome === "abandoned" || outcome === "provider-down";
  const title = outcome === "provider-down" ? cardMessages.providerDownTitle : cardMessages.returnTitle[outcome];
  const text =
    outcome === "provider-down"
      ? cardMessages.providerDown
      : outcome === "paid"
        ? cardMessages.returnText.paid(orderId, view.total)
        : cardMessages.returnText[outcome](orderId);
  return (
    <div className="container-page max-w-2xl py-16">
      <h1 className="text-3xl font-extrabold">{title}</h1>
      {failed ? (
        <p role="alert" className="mt-6 rounded-lg bg-rose-50 p-4 text-rose-900">
          {text}
        </p>
      ) : (
        <p role="status" className="mt-6 text-lg text-slate-800">
          {text}
        </p>
      )}
      {actionData?.message && (
        <p role="alert" className="mt-4 rounded-lg bg-rose-50 p-3 text-sm text-rose-800">
          {actionData.message}
        </p>
      )}
      <div className="mt-8 flex flex-wrap items-center gap-3">
        {failed && (
          <>
            <PayByCardForm orderId={orderId} intent="retry" label={cardMessages.tryAgain} />
            <a href={view.whatsappUrl} target="_blank" rel="noopener noreferrer" className="btn-outline">
              {cardMessages.whatsappButton}
            </a>
          </>
        )}
        <Link to={`/account/orders/${orderId}`} className={failed ? "text-brand-700 underline" : "btn-primary"}>
          {cardMessages.viewOrder}
        </Link>
      </div>
    </div>
  );
}

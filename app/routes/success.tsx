import { Link } from "~/components/ui/link";
import { pageMeta } from "~/lib/meta";
import { requireAdultCustomer } from "~/modules/accounts/session.service.server";
import { orderWhatsappUrl } from "~/modules/orders/orders.service.server";
import { findOrder } from "~/modules/orders/orders.service.server";
import type { Route } from "./+types/success";
import { RECYCLING_PAGE_PATH } from "~/modules/orders/take-back";
import { CANCELLATION_FORM_PATH } from "~/modules/orders/cancellation";
import { ageVerificationOf } from "~/modules/age-checks/age-checks.service.server";
import { AGE_CHECK_PAGE_PATH, ageDocumentMessages } from "~/modules/age-checks/age-checks";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Success", "Your order has been placed.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdultCustomer(context, request);
  const id = new URL(request.url).searchParams.get("order") ?? "";
  const order = id ? await findOrder(context.db, user.id, id) : null;
  // A new customer's first order: their age is checked before anything is dispatched (docs/decisions/044).
  const ageCheckOpen = order ? (await ageVerificationOf(context.db, user.id)).status === "pending" : false;
  return { order: order ? { id: order.id, whatsappUrl: orderWhatsappUrl(context, order) } : null, ageCheckOpen };
}

export default function Success({ loaderData }: Route.ComponentProps) {
  const { order, ageCheckOpen } = loaderData;
  return (
    <div className="container-page max-w-2xl py-16 text-center">
      <h1 className="text-4xl font-extrabold">Success</h1>
      {order && (
        <>
          <p className="mt-6 text-lg">
            Your order number is <strong className="font-mono text-2xl tracking-wider">{order.id}</strong>
          </p>
          <p className="mt-4 text-slate-700">
            We have saved your order and opened a WhatsApp message to us with its details. Send it, and we will confirm
            your order and the payment details on WhatsApp. We have also e-mailed you a confirmation.
          </p>
          {ageCheckOpen && (
            <section aria-labelledby="age-next" className="mt-6 rounded-2xl bg-amber-50 p-4 text-left text-amber-950">
              <h2 id="age-next" className="text-lg font-bold">
                One more step: confirm your age
              </h2>
              <p className="mt-1">{ageDocumentMessages.what}</p>
              <p className="mt-1">
                Your order is kept until we have checked it; we have e-mailed you how.{" "}
                <Link to={AGE_CHECK_PAGE_PATH} className="font-semibold underline">
                  Send a photo of your photo ID
                </Link>
              </p>
            </section>
          )}
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <a href={order.whatsappUrl} target="_blank" rel="noopener noreferrer" className="btn-primary">
              Open the WhatsApp message again
            </a>
            <Link to={`/account/orders/${order.id}`} className="btn-outline">
              See your order
            </Link>
          </div>
          <p className="mt-6 text-sm text-slate-700">
            Bought a device? We take your old vape back free of charge:{" "}
            <Link to={RECYCLING_PAGE_PATH} className="text-brand-700 underline">
              Recycling your old vape
            </Link>
            . You can cancel within 14 days of delivery:{" "}
            <Link to={CANCELLATION_FORM_PATH} className="text-brand-700 underline">
              Model cancellation form
            </Link>
            .
          </p>
        </>
      )}
      <Link to="/" className="btn-outline mt-8">
        Back to the shop
      </Link>
    </div>
  );
}

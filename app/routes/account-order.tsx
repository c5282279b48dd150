import { data, redirect } from "react-router";
import { Link } from "~/components/ui/link";
import { formFeedback, httpStatus } from "~/lib/result";
import { OrderHistory } from "~/components/orders/order-history";
import { OrderView } from "~/components/orders/order-view";
import { ParcelTracking } from "~/components/orders/parcel-tracking";
import { CustomerOrderActions, FaultReportSection } from "~/components/orders/order-returns";
import { pageMeta } from "~/lib/meta";
import { readForm } from "~/lib/form-data.server";
import { formValues } from "~/lib/form-check";
import { requireUser } from "~/modules/accounts/session.service.server";
import {
  cancelOwnOrder,
  deliveredAt,
  reportFault,
  requestReturn,
  returnableLines,
  returnRequestOf,
} from "~/modules/orders/customer-orders.service.server";
import { customerWhatsapp, orderMail } from "~/modules/orders/orders.service.server";
import { orderEvents } from "~/modules/orders/orders.service.server";
import { findOrder } from "~/modules/orders/orders.service.server";
import { paymentOf } from "~/modules/orders/payments.service.server";
import { customerMayCancel, faultWindow, returnMessages, returnWindow } from "~/modules/orders/returns";
import type { Route } from "./+types/account-order";
import { AgeCheckNeeded, ageCheckNeeded } from "~/components/orders/age-check-needed";
import { ageVerificationOf } from "~/modules/age-checks/age-checks.service.server";
import { TakeBackSection } from "~/components/orders/take-back-request";
import { requestTakeBack, takeBackOf } from "~/modules/orders/take-back.service.server";
import { devicesBought, takeBackMessages, takeBackWindow } from "~/modules/orders/take-back";
import { cardMessages } from "~/modules/payments/card-payments";
import { cardOffer, cardPayable, customerRefunds, payByCard } from "~/modules/payments/card-payment-pages.server";
import { CardPaymentNotes, PayByCardForm } from "~/components/payments/card-payment-notes";
import { CustomerRefunds } from "~/components/payments/customer-refunds";

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) =>
  data ? pageMeta(matches, `Order ${data.order.id}`, "Your order and its status.") : [{ title: "Page not found" }];

const notices: Record<string, (id: string) => string> = {
  cancelled: returnMessages.cancelled,
  "return-requested": () => returnMessages.requested,
  "fault-reported": () => returnMessages.faultReported,
  "take-back-requested": () => takeBackMessages.requested,
};

/** One of the shopper's own orders; anybody else's order id is a 404. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const order = await findOrder(context.db, user.id, params.id);
  if (!order) throw data(null, { status: 404 });
  // The shopper sees what changed and when, not which member of staff changed it.
  const history = (await orderEvents(context.db, order.id)).map(({ field, to, at }) => ({ field, to, at }));
  const age = await ageVerificationOf(context.db, user.id);
  const returnRequest = await returnRequestOf(context.db, order.id);
  const delivered = await deliveredAt(context.db, order.id);
  const window = returnWindow({ status: order.status, deliveredAt: delivered });
  const devices = devicesBought(order.lines);
  const takeBack = await takeBackOf(context.db, order.id);
  // The day the shop recorded the payment (not how or by whom: that is the back office's).
  const paidAt = (await paymentOf(context.db, order.id))?.recordedAt ?? null;
  const search = new URL(request.url).searchParams;
  const done = search.get("done") ?? "";
  const notice = Object.hasOwn(notices, done) ? notices[done]!(order.id) : null;
  return {
    order,
    history,
    confirmingCancel: search.get("cancel") === "confirm" && customerMayCancel(order.status),
    whatsapp: customerWhatsapp(context, order),
    ageStatus: age.status,
    returnRequest,
    returnWindow: window,
    returnable: await returnableLines(context.db, order.id),
    faultWindow: order.status === "delivered" ? faultWindow(delivered) : ({ state: "not-delivered" } as const),
    takeBack: {
      devices,
      request: takeBack,
      window: takeBackWindow({ status: order.status, deliveredAt: delivered, devices }, takeBack),
    },
    notice,
    paidAt,
    // 'Pay by card' while the order waits for its payment, when the shop takes cards (issue 61).
    card: (await cardPayable(context, order)) ? cardOffer(context) : null,
    refunds: await customerRefunds(context, order.id),
  };
}

const done: Record<string, string> = {
  cancel: "cancelled",
  return: "return-requested",
  faulty: "fault-reported",
  "take-back": "take-back-requested",
};

/**
 * The customer cancels (intent=cancel), asks to return (intent=return, with a reason), asks for a take-back of old
 * devices (intent=take-back) with their own order, or pays it by card (intent=pay-card: off to the provider's page).
 */
/** The return form's `qty-<position>` and `reason-<position>` fields (at most 200 lines). */
function returnFormValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries())
    if (/^(qty|reason)-\d{1,3}$/.test(key) && typeof value === "string" && Object.keys(values).length < 400)
      values[key] = value.slice(0, 2000);
  return values;
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "pay-card") {
    const started = await payByCard(context, user.id, params.id);
    if (started.ok) return redirect(started.url, 303);
    if (started.code === "not-found") throw data(null, { status: 404 });
    return data(
      { errors: {} as Record<string, string>, message: started.message, about: "pay-card" },
      { status: httpStatus(started.code) },
    );
  }
  const result =
    intent === "cancel"
      ? await cancelOwnOrder(context.db, user, params.id, orderMail(context))
      : intent === "return"
        ? await requestReturn(context.db, user, params.id, returnFormValues(form), orderMail(context))
        : intent === "faulty"
          ? await reportFault(
              context.db,
              user,
              params.id,
              formValues(form, ["position", "quantity", "description", "remedy"]),
              orderMail(context),
            )
          : intent === "take-back"
            ? await requestTakeBack(context.db, user, params.id, formValues(form, ["devices"]), orderMail(context))
            : null;
  if (!result) throw data(null, { status: 400 });
  if (result.ok) return redirect(`/account/orders/${params.id}?done=${done[String(intent)]}`);
  if (result.code === "not-found") throw data(null, { status: 404 });
  const { errors, formError } = formFeedback(result);
  return data({ errors, message: formError, about: String(intent) }, { status: httpStatus(result.code) });
}

export default function AccountOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, history, whatsapp, ageStatus, returnRequest, returnWindow: window, notice, takeBack } = loaderData;
  // A refusal shows on the form it is about; the success notice on the section that was used.
  const takeBackAnswer = actionData?.about === "take-back" ? actionData : null;
  const cardAnswer = actionData?.about === "pay-card" ? actionData : null;
  const faultAnswer = actionData?.about === "faulty" ? actionData : null;
  const orderAnswer = actionData && actionData.about !== "take-back" && !cardAnswer && !faultAnswer ? actionData : null;
  const takeBackNotice = notice === takeBackMessages.requested ? notice : null;
  const faultNotice = notice === returnMessages.faultReported ? notice : null;
  return (
    <div className="container-page max-w-4xl py-10">
      <Link to="/account/orders" className="text-sm text-brand-700 hover:underline">
        All your orders
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold">Order {order.id}</h1>
      {ageCheckNeeded(ageStatus, order.status) && (
        <div className="mt-4">
          <AgeCheckNeeded status={ageStatus} forStaff={false} />
        </div>
      )}
      {cardAnswer?.message && (
        <p role="alert" className="mt-4 rounded-lg bg-rose-50 p-3 text-sm text-rose-800">
          {cardAnswer.message}
        </p>
      )}
      {loaderData.card && (
        <section aria-labelledby="pay-card-title" className="mt-6 rounded-2xl border border-slate-200 p-4">
          <h2 id="pay-card-title" className="text-lg font-bold">
            {cardMessages.payOrderTitle}
          </h2>
          <CardPaymentNotes test={loaderData.card.test} />
          <div className="mt-4">
            <PayByCardForm
              orderId={order.id}
              intent="pay-card"
              label={cardMessages.payButton}
              describedBy="card-age-note"
            />
          </div>
        </section>
      )}
      {order.dispatch && (
        <div className="mt-6">
          <ParcelTracking dispatch={order.dispatch} />
        </div>
      )}
      <div className="mt-6">
        <CustomerOrderActions
          orderId={order.id}
          mayCancel={customerMayCancel(order.status)}
          confirmingCancel={loaderData.confirmingCancel}
          cancelled={order.status === "cancelled"}
          returnRequest={returnRequest}
          returnWindow={window}
          returnable={loaderData.returnable}
          delivered={order.status === "delivered"}
          errors={orderAnswer?.errors ?? {}}
          message={orderAnswer?.message ?? (takeBackNotice || faultNotice ? null : notice)}
          tone={orderAnswer?.message ? "error" : "success"}
        />
      </div>
      <div className="mt-6">
        <FaultReportSection
          window={loaderData.faultWindow}
          lines={loaderData.returnable}
          errors={faultAnswer?.errors ?? {}}
          message={faultAnswer?.message ?? faultNotice}
          tone={faultAnswer?.message ? "error" : "success"}
        />
      </div>
      <div className="mt-6">
        <TakeBackSection
          devices={takeBack.devices}
          request={takeBack.request}
          window={takeBack.window}
          errors={takeBackAnswer?.errors ?? {}}
          message={takeBackAnswer?.message ?? takeBackNotice}
          tone={takeBackAnswer?.message ? "error" : "success"}
        />
      </div>
      <div className="mt-6">
        <OrderView order={order} paidAt={loaderData.paidAt} showDispatch={false} />
      </div>
      {loaderData.refunds.length > 0 && (
        <div className="mt-6">
          <CustomerRefunds refunds={loaderData.refunds} />
        </div>
      )}
      <div className="mt-6">
        <OrderHistory placedAt={order.createdAt} events={history} />
      </div>
      {whatsapp && (
        <a href={whatsapp.url} target="_blank" rel="noopener noreferrer" className="btn-outline mt-8">
          {whatsapp.label}
        </a>
      )}
    </div>
  );
}

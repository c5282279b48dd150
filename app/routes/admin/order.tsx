import { data, redirect } from "react-router";
import { Link } from "~/components/ui/link";
import { FormAlert } from "~/components/ui/form-alert";
import { OrderStepForms } from "~/components/admin/orders/order-step-forms";
import { OrderHistory } from "~/components/orders/order-history";
import { formatDateTime } from "~/lib/shop-time";
import { OrderView } from "~/components/orders/order-view";
import { pageMeta } from "~/lib/meta";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { getAdminOrder, handleOrderStep } from "~/modules/admin/orders/orders-admin.service.server";
import { orderIntentsAllowed, permissionOfIntent } from "~/modules/admin/orders/orders-admin";
import { can } from "~/modules/accounts/permissions";
import { customerChatUrl, orderWhatsappText } from "~/modules/orders/orders.service.server";
import { isOrderStep, orderSteps, statusLabel } from "~/modules/orders/order-status";
import type { Route } from "./+types/order";
import { AgeCheckNeeded, ageCheckNeeded } from "~/components/orders/age-check-needed";
import { ageVerificationOf } from "~/modules/age-checks/age-checks.service.server";
import { ageDocumentWaiting } from "~/modules/age-checks/age-documents.service.server";
import { readForm } from "~/lib/form-data.server";
import { formText } from "~/lib/form-data";
import { ReturnDecision } from "~/components/admin/orders/return-decision";
import { decideReturn } from "~/modules/admin/orders/returns-admin.service.server";
import { returnRequestOf } from "~/modules/orders/customer-orders.service.server";
import { orderMail } from "~/modules/orders/orders.service.server";
import { returnMessages } from "~/modules/orders/returns";
import { formFeedback, type FieldErrors, httpStatus } from "~/lib/result";
import { CancellationNoticeForm } from "~/components/admin/orders/cancellation-notice-form";
import {
  cancellationNoticeOf,
  recordCancellationNotice,
} from "~/modules/admin/orders/cancellation-notice.service.server";
import { formValues } from "~/lib/form-check";
import { shopDate } from "~/lib/shop-time";
import { handleRecordPayment } from "~/modules/admin/orders/payments-admin.service.server";
import { paymentOf } from "~/modules/orders/payments.service.server";
import { paymentMessages, type Payment } from "~/modules/orders/payments";
import { CardPaymentsPanel } from "~/components/admin/orders/card-payments-panel";
import { CardRefundForm } from "~/components/admin/orders/card-refund-form";
import {
  handleCardRefund,
  orderMoneyPanel,
  type OrderMoneyPanel,
} from "~/modules/admin/orders/card-refunds-admin.service.server";
import { newIdempotencyKey } from "~/modules/checkout/place-order.action.server";
import { formatMoney } from "~/lib/money";
import { cardMessages } from "~/modules/payments/card-payments";
import type { PaymentStatus } from "~/modules/orders/orders";

/**
 * What cancelling the order does with its money, said before the button: paid by card, what is left goes back by
 * itself (the shop queues the refund); held on a card, it is released; paid by hand, staff record the refund.
 */
function cancelNoteOf(money: OrderMoneyPanel, paymentStatus: PaymentStatus, payment: Payment | null): string | null {
  if (paymentStatus === "paid" && payment?.method === "card-online")
    return money.card && money.card.leftCents > 0
      ? paymentMessages.cancelCardRefund(formatMoney(money.card.leftCents, money.card.currency))
      : null;
  if (paymentStatus === "paid") return paymentMessages.cancelManualRefund;
  return money.held ? paymentMessages.cancelCardRelease(formatMoney(money.held.cents, money.held.currency)) : null;
}

/** The status message after a card refund was queued: its amount, while that refund is there. */
function cardRefundNotice(url: URL, money: OrderMoneyPanel): string | null {
  if (url.searchParams.get("done") !== "card-refund") return null;
  const refund = money.refunds.find((r) => r.id === url.searchParams.get("refund"));
  return refund ? cardMessages.refundQueued(formatMoney(refund.amountCents, refund.currency)) : null;
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) =>
  data ? pageMeta(matches, `Order ${data.order.id}`, "Back office: one order.") : [{ title: "Page not found" }];

/**
 * One order in full; an unknown or malformed id is a 404. What the page shows follows the staff member's roles
 * (issue 63): the lines, the address and the history to everyone who may read orders; the customer's e-mail and page
 * with customers.read; the money (payment, card payments, refunds) with orders.manage or refunds; each form only to
 * who may use it (`allowed`).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "orders.read");
  const found = await getAdminOrder(context.db, staff, params.id);
  if (!found) throw data(null, { status: 404 });
  const { order } = found;
  const allowed = orderIntentsAllowed(staff);
  const seesCustomer = can(staff, "customers.read");
  const seesMoney = can(staff, "orders.manage") || can(staff, "refunds");
  // After a change the page comes back with ?done=<step>; say so only while the order still is what that step made it.
  const done = new URL(request.url).searchParams.get("done");
  const step = isOrderStep(done) ? orderSteps[done] : null;
  const returnRequest = await returnRequestOf(context.db, order.id);
  const returned = done === "return-decided" ? "decided" : null;
  const notice =
    step && order[step.field] === step.to
      ? `Order ${order.id} is now ${statusLabel(step.field, step.to)}.`
      : done === "payment-recorded" && order.paymentStatus === "paid"
        ? paymentMessages.recorded(order.id)
        : returned && returnRequest && returnRequest.status !== "requested"
          ? returnMessages.decided(order.id, returnRequest.status)
          : null;
  const age = await ageVerificationOf(context.db, found.customer.id);
  const cancellationNotice = await cancellationNoticeOf(context.db, order.id);
  const money: OrderMoneyPanel = seesMoney
    ? await orderMoneyPanel(context.db, order.id)
    : { attempts: [], refunds: [], card: null, held: null };
  const payment = seesMoney ? await paymentOf(context.db, order.id) : null;
  return data({
    ...found,
    // Without customers.read the page names nobody but the order's own recipient: no e-mail, no link, no chat.
    customer: seesCustomer ? found.customer : null,
    allowed,
    seesMoney,
    // The way to the customer's age check, for those whose roles open it.
    checksAges: can(staff, "age-checks"),
    payment,
    money,
    // Drawn per page load: a second click on 'Refund' (or the form sent again) is the same refund.
    refundKey: newIdempotencyKey(),
    cancelNote: cancelNoteOf(money, order.paymentStatus, payment),
    dispatchWaits: age.status === "verified" ? [] : [paymentMessages.dispatchWaitsAge],
    cancellationNotice,
    cancellationOpen:
      allowed["cancellation-notice"] && order.status !== "cancelled" && !returnRequest && !cancellationNotice,
    today: shopDate(),
    notice:
      notice ??
      cardRefundNotice(new URL(request.url), money) ??
      (done === "cancellation-recorded" && cancellationNotice ? "The customer's cancellation is recorded." : null),
    ageStatus: age.status,
    ageDocumentWaiting: age.status === "pending" && (await ageDocumentWaiting(context.db, found.customer.id)),
    returnRequest,
    // A card-paid order's return is refunded through the provider; otherwise staff say how they sent it.
    returnByCard: (await paymentOf(context.db, order.id))?.method === "card-online",
    decidesReturns: can(staff, "returns") && can(staff, "refunds"),
    whatsappText: seesCustomer ? orderWhatsappText(order) : null,
    // A chat with the customer, on the phone number of the order's address (not the shop's own number).
    whatsappUrl: seesCustomer
      ? customerChatUrl(context, order, found.customer.deleted ? "" : found.customer.name)
      : null,
  });
}

const noErrors: FieldErrors = {};
/** What a refused form comes back with: each form's own message and errors. */
type Refused = {
  message: string | null;
  returnErrors: FieldErrors;
  dispatchErrors: FieldErrors;
  paymentErrors?: FieldErrors;
  paymentValues?: Record<string, string>;
  refundErrors?: FieldErrors;
  cardRefundErrors?: FieldErrors;
  cardRefundValues?: Record<string, string>;
  cancellationMessage?: string | null;
  cancellationErrors?: FieldErrors;
};
const refused = (answer: Refused, status: number) => data(answer, { status });

/**
 * A status or payment step (intent) from the value the page showed (from), or a recorded payment
 * (intent=record-payment); refused steps come back as a message, a refused payment with its errors under its fields.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  let staff = await requireStaff(context, request, "orders.read");
  const form = await readForm(request);
  // Each form its own permission (one map, orders-admin.ts): refused, the 403 page and a `permission.refused` entry.
  const permission = permissionOfIntent(form.get("intent"));
  if (!can(staff, permission)) staff = await requireStaff(context, request, permission);
  if (form.get("intent") === "cancellation-notice") {
    const values = formValues(form, ["channel", "receivedOn"]);
    const recorded = await recordCancellationNotice(context.db, staff, params.id, values, orderMail(context));
    if (recorded.ok) return redirect(`/admin/orders/${params.id}?done=cancellation-recorded`);
    if (recorded.code === "not-found") throw data(null, { status: 404 });
    const { errors, formError } = formFeedback(recorded);
    return refused(
      {
        message: null,
        cancellationMessage: formError,
        cancellationErrors: errors,
        returnErrors: noErrors,
        dispatchErrors: noErrors,
      },
      httpStatus(recorded.code),
    );
  }
  if (form.get("intent") === "record-payment") {
    const paid = await handleRecordPayment(context, staff, params.id, form);
    if (paid.ok) return redirect(`/admin/orders/${params.id}?done=payment-recorded`);
    if (paid.code === "not-found") throw data(null, { status: 404 });
    const { errors, formError } = formFeedback(paid);
    // What was typed comes back with the errors (a page without JavaScript shows it again).
    const paymentValues = formValues(form, ["method", "reference", "amount"]);
    return refused(
      { message: formError, paymentErrors: errors, paymentValues, returnErrors: noErrors, dispatchErrors: noErrors },
      httpStatus(paid.code),
    );
  }
  if (form.get("intent") === "card-refund") {
    const sent = await handleCardRefund(context, staff, params.id, form);
    if (sent.ok) return redirect(`/admin/orders/${params.id}?done=card-refund&refund=${sent.refundId}`);
    if (sent.code === "not-found") throw data(null, { status: 404 });
    const { errors, formError } = formFeedback(sent);
    const cardRefundValues = formValues(form, ["amount", "reason"]);
    return refused(
      {
        message: formError,
        cardRefundErrors: errors,
        cardRefundValues,
        returnErrors: noErrors,
        dispatchErrors: noErrors,
      },
      httpStatus(sent.code),
    );
  }
  if (form.get("intent") === "return-decision") {
    const values: Record<string, string> = {
      note: formText(form, "note", 2000),
      method: formText(form, "method", 40),
      reference: formText(form, "reference", 200),
      idempotencyKey: formText(form, "idempotencyKey", 100),
    };
    for (const key of form.keys()) if (/^line-[\w-]{1,40}$/.test(key)) values[key] = formText(form, key, 20);
    const decided = await decideReturn(context.db, staff, params.id, values, orderMail(context));
    if (decided.ok) return redirect(`/admin/orders/${params.id}?done=return-decided`);
    if (decided.code === "not-found") throw data(null, { status: 404 });
    const { errors, formError } = formFeedback(decided);
    return refused({ message: formError, returnErrors: errors, dispatchErrors: noErrors }, httpStatus(decided.code));
  }
  const result = await handleOrderStep(context, staff, params.id, form);
  if (result.ok) return redirect(`/admin/orders/${result.orderId}?done=${String(form.get("intent"))}`);
  if (result.code === "not-found") throw data(null, { status: 404 });
  // A refused refund's amount shows under its field; a refused dispatch's fields under theirs.
  const refunding = form.get("intent") === "refund";
  const fieldErrors = result.fieldErrors ?? noErrors;
  return refused(
    {
      message: refunding ? formFeedback(result).formError : result.message,
      returnErrors: noErrors,
      dispatchErrors: refunding ? noErrors : fieldErrors,
      refundErrors: refunding ? fieldErrors : noErrors,
    },
    httpStatus(result.code),
  );
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, customer, events, notice, whatsappText, whatsappUrl, ageStatus, returnRequest, allowed } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/orders" className="text-sm text-brand-700 hover:underline">
          All orders
        </Link>
        <h1 className="mt-2 text-3xl font-extrabold">
          Order <span className="font-mono">{order.id}</span>
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          Placed <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
          {customer && (
            <>
              {" "}
              by{" "}
              <Link to={`/admin/customers/${customer.id}`} className="font-medium text-brand-700 hover:underline">
                {customer.name || customer.email}
              </Link>
            </>
          )}
          {customer && !customer.deleted && (
            <>
              {" "}
              (
              <a href={`mailto:${customer.email}`} className="break-all hover:underline">
                {customer.email}
              </a>
              )
            </>
          )}
        </p>
      </div>
      {actionData?.message ? <FormAlert message={actionData.message} /> : <FormAlert message={notice} tone="success" />}
      {ageCheckNeeded(ageStatus, order.status) && (
        <AgeCheckNeeded
          status={ageStatus}
          forStaff
          customerId={customer?.id}
          documentWaiting={loaderData.ageDocumentWaiting}
          linked={loaderData.checksAges}
        />
      )}
      {returnRequest && allowed["return-decision"] && (
        <ReturnDecision
          request={returnRequest}
          errors={actionData?.returnErrors ?? {}}
          message={null}
          byCard={loaderData.returnByCard}
          refundKey={loaderData.refundKey}
          mayDecide={loaderData.decidesReturns}
        />
      )}
      <CancellationNoticeForm
        notice={loaderData.cancellationNotice}
        open={loaderData.cancellationOpen}
        errors={actionData?.cancellationErrors ?? noErrors}
        message={actionData?.cancellationMessage ?? null}
        today={loaderData.today}
      />
      <OrderStepForms
        order={order}
        errors={actionData?.dispatchErrors}
        payment={loaderData.payment}
        paymentErrors={actionData?.paymentErrors ?? noErrors}
        paymentValues={actionData?.paymentValues}
        refundErrors={actionData?.refundErrors ?? noErrors}
        dispatchWaits={loaderData.dispatchWaits}
        cancelNote={loaderData.cancelNote}
        cardPaid={loaderData.payment?.method === "card-online"}
        allowed={allowed}
      >
        {loaderData.money.card && allowed["card-refund"] && (
          <CardRefundForm
            card={loaderData.money.card}
            idempotencyKey={loaderData.refundKey}
            errors={actionData?.cardRefundErrors ?? noErrors}
            values={actionData?.cardRefundValues}
          />
        )}
      </OrderStepForms>
      {loaderData.seesMoney && (
        <CardPaymentsPanel attempts={loaderData.money.attempts} refunds={loaderData.money.refunds} />
      )}
      <OrderView order={order} showStatus={false} showSku />
      {whatsappText !== null && (
        <section aria-labelledby="whatsapp-title" className="rounded-2xl border border-slate-200 p-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="whatsapp-title" className="text-lg font-bold">
              WhatsApp message
            </h2>
            {whatsappUrl ? (
              <a
                href={whatsappUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="btn-outline"
                aria-describedby="whatsapp-chat-note"
              >
                Open in WhatsApp
              </a>
            ) : null}
          </div>
          <p id="whatsapp-chat-note" className="mt-2 text-sm text-slate-600">
            {whatsappUrl
              ? `Opens a chat with the customer on ${order.address.phone}, the phone number of the order's address. The order as they sent it:`
              : `The order's phone number (${order.address.phone}) cannot be used on WhatsApp: contact the customer by e-mail. The order as they sent it:`}
          </p>
          <pre className="mt-3 overflow-x-auto whitespace-pre-wrap rounded-lg bg-slate-50 p-3 text-sm">
            {whatsappText}
          </pre>
        </section>
      )}
      <OrderHistory placedAt={order.createdAt} events={events} showWho />
    </div>
  );
}

import { Form } from "react-router";
import { Link } from "~/components/ui/link";
import { FormAlert } from "~/components/ui/form-alert";
import { SubmitButton } from "~/components/account/auth-card";
import { SelectField, TextField } from "~/components/ui/field";
import { formatMoney } from "~/lib/money";
import { formatDay, formatLongDate } from "~/lib/shop-time";
import {
  REASON_MAX,
  remediesIn,
  returnableUnits,
  returnOutcomeLabels,
  returnRemedyLabels,
  returnStatusLabels,
  statutoryRights,
  type FaultWindow,
  type ReturnableLine,
  type ReturnLine,
  type ReturnRequest,
} from "~/modules/orders/returns";

const lineState = (line: ReturnLine) =>
  line.status === "accepted"
    ? `Accepted${line.outcome ? ` (${returnOutcomeLabels[line.outcome].toLowerCase()})` : ""}`
    : line.status === "refused"
      ? "Refused"
      : "Waiting for the shop";

/** A return's lines: the item, how many, why (a fault with the remedy asked for), and the shop's decision. */
export function ReturnLinesTable({ lines, caption }: { lines: ReturnLine[]; caption: string }) {
  return (
    <div className="mt-2 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-slate-600">
            <th scope="col" className="py-1 pr-2">
              Item
            </th>
            <th scope="col" className="py-1 pr-2">
              Units
            </th>
            <th scope="col" className="py-1 pr-2">
              Reason
            </th>
            <th scope="col" className="py-1">
              Decision
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} className="border-t border-slate-200 align-top">
              <td className="py-1 pr-2">{line.name}</td>
              <td className="py-1 pr-2">
                {line.quantity} × {formatMoney(line.unitPriceCents)}
              </td>
              <td className="py-1 pr-2 whitespace-pre-wrap">
                {line.kind === "faulty" ? `Faulty (${returnRemedyLabels[line.remedy].toLowerCase()} asked): ` : ""}
                {line.reason}
              </td>
              <td className="py-1">{lineState(line)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A return request as the customer or staff see it: asked when, which lines and why, and the shop's answer. */
export function ReturnRequestView({ request, forStaff = false }: { request: ReturnRequest; forStaff?: boolean }) {
  return (
    <div className="rounded-xl bg-slate-50 p-4 text-sm">
      <p className="font-semibold">{returnStatusLabels[request.status]}</p>
      <p className="mt-1">
        Asked on {formatLongDate(request.requestedAt)}
        {forStaff ? "" : " by you"}.
      </p>
      {request.lines.length > 0 ? (
        <ReturnLinesTable lines={request.lines} caption="Items in the return" />
      ) : (
        <p className="mt-1">
          Reason: <span className="whitespace-pre-wrap">{request.reason}</span>
        </p>
      )}
      {request.status === "requested" && !forStaff && (
        <p className="mt-1 text-slate-600">We will e-mail you when we have looked at it.</p>
      )}
      {request.staffNote && request.decidedAt && (
        <p className="mt-1">
          Note from the shop ({formatLongDate(request.decidedAt)}):{" "}
          <span className="whitespace-pre-wrap">{request.staffNote}</span>
        </p>
      )}
    </div>
  );
}

type Props = {
  orderId: string;
  mayCancel: boolean;
  /** The customer pressed 'Cancel this order' and is asked to confirm (?cancel=confirm; works without JavaScript). */
  confirmingCancel: boolean;
  cancelled: boolean;
  returnRequest: ReturnRequest | null;
  returnWindow: { open: boolean; lastDay: string | null };
  /** The order's lines with the units already in a return. */
  returnable: ReturnableLine[];
  delivered: boolean;
  errors: Record<string, string>;
  message: string | null;
  tone: "error" | "success";
};

/**
 * On the customer's order page: cancel it before dispatch (asked to confirm first), or ask to return it within 14
 * days of delivery; once cancelled, the section says so under its own heading.
 */
export function CustomerOrderActions({
  orderId,
  mayCancel,
  confirmingCancel,
  cancelled,
  returnRequest,
  returnWindow,
  returnable,
  delivered,
  errors,
  message,
  tone,
}: Props) {
  const canReturn = returnWindow.open && returnable.some((l) => returnableUnits(l) > 0);
  const ended = !returnRequest && !returnWindow.open && delivered && returnWindow.lastDay;
  const showSection = mayCancel || returnRequest || returnWindow.open || ended || message;
  if (!showSection) return null;
  return (
    <section aria-labelledby="order-actions-title" className="rounded-2xl border border-slate-200 p-4">
      <h2 id="order-actions-title" className="text-lg font-bold">
        {mayCancel ? "Cancel this order" : cancelled ? "Order cancelled" : "Return this order"}
      </h2>
      <div className="mt-3">
        <FormAlert message={message} tone={tone} />
      </div>
      {mayCancel && !confirmingCancel && (
        <>
          <p className="mt-2 text-sm text-slate-600">
            You can cancel until we dispatch it. Its items go back on sale and, if you have paid, we refund you in full.
          </p>
          <Link to="?cancel=confirm" preventScrollReset className="btn-outline mt-3 inline-flex">
            Cancel this order
          </Link>
        </>
      )}
      {mayCancel && confirmingCancel && (
        <>
          <p className="mt-2 text-sm font-semibold" id="cancel-question">
            Cancel order {orderId}? Its items go back on sale and, if you have paid, we refund you in full. This cannot
            be undone.
          </p>
          <Form method="post" className="mt-3 flex flex-wrap gap-3" aria-describedby="cancel-question">
            <div className="sm:w-64">
              <SubmitButton label="Yes, cancel the order" intent="cancel" />
            </div>
            <Link to="." preventScrollReset className="btn-outline inline-flex">
              Keep the order
            </Link>
          </Form>
        </>
      )}
      {returnRequest && (
        <div className="mt-2">
          <ReturnRequestView request={returnRequest} />
        </div>
      )}
      {canReturn && (
        <>
          <p className="mt-2 text-sm text-slate-600">
            You have 14 days from delivery to change your mind
            {returnWindow.lastDay ? `: until ${formatDay(returnWindow.lastDay)}` : ""}. Choose how many of each item to
            send back, and why.{" "}
            <Link to="/info/exchange-and-returns" className="text-brand-700 underline">
              How returns work
            </Link>
          </p>
          <Form method="post" className="mt-3 grid gap-4 sm:max-w-lg" noValidate>
            {returnable.map((line) => {
              const left = returnableUnits(line);
              return (
                <fieldset key={line.position} className="rounded-xl border border-slate-200 p-3">
                  <legend className="px-1 text-sm font-semibold">
                    {line.name} ({line.quantity} ordered
                    {line.inReturns > 0 ? `, ${line.inReturns} already in a return` : ""})
                  </legend>
                  {left === 0 ? (
                    <p className="text-sm text-slate-600">Already in a return.</p>
                  ) : (
                    <div className="grid gap-2">
                      <TextField
                        label={`How many of ${line.name} to return (0 to ${left})`}
                        name={`qty-${line.position}`}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={left}
                        defaultValue="0"
                        error={errors[`qty-${line.position}`]}
                      />
                      <TextField
                        label={`Why are you returning ${line.name}?`}
                        name={`reason-${line.position}`}
                        maxLength={REASON_MAX}
                        error={errors[`reason-${line.position}`]}
                      />
                    </div>
                  )}
                </fieldset>
              );
            })}
            <div className="sm:max-w-xs">
              <SubmitButton label="Ask to return these items" intent="return" />
            </div>
          </Form>
        </>
      )}
      {ended && returnWindow.lastDay && (
        <p className="mt-2 text-sm text-slate-600">
          The 14 days to return this order ended on {formatDay(returnWindow.lastDay)}. If something is faulty, please{" "}
          <Link to="/contactus" className="text-brand-700 underline">
            contact us
          </Link>
          .
        </p>
      )}
    </section>
  );
}

/**
 * On a delivered order's page: report a faulty item (Consumer Rights Act 2015) with the statutory wording; up to 30
 * days a refund, a repair or a replacement may be asked for, up to 6 months a repair or replacement, then the page
 * says what applies instead.
 */
export function FaultReportSection({
  window,
  lines,
  errors,
  message,
  tone,
}: {
  window: FaultWindow;
  lines: ReturnableLine[];
  errors: Record<string, string>;
  message: string | null;
  tone: "error" | "success";
}) {
  if (window.state === "not-delivered") return null;
  const remedies = remediesIn(window);
  const open = lines.filter((l) => returnableUnits(l) > 0);
  return (
    <section aria-labelledby="fault-title" className="rounded-2xl border border-slate-200 p-4">
      <h2 id="fault-title" className="text-lg font-bold">
        Report a faulty item
      </h2>
      <div className="mt-3">
        <FormAlert message={message} tone={tone} />
      </div>
      <div className="mt-2 space-y-1 text-sm text-slate-700">
        <p>{statutoryRights.intro}</p>
        <ul className="list-disc pl-5">
          <li>{statutoryRights.thirtyDays}</li>
          <li>{statutoryRights.sixMonths}</li>
          <li>{statutoryRights.sixYears}</li>
        </ul>
        <p>{statutoryRights.summary}</p>
      </div>
      {window.state === "ended" ? (
        <p className="mt-3 text-sm font-medium">
          {statutoryRights.afterSixMonths}{" "}
          <Link to="/contactus" className="text-brand-700 underline">
            Contact us
          </Link>
        </p>
      ) : open.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">Every item of this order is already in a return.</p>
      ) : (
        <>
          <p className="mt-3 text-sm text-slate-600">
            {window.state === "reject"
              ? `Until ${formatDay(window.rejectUntil)} you may ask for a refund of a faulty item, or a repair or a replacement; until ${formatDay(window.repairUntil)}, a repair or a replacement.`
              : `Until ${formatDay(window.repairUntil)} you may ask for a repair or a replacement of a faulty item.`}
          </p>
          <Form method="post" className="mt-3 grid gap-3 sm:max-w-lg" noValidate>
            <SelectField
              label="Which item is faulty?"
              name="position"
              options={open.map((l) => ({ value: String(l.position), label: l.name }))}
              error={errors.position}
            />
            <TextField
              label="How many are faulty?"
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              defaultValue="1"
              error={errors.quantity}
            />
            <TextField
              label="What is wrong with it?"
              name="description"
              maxLength={REASON_MAX}
              error={errors.description}
            />
            <SelectField
              label="What would you like?"
              name="remedy"
              options={remedies.map((r) => ({ value: r, label: returnRemedyLabels[r] }))}
              error={errors.remedy}
            />
            <div className="sm:max-w-xs">
              <SubmitButton label="Report the fault" intent="faulty" />
            </div>
          </Form>
        </>
      )}
    </section>
  );
}

import { Form } from "react-router";
import { Link } from "~/components/ui/link";
import { SubmitButton } from "~/components/account/auth-card";
import { TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { formatDay, formatLongDate } from "~/lib/shop-time";
import {
  RECYCLING_PAGE_PATH,
  takeBackStatusLabels,
  TAKE_BACK_DAYS,
  type TakeBackRequest,
} from "~/modules/orders/take-back";

/**
 * On the customer's order page, when the order bought a device: ask for a free take-back of old devices
 * (WEEE, docs/decisions/041), or see the request and whether the shop has received them.
 */
export function TakeBackSection({
  devices,
  request,
  window,
  errors,
  message,
  tone,
}: {
  devices: number;
  request: TakeBackRequest | null;
  window: { open: boolean; lastDay: string | null };
  errors: Record<string, string>;
  message: string | null;
  tone: "error" | "success";
}) {
  if (devices === 0) return null;
  return (
    <section aria-labelledby="take-back-title" className="rounded-2xl border border-slate-200 p-4">
      <h2 id="take-back-title" className="text-lg font-bold">
        Recycling your old vape
      </h2>
      <div className="mt-3">
        <FormAlert message={message} tone={tone} />
      </div>
      {request ? (
        <div className="mt-2 rounded-xl bg-slate-50 p-4 text-sm">
          <p className="font-semibold">{takeBackStatusLabels[request.status]}</p>
          <p className="mt-1">
            Asked on {formatLongDate(request.requestedAt)} for {request.devices} old{" "}
            {request.devices === 1 ? "device" : "devices"}.{" "}
            {request.receivedAt
              ? `We received it on ${formatLongDate(request.receivedAt)}: thank you for recycling.`
              : "We send you a prepaid envelope: post your old device back in it."}
          </p>
        </div>
      ) : window.open ? (
        <>
          <p className="mt-2 text-sm text-slate-600">
            With each device you bought, we take back an old vape free of charge by post
            {window.lastDay ? `, until ${formatDay(window.lastDay)}` : ""}.{" "}
            <Link to={RECYCLING_PAGE_PATH} className="text-brand-700 underline">
              How take-back works
            </Link>
          </p>
          <Form method="post" className="mt-3 grid gap-3 sm:max-w-xs" noValidate>
            <TextField
              label="Old devices you are sending back"
              name="devices"
              type="number"
              inputMode="numeric"
              min={1}
              max={devices}
              defaultValue="1"
              required
              error={errors.devices}
            />
            <SubmitButton label="Ask for a take-back" intent="take-back" />
          </Form>
        </>
      ) : (
        <p className="mt-2 text-sm text-slate-600">
          {window.lastDay
            ? `The ${TAKE_BACK_DAYS} days to ask for a take-back with this order ended on ${formatDay(window.lastDay)}.`
            : "This order comes with no take-back."}{" "}
          <Link to={RECYCLING_PAGE_PATH} className="text-brand-700 underline">
            Where else to recycle your old vape
          </Link>
        </p>
      )}
    </section>
  );
}

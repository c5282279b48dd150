import { Form } from "react-router";
import { SelectField, TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { formatDay, formatDateTime } from "~/lib/shop-time";
import {
  cancellationChannelLabels,
  cancellationChannels,
  type CancellationNotice,
} from "~/modules/admin/orders/cancellation-notice";

/**
 * On the back office's order page: a cancellation the customer sent by e-mail (the model form or any clear
 * statement), recorded with how and when it arrived; once recorded, what it was (docs/decisions/040).
 */
export function CancellationNoticeForm({
  notice,
  open,
  errors,
  message,
  today,
}: {
  notice: CancellationNotice | null;
  /** Whether the order can still be cancelled or returned this way (not cancelled, no return yet). */
  open: boolean;
  errors: Record<string, string>;
  message: string | null;
  today: string;
}) {
  if (!notice && !open) return null;
  return (
    <section aria-labelledby="cancellation-title" className="rounded-2xl border border-slate-200 p-4">
      <h2 id="cancellation-title" className="text-lg font-bold">
        Cancellation received by e-mail
      </h2>
      {notice ? (
        <p className="mt-2 text-sm">
          {cancellationChannelLabels[notice.channel]}, received {formatDay(notice.receivedOn)}; recorded by{" "}
          {notice.recordedBy} on {formatDateTime(notice.recordedAt)}.{" "}
          {notice.outcome === "cancelled" ? "The order was cancelled." : "The order is being returned."}
        </p>
      ) : (
        <Form method="post" className="mt-3 grid gap-3 sm:max-w-lg" noValidate aria-labelledby="cancellation-title">
          <p className="text-sm text-slate-600">
            A customer may cancel within 14 days of delivery by sending the model cancellation form or any clear
            statement. Before dispatch this cancels the order (its stock goes back); after, it opens a return. The
            customer is e-mailed.
          </p>
          <FormAlert message={message} />
          <input type="hidden" name="intent" value="cancellation-notice" />
          <SelectField
            label="How it arrived"
            name="channel"
            required
            defaultValue=""
            error={errors.channel}
            options={[
              { value: "", label: "Choose…" },
              ...cancellationChannels.map((c) => ({ value: c, label: cancellationChannelLabels[c] })),
            ]}
          />
          <TextField
            label="Day it arrived"
            name="receivedOn"
            type="date"
            required
            max={today}
            defaultValue={today}
            error={errors.receivedOn}
          />
          <div>
            <button type="submit" className="btn-primary">
              Record the cancellation
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}

import { data, Form, useNavigation } from "react-router";
import { formFeedback, httpStatus } from "~/lib/result";
import { FormAlert } from "~/components/ui/form-alert";
import { TextAreaField } from "~/components/ui/field";
import { Link } from "~/components/ui/link";
import { formatDateTime } from "~/lib/shop-time";
import { formText } from "~/lib/form-data";
import { pageMeta } from "~/lib/meta";
import { readForm } from "~/lib/form-data.server";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { getMessage, sendReply } from "~/modules/admin/messages/messages-admin.service.server";
import { messageNotices, REPLY_MAX } from "~/modules/admin/messages/messages-admin";
import type { Route } from "./+types/message";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta(matches, `Message: ${loaderData.message.subject}`, "A contact message and the shop's replies.")
    : [{ title: "Page not found" }];

/** One contact message with its replies and the form to answer it (docs/decisions/085). Unknown id: 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "messages");
  const found = await getMessage(context.db, staff, params.id);
  if (!found) throw data(null, { status: 404 });
  return data(found);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(context, request, "messages");
  const form = await readForm(request);
  const body = formText(form, "body");
  const sent = await sendReply({ db: context.db, shopName: context.settings.name }, staff, params.id, { body });
  if (sent.ok) return data({ ok: true as const, notice: messageNotices.replied });
  if (sent.code === "not-found") throw data(null, { status: 404 });
  return data({ ok: false as const, code: sent.code, body, ...formFeedback(sent) }, { status: httpStatus(sent.code) });
}

export default function AdminMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { message: m, replies } = loaderData;
  const sending = useNavigation().state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : null;
  return (
    <section aria-labelledby="message-title" className="max-w-3xl space-y-6">
      <p>
        <Link to="/admin/messages" className="text-brand-700 hover:underline">
          ← All messages
        </Link>
      </p>
      <h1 id="message-title" className="text-2xl font-extrabold break-words">
        {m.subject} from {m.name}
      </h1>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Received</dt>
        <dd>
          <time dateTime={m.receivedAt}>{formatDateTime(m.receivedAt)}</time>
        </dd>
        <dt className="font-semibold">Email</dt>
        <dd className="break-all">{m.email}</dd>
        <dt className="font-semibold">Phone</dt>
        <dd>{m.phone || "Not given"}</dd>
        <dt className="font-semibold">Status</dt>
        <dd>
          {m.handled
            ? `Handled${m.handledBy ? ` by ${m.handledBy}` : ""}${m.handledAt ? `, ${formatDateTime(m.handledAt)}` : ""}`
            : "Unhandled"}
        </dd>
      </dl>
      <blockquote className="whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-4" aria-label="Message">
        {m.message}
      </blockquote>

      <section aria-labelledby="replies-title" className="space-y-3">
        <h2 id="replies-title" className="text-lg font-bold">
          Replies
        </h2>
        {replies.length === 0 ? (
          <p className="text-sm text-slate-600">No reply sent from the shop yet.</p>
        ) : (
          <ol className="space-y-3">
            {replies.map((r) => (
              <li key={r.id} className="rounded-lg border border-slate-200 p-4">
                <p className="text-sm text-slate-600">
                  <span className="font-semibold text-slate-900">{r.staffName}</span>
                  {" replied "}
                  <time dateTime={r.sentAt}>{formatDateTime(r.sentAt)}</time>
                </p>
                <p className="mt-2 whitespace-pre-wrap break-words">{r.body}</p>
              </li>
            ))}
          </ol>
        )}
      </section>

      <Form method="post" key={replies.length} className="space-y-3" aria-labelledby="reply-title">
        <h2 id="reply-title" className="text-lg font-bold">
          Reply to {m.name}
        </h2>
        <FormAlert message={actionData?.ok ? actionData.notice : null} tone="success" />
        <FormAlert message={failed?.formError} />
        <p className="text-sm text-slate-600">
          Sent by e-mail to {m.email} from the shop, with the start of their message quoted; their answer comes to the
          shop&apos;s e-mail address.
        </p>
        <TextAreaField
          label="Your reply"
          name="body"
          required
          rows={8}
          maxLength={REPLY_MAX}
          defaultValue={failed?.body ?? ""}
          error={failed?.errors.body}
        />
        <button type="submit" className="btn-primary" disabled={sending} aria-busy={sending}>
          Send reply
        </button>
      </Form>
    </section>
  );
}

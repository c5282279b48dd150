import { data, Form } from "react-router";
import { fail, httpStatus } from "~/lib/result";
import { FormAlert } from "~/components/ui/form-alert";
import { formatDateTime } from "~/lib/shop-time";
import { AdminTable, FilterLinks, ListCount, SortHeader } from "~/components/admin/list-controls";
import { Pagination } from "~/components/ui/pagination";
import { pageMeta } from "~/lib/meta";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { listParams } from "~/lib/listing";
import {
  MAIL_FILTERS,
  MAIL_SORTS,
  mailFilter,
  mailFilterLabels,
  mailNotices,
  retryMailInput,
  type AdminMail,
} from "~/modules/admin/mail/mail-admin";
import { listMail, retryMail } from "~/modules/admin/mail/mail-admin.service.server";
import { jobStatusLabels } from "~/modules/jobs/jobs";
import type { Route } from "./+types/mail";
import { readForm } from "~/lib/form-data.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Mail", "E-mails the shop has queued, sent and given up.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "messages");
  const url = new URL(request.url);
  const params = listParams(url, MAIL_SORTS, "created", "desc");
  const filter = mailFilter(url);
  const list = await listMail(context.db, staff, { ...params, filter });
  return data(
    { ...list, filter, sort: params.sort, dir: params.dir },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request, "messages");
  const form = await readForm(request);
  const input = retryMailInput.safeParse({ intent: form.get("intent"), id: form.get("id") });
  if (!input.success) throw data(fail("invalid", "Unknown action."), { status: httpStatus("invalid") });
  const retried = await retryMail(context.db, staff, input.data.id);
  return retried.ok
    ? { notice: mailNotices.retried, tone: "success" as const }
    : data({ notice: retried.message, tone: "error" as const }, { status: httpStatus(retried.code) });
}

const statusTone: Record<AdminMail["status"], string> = {
  queued: "text-amber-700",
  running: "text-amber-700",
  done: "text-emerald-700",
  failed: "text-red-700",
};

export default function AdminMailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { mails, filter, sort, dir, total, page, totalPages, offset } = loaderData;
  return (
    <section aria-labelledby="mail-title" className="space-y-4">
      <h1 id="mail-title" className="text-2xl font-extrabold">
        Mail
      </h1>
      <p className="text-sm text-slate-600">
        Every e-mail is queued with what caused it and sent in the background; one that fails is tried again, less and
        less often, for a day.
      </p>
      <FormAlert message={actionData?.notice} tone={actionData?.tone ?? "success"} />
      <FilterLinks label="Show e-mails" param="status" values={MAIL_FILTERS} labels={mailFilterLabels} value={filter} />
      <ListCount offset={offset} shown={mails.length} total={total} noun="e-mails" />
      {mails.length > 0 && (
        <AdminTable caption={<>E-mails ({mailFilterLabels[filter]})</>} minWidth="min-w-[60rem]">
          <thead className="bg-slate-50">
            <tr>
              <SortHeader column="created" label="Queued" sort={sort} dir={dir} />
              <SortHeader column="recipient" label="Recipient" sort={sort} dir={dir} />
              <th scope="col" className="px-3 py-2 text-left text-sm font-semibold">
                Subject
              </th>
              <th scope="col" className="px-3 py-2 text-left text-sm font-semibold">
                Status
              </th>
              <SortHeader column="attempts" label="Attempts" sort={sort} dir={dir} />
              <th scope="col" className="px-3 py-2 text-left text-sm font-semibold">
                Last error
              </th>
              <th scope="col" className="px-3 py-2 text-left text-sm font-semibold">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {mails.map((m) => (
              <MailRow key={m.id} mail={m} />
            ))}
          </tbody>
        </AdminTable>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </section>
  );
}

function MailRow({ mail: m }: { mail: AdminMail }) {
  return (
    <tr className="align-top">
      <td data-label="Queued" className="whitespace-nowrap px-3 py-2">
        <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
      </td>
      <td data-label="Recipient" className="px-3 py-2 break-all">
        {m.recipient ?? "—"}
      </td>
      <th scope="row" className="px-3 py-2 text-left font-normal">
        {m.subject ?? m.kind}
      </th>
      <td data-label="Status" className="px-3 py-2">
        <span className={`font-semibold ${statusTone[m.status]}`}>{jobStatusLabels[m.status]}</span>
        {m.nextAttemptAt && m.attempts > 0 && (
          <span className="block text-xs text-slate-600">
            next try <time dateTime={m.nextAttemptAt}>{formatDateTime(m.nextAttemptAt)}</time>
          </span>
        )}
        {m.finishedAt && (
          <span className="block text-xs text-slate-600">
            <time dateTime={m.finishedAt}>{formatDateTime(m.finishedAt)}</time>
          </span>
        )}
      </td>
      <td data-label="Attempts" className="px-3 py-2 text-right tabular-nums">
        {m.attempts}
      </td>
      <td data-label="Last error" className="max-w-xs px-3 py-2 break-words text-xs text-slate-700">
        {m.lastError ?? ""}
      </td>
      <td className="px-3 py-2">
        {m.status === "failed" && (
          <Form method="post">
            <input type="hidden" name="id" value={m.id} />
            <button
              type="submit"
              name="intent"
              value="retry"
              className="btn-outline whitespace-nowrap"
              aria-label={`Retry now: ${m.subject ?? m.kind} to ${m.recipient ?? ""}`}
            >
              Retry now
            </button>
          </Form>
        )}
      </td>
    </tr>
  );
}

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
  MESSAGE_FILTERS,
  MESSAGE_SORTS,
  messageFilter,
  messageFilterLabels,
  messageNotices,
  type AdminMessageRow,
} from "~/modules/admin/messages/messages-admin";
import { Link } from "~/components/ui/link";
import { listMessages, setMessageHandled } from "~/modules/admin/messages/messages-admin.service.server";
import type { Route } from "./+types/messages";
import { readForm } from "~/lib/form-data.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Messages", "Contact messages sent to the shop.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "messages");
  const url = new URL(request.url);
  const params = listParams(url, MESSAGE_SORTS, "received", "desc");
  const filter = messageFilter(url);
  const list = await listMessages(context.db, staff, { ...params, filter });
  return data({ ...list, filter, sort: params.sort, dir: params.dir });
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request, "messages");
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = form.get("id");
  if (typeof id !== "string" || (intent !== "handle" && intent !== "unhandle"))
    throw data(fail("invalid", "Unknown action."), { status: httpStatus("invalid") });
  const done = await setMessageHandled(context.db, staff, id, intent === "handle");
  if (!done.ok) throw data(null, { status: httpStatus(done.code) });
  return { notice: intent === "handle" ? messageNotices.handled : messageNotices.unhandled };
}

const SHORT = 80;

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, filter, sort, dir, total, page, totalPages, offset } = loaderData;
  return (
    <section aria-labelledby="messages-title" className="space-y-4">
      <h1 id="messages-title" className="text-2xl font-extrabold">
        Messages
      </h1>
      <FormAlert message={actionData?.notice} tone="success" />
      <FilterLinks
        label="Show messages"
        param="status"
        values={MESSAGE_FILTERS}
        labels={messageFilterLabels}
        value={filter}
      />
      <ListCount offset={offset} shown={messages.length} total={total} noun="messages" />
      {messages.length > 0 && (
        <AdminTable caption={<>Contact messages ({messageFilterLabels[filter]})</>} minWidth="min-w-[56rem]">
          <thead className="bg-slate-50">
            <tr>
              <SortHeader column="received" label="Received" sort={sort} dir={dir} />
              <SortHeader column="name" label="Name" sort={sort} dir={dir} />
              <SortHeader column="email" label="Email" sort={sort} dir={dir} />
              <SortHeader column="subject" label="Subject" sort={sort} dir={dir} />
              <th scope="col" className="px-3 py-2 text-left text-sm font-semibold">
                Message
              </th>
              <th scope="col" className="px-3 py-2 text-left text-sm font-semibold">
                Status
              </th>
              <th scope="col" className="px-3 py-2 text-left text-sm font-semibold">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {messages.map((m) => (
              <MessageRow key={m.id} message={m} />
            ))}
          </tbody>
        </AdminTable>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </section>
  );
}

function MessageRow({ message: m }: { message: AdminMessageRow }) {
  return (
    <tr className="align-top">
      <td data-label="Received" className="whitespace-nowrap px-3 py-2">
        <time dateTime={m.receivedAt}>{formatDateTime(m.receivedAt)}</time>
      </td>
      <th scope="row" className="px-3 py-2 text-left font-semibold">
        {m.name}
      </th>
      <td data-label="Email" className="px-3 py-2 break-all">
        {m.email}
        {m.phone && <span className="block text-xs text-slate-600">{m.phone}</span>}
      </td>
      <td data-label="Subject" className="px-3 py-2">
        {m.subject}
      </td>
      <td data-label="Message" className="max-w-xs px-3 py-2">
        {m.message.length <= SHORT ? (
          <p className="whitespace-pre-wrap break-words">{m.message}</p>
        ) : (
          <details>
            <summary className="cursor-pointer break-words">{m.message.slice(0, SHORT).trimEnd()}…</summary>
            <p className="mt-2 whitespace-pre-wrap break-words">{m.message}</p>
          </details>
        )}
      </td>
      <td data-label="Status" className="px-3 py-2">
        {m.handled ? (
          <>
            <span className="font-semibold text-emerald-700">Handled</span>
            {m.handledAt && (
              <span className="block text-xs text-slate-600">
                {m.handledBy ? `by ${m.handledBy}, ` : ""}
                <time dateTime={m.handledAt}>{formatDateTime(m.handledAt)}</time>
              </span>
            )}
          </>
        ) : (
          <span className="font-semibold text-amber-700">Unhandled</span>
        )}
        {m.replies > 0 && (
          <span className="block text-xs text-slate-600">
            {m.replies === 1 ? "1 reply sent" : `${m.replies} replies sent`}
          </span>
        )}
      </td>
      <td className="px-3 py-2">
        <div className="flex flex-col items-start gap-2">
          <Link
            to={`/admin/messages/${m.id}`}
            aria-label={`Open and reply to ${m.name}`}
            className="whitespace-nowrap text-brand-700 underline hover:no-underline"
          >
            Open and reply
          </Link>
          <Form method="post">
            <input type="hidden" name="id" value={m.id} />
            <button
              type="submit"
              name="intent"
              value={m.handled ? "unhandle" : "handle"}
              className="btn-outline whitespace-nowrap"
            >
              {m.handled ? "Mark unhandled" : "Mark handled"}
            </button>
          </Form>
        </div>
      </td>
    </tr>
  );
}

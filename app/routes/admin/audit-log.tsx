import { data, Form } from "react-router";
import { AdminTable, ListCount } from "~/components/admin/list-controls";
import { SelectField, TextField } from "~/components/ui/field";
import { Link } from "~/components/ui/link";
import { Pagination } from "~/components/ui/pagination";
import { pageMeta } from "~/lib/meta";
import { formatDateTime } from "~/lib/shop-time";
import { requireStaff } from "~/modules/accounts/session.service.server";
import {
  auditActionChoices,
  auditDetailLines,
  auditEntityHref,
  auditOutcomeLabels,
} from "~/modules/admin/audit/audit-admin";
import { listAuditLog, readAuditFilters } from "~/modules/admin/audit/audit-admin.service.server";
import type { Route } from "./+types/audit-log";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Audit log", "Back office: who did what, when, from which address.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "audit.read");
  const url = new URL(request.url);
  const filters = readAuditFilters(url);
  const listing = await listAuditLog(context.db, staff, filters, url.searchParams.get("page"));
  return data({ ...listing, filters }, { status: Object.keys(listing.errors).length ? 400 : 200 });
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, totalPages, offset, actors, actions, errors, filters } = loaderData;
  const csvQuery = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== ""));
  return (
    <div>
      <h1 className="text-3xl font-extrabold">Audit log</h1>
      <p className="mt-2 max-w-3xl text-sm text-slate-600">
        Every change made in the back office, every refusal and every staff sign-in: who, when (London time), from which
        address, and what changed. Nothing here can be edited; entries are kept for the retention period.
      </p>
      <Form
        method="get"
        role="search"
        aria-label="Filter the audit log"
        key={JSON.stringify(filters)}
        className="mt-6 grid gap-3 rounded-2xl bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-5"
      >
        <SelectField
          label="Who"
          name="who"
          defaultValue={filters.who}
          error={errors.who}
          options={[{ value: "", label: "Anyone" }, ...actors.map((a) => ({ value: a.id, label: a.name }))]}
        />
        <SelectField
          label="What"
          name="what"
          defaultValue={filters.what}
          error={errors.what}
          options={[{ value: "", label: "Anything" }, ...auditActionChoices(actions)]}
        />
        <SelectField
          label="Outcome"
          name="outcome"
          defaultValue={filters.outcome}
          error={errors.outcome}
          options={[
            { value: "", label: "Any" },
            { value: "done", label: auditOutcomeLabels.done },
            { value: "refused", label: auditOutcomeLabels.refused },
          ]}
        />
        <TextField label="From" name="from" type="date" defaultValue={filters.from} error={errors.from} />
        <TextField label="To" name="to" type="date" defaultValue={filters.to} error={errors.to} />
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-5">
          <button type="submit" className="btn-primary">
            Filter
          </button>
          <Link to="/admin/audit-log" className="text-sm text-brand-700 hover:underline">
            Clear filters
          </Link>
          {Object.keys(errors).length === 0 && (
            <a href={`/admin/audit-log.csv?${csvQuery}`} className="btn-outline ml-auto" download>
              Download CSV
            </a>
          )}
        </div>
      </Form>
      <div className="mt-4">
        <ListCount offset={offset} shown={entries.length} total={total} noun="entries" />
      </div>
      {entries.length > 0 && (
        <AdminTable caption="Audit log" minWidth="min-w-[60rem]" className="mt-3">
          <thead className="bg-slate-50">
            <tr>
              {["Time (London)", "Who", "Address", "What", "Entity", "Outcome", "Details"].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 text-left text-sm font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => {
              const href = auditEntityHref(e.entity, e.entityId);
              const entity = [e.entity, e.entityId].filter(Boolean).join(" ");
              return (
                <tr key={e.id} className="border-t border-slate-100 align-top">
                  <td data-label="Time (London)" className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                  </td>
                  <td data-label="Who" className="px-3 py-2 break-all">
                    {e.actorName}
                    {e.actorKind !== "staff" && <span className="block text-xs text-slate-500">{e.actorKind}</span>}
                  </td>
                  <td data-label="Address" className="px-3 py-2 font-mono text-xs">
                    {e.ip ?? "—"}
                  </td>
                  <td data-label="What" className="px-3 py-2 font-mono text-xs">
                    {e.action}
                  </td>
                  <td data-label="Entity" className="px-3 py-2 break-all">
                    {href ? (
                      <Link to={href} className="text-brand-700 hover:underline">
                        {entity}
                      </Link>
                    ) : (
                      entity || "—"
                    )}
                  </td>
                  <td data-label="Outcome" className="px-3 py-2">
                    {auditOutcomeLabels[e.outcome]}
                  </td>
                  <td data-label="Details" className="px-3 py-2">
                    <ul>
                      {auditDetailLines(e.details).map((line) => (
                        <li key={line} className="break-all">
                          {line}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </AdminTable>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </div>
  );
}

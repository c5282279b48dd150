import { data } from "react-router";
import { Link } from "~/components/ui/link";
import { formatDate } from "~/lib/shop-time";
import { roleLabels } from "~/components/admin/content/labels";
import { AdminTable, ListCount, ListSearch, SortHeader } from "~/components/admin/list-controls";
import { Pagination } from "~/components/ui/pagination";
import { pageMeta } from "~/lib/meta";
import { CUSTOMER_SORTS, listCustomers } from "~/modules/admin/customers/customers-admin.service.server";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { can } from "~/modules/accounts/permissions";
import { listParams } from "~/lib/listing";
import type { Route } from "./+types/customers";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Customers", "The shop's customer accounts.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "customers.read");
  const params = listParams(new URL(request.url), CUSTOMER_SORTS, "joined", "desc");
  const list = await listCustomers(context.db, staff, params);
  return data({ ...list, q: params.q, sort: params.sort, dir: params.dir, mayExport: can(staff, "customers.export") });
}

/** The CSV of the list as it is searched and sorted now (every page of it). */
const csvHref = (q: string, sort: string, dir: string) =>
  `/admin/customers.csv?${new URLSearchParams({ ...(q ? { q } : {}), sort, dir }).toString()}`;

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const { customers, q, sort, dir, total, page, totalPages, offset, mayExport } = loaderData;
  const th = (column: (typeof CUSTOMER_SORTS)[number], label: string) => (
    <SortHeader column={column} label={label} sort={sort} dir={dir} />
  );
  return (
    <section aria-labelledby="customers-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="customers-title" className="text-2xl font-extrabold">
          Customers
        </h1>
        {mayExport && (
          <a href={csvHref(q, sort, dir)} className="btn-outline" download>
            Download CSV
          </a>
        )}
      </div>
      <ListSearch
        label="Search by name or email"
        q={q}
        keep={[
          ["sort", sort],
          ["dir", dir],
        ]}
      />
      <ListCount offset={offset} shown={customers.length} total={total} noun="customers" />
      {customers.length > 0 && (
        <AdminTable caption="Customers" minWidth="min-w-[40rem]">
          <thead className="bg-slate-50">
            <tr>
              {th("name", "Name")}
              {th("email", "Email")}
              {th("role", "Role")}
              {th("joined", "Joined")}
              {th("orders", "Orders")}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {customers.map((c) => (
              <tr key={c.id}>
                <th scope="row" className="px-3 py-2 text-left">
                  <Link to={`/admin/customers/${c.id}`} className="font-semibold text-brand-700 hover:underline">
                    {c.name || c.email}
                  </Link>
                </th>
                <td data-label="Email" className="px-3 py-2 break-all">
                  {c.email}
                </td>
                <td data-label="Role" className="px-3 py-2">
                  {roleLabels[c.role] ?? c.role}
                </td>
                <td data-label="Joined" className="whitespace-nowrap px-3 py-2">
                  <time dateTime={c.joinedAt}>{formatDate(c.joinedAt)}</time>
                </td>
                <td data-label="Orders" className="px-3 py-2 text-right tabular-nums">
                  {c.orderCount}
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </section>
  );
}

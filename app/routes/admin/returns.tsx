import { AdminTable, HeaderRow, OrderIdHeader, StatusFilters } from "~/components/admin/list-controls";
import { formatDateTime } from "~/lib/shop-time";
import { pageMeta } from "~/lib/meta";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { listReturnRequests } from "~/modules/admin/orders/returns-admin.service.server";
import { isReturnStatus, returnStatusLabels } from "~/modules/orders/returns";
import type { Route } from "./+types/returns";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Returns", "Back office: customers' return requests.");

const filters = [
  { value: "requested", label: "Waiting" },
  { value: "accepted", label: "Accepted" },
  { value: "refused", label: "Refused" },
  { value: "all", label: "All" },
] as const;

/** Return requests, the waiting ones by default and oldest first (the queue staff work through). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "returns");
  const asked = new URL(request.url).searchParams.get("status") ?? "requested";
  const status = isReturnStatus(asked) ? asked : asked === "all" ? null : "requested";
  return { status: status ?? "all", rows: await listReturnRequests(context.db, staff, status) };
}

export default function AdminReturns({ loaderData }: Route.ComponentProps) {
  const { status, rows } = loaderData;
  return (
    <section aria-labelledby="returns-title" className="space-y-4">
      <h1 id="returns-title" className="text-2xl font-extrabold">
        Returns
      </h1>
      <p className="text-slate-700">
        Customers may return an order within 14 days of delivery. Open the order to accept or refuse the request with a
        note: the customer is e-mailed it.
      </p>
      <StatusFilters label="Show returns" filters={filters} status={status} />
      {rows.length === 0 ? (
        <p className="rounded-2xl bg-slate-50 p-6 text-slate-700">No return requests here.</p>
      ) : (
        <AdminTable caption="Return requests" minWidth="min-w-[40rem]">
          <HeaderRow columns={["Order", "Customer", "Asked", "Status", "Reason"]} />
          <tbody className="divide-y divide-slate-200">
            {rows.map((r) => (
              <tr key={r.orderId} className="align-top">
                <OrderIdHeader orderId={r.orderId} />
                <td data-label="Customer" className="px-3 py-2">
                  {r.customer}
                </td>
                <td data-label="Asked" className="whitespace-nowrap px-3 py-2">
                  {formatDateTime(r.requestedAt)}
                </td>
                <td data-label="Status" className="whitespace-nowrap px-3 py-2">
                  {returnStatusLabels[r.status]}
                  {r.decidedBy ? ` by ${r.decidedBy}` : ""}
                </td>
                <td data-label="Reason" className="max-w-md whitespace-pre-wrap break-words px-3 py-2">
                  {r.reason}
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
    </section>
  );
}

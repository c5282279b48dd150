import { data } from "react-router";
import { Link } from "~/components/ui/link";
import { AdminTable, ListCount, SortHeader } from "~/components/admin/list-controls";
import { OrderFilters } from "~/components/admin/orders/order-filters";
import { formatDateTime } from "~/lib/shop-time";
import { Pagination } from "~/components/ui/pagination";
import { Price } from "~/components/ui/price";
import { pageMeta } from "~/lib/meta";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { can } from "~/modules/accounts/permissions";
import { listAdminOrders, readOrderFilters } from "~/modules/admin/orders/orders-admin.service.server";
import { statusLabel } from "~/modules/orders/order-status";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Orders", "Back office: every order, with filters.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "orders.read");
  const filters = readOrderFilters(new URL(request.url));
  const list = await listAdminOrders(context.db, staff, filters);
  // The customer's e-mail needs customers.read (a packer sees the name the order was placed under, not the address).
  const orders = can(staff, "customers.read")
    ? list.orders
    : list.orders.map((o) => ({ ...o, customer: { ...o.customer, email: "" } }));
  return data({ ...list, orders, filters, canExport: can(staff, "orders.manage") });
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, total, page, totalPages, offset, filters, canExport } = loaderData;
  // The CSV carries the list's filters (not its page or sort: the file is every order they find, newest first).
  const csvQuery = new URLSearchParams(
    (["status", "payment", "from", "to", "customer", "q"] as const).flatMap((name) =>
      filters[name] ? [[name, filters[name]]] : [],
    ),
  );
  return (
    <div>
      <h1 className="text-3xl font-extrabold">Orders</h1>
      <div className="mt-6">
        <OrderFilters values={filters} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <ListCount offset={offset} shown={orders.length} total={total} noun="orders" />
        {canExport && (
          <a href={`/admin/orders.csv?${csvQuery}`} className="btn-outline ml-auto" download>
            Download CSV
          </a>
        )}
      </div>
      {orders.length > 0 && (
        <AdminTable caption="Orders" minWidth="min-w-[44rem]" className="mt-3">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-3 py-2 text-left text-sm font-semibold">
                Order ID
              </th>
              <SortHeader column="date" label="Date" sort={filters.sort} dir={filters.dir} />
              <th scope="col" className="px-3 py-2 text-left text-sm font-semibold">
                Customer
              </th>
              <SortHeader column="status" label="Status" sort={filters.sort} dir={filters.dir} />
              <th scope="col" className="px-3 py-2 text-left text-sm font-semibold">
                Payment
              </th>
              <SortHeader column="total" label="Total" sort={filters.sort} dir={filters.dir} />
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id} className="border-t border-slate-100 align-top">
                <td data-label="Order ID" className="px-3 py-2">
                  <Link
                    to={`/admin/orders/${order.id}`}
                    className="font-mono font-semibold text-brand-700 hover:underline"
                  >
                    {order.id}
                  </Link>
                </td>
                <td data-label="Date" className="px-3 py-2 whitespace-nowrap">
                  <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                </td>
                <td data-label="Customer" className="px-3 py-2">
                  <span className="block font-medium">{order.customer.name}</span>
                  {order.customer.email && (
                    <span className="block break-all text-slate-600">{order.customer.email}</span>
                  )}
                </td>
                <td data-label="Status" className="px-3 py-2">
                  {statusLabel("status", order.status)}
                </td>
                <td data-label="Payment" className="px-3 py-2">
                  {statusLabel("paymentStatus", order.paymentStatus)}
                </td>
                <td data-label="Total" className="px-3 py-2">
                  <Price cents={order.totalCents} currency={order.currency} className="font-semibold" />
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </div>
  );
}

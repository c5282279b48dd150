import type { ReactNode } from "react";
import { PostalAddress } from "~/components/ui/postal-address";
import { data } from "react-router";
import { Link } from "~/components/ui/link";
import { formatBirthDate, formatDate, formatDateTime } from "~/lib/shop-time";
import { roleLabels } from "~/components/admin/content/labels";
import { AdminTable } from "~/components/admin/list-controls";
import { statusLabels } from "~/components/orders/order-view";
import { Price } from "~/components/ui/price";
import { pageMeta } from "~/lib/meta";
import { getCustomer } from "~/modules/admin/customers/customers-admin.service.server";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { can } from "~/modules/accounts/permissions";
import type { Route } from "./+types/customer";
import { ageStatusLabels } from "~/modules/age-checks/age-checks";
import { ageVerificationOf } from "~/modules/age-checks/age-checks.service.server";

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) =>
  data
    ? pageMeta(
        matches,
        `Customer ${data.customer.name || data.customer.email}`,
        "A customer's account, orders and addresses.",
      )
    : [{ title: "Page not found" }];

/** One customer: details, orders and addresses (never a password or a session). Unknown id: 404. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "customers.read");
  const customer = await getCustomer(context.db, staff, params.id);
  if (!customer) throw data(null, { status: 404 });
  const age = await ageVerificationOf(context.db, customer.id);
  // What the page offers beyond the customer's details: only what the staff member's roles allow (issue 63).
  const may = { ageChecks: can(staff, "age-checks"), export: can(staff, "customers.export") };
  return data({ customer, age, may });
}

export default function AdminCustomer({ loaderData }: Route.ComponentProps) {
  const { customer, age, may } = loaderData;
  const ageStatus = `${ageStatusLabels[age.status]}${age.decidedBy ? ` (${age.decidedBy})` : ""}`;
  const details: Array<[string, ReactNode]> = [
    ["Name", customer.name || "—"],
    ["Email", customer.email],
    ["Date of birth", customer.dateOfBirth ? formatBirthDate(customer.dateOfBirth) : "Not given"],
    ["Sign-in method", customer.signInMethod],
    [
      "Joined",
      <time key="joined" dateTime={customer.joinedAt}>
        {formatDate(customer.joinedAt)}
      </time>,
    ],
    ["Role", roleLabels[customer.role] ?? customer.role],
    [
      "Age check",
      may.ageChecks ? (
        <Link key="age" to={`/admin/age-checks/${customer.id}`} className="text-brand-700 hover:underline">
          {ageStatus}
        </Link>
      ) : (
        ageStatus
      ),
    ],
  ];
  return (
    <div className="space-y-8">
      <div>
        <Link to="/admin/customers" className="text-sm text-brand-700 hover:underline">
          All customers
        </Link>
        <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-extrabold break-words">{customer.name || customer.email}</h1>
          {may.export && (
            // A right of access request made by post or e-mail: the copy the customer downloads from their account.
            <a href={`/admin/customers/${customer.id}/data`} className="btn-outline" download>
              Download their data
            </a>
          )}
        </div>
      </div>
      <dl className="grid gap-4 rounded-2xl bg-slate-50 p-6 sm:grid-cols-2 lg:grid-cols-3">
        {details.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm text-slate-500">{label}</dt>
            <dd className="font-semibold break-all">{value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="customer-orders-title">
        <h2 id="customer-orders-title" className="text-xl font-bold">
          Orders
        </h2>
        {customer.orders.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No orders yet.</p>
        ) : (
          <AdminTable
            caption={<>Orders of {customer.name || customer.email}</>}
            minWidth="min-w-[36rem]"
            className="mt-3"
          >
            <thead className="bg-slate-50 text-left">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Order
                </th>
                <th scope="col" className="px-3 py-2">
                  Placed
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2">
                  Payment
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Total
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {customer.orders.map((o) => (
                <tr key={o.id}>
                  <th scope="row" className="px-3 py-2 text-left">
                    <Link
                      to={`/admin/orders/${o.id}`}
                      className="font-mono font-semibold text-brand-700 hover:underline"
                    >
                      {o.id}
                    </Link>
                  </th>
                  <td data-label="Placed" className="whitespace-nowrap px-3 py-2">
                    <time dateTime={o.createdAt}>{formatDateTime(o.createdAt)}</time>
                  </td>
                  <td data-label="Status" className="px-3 py-2">
                    {statusLabels[o.status] ?? o.status}
                  </td>
                  <td data-label="Payment" className="px-3 py-2">
                    {statusLabels[o.paymentStatus] ?? o.paymentStatus}
                  </td>
                  <td data-label="Total" className="px-3 py-2 text-right">
                    <Price cents={o.totalCents} currency={o.currency} />
                  </td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
        )}
      </section>

      <section aria-labelledby="customer-addresses-title">
        <h2 id="customer-addresses-title" className="text-xl font-bold">
          Addresses
        </h2>
        {customer.addresses.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No saved addresses.</p>
        ) : (
          <ul className="mt-3 grid gap-4 sm:grid-cols-2">
            {customer.addresses.map((a) => (
              <li key={a.id} className="rounded-2xl border border-slate-200 p-4 text-sm">
                <p className="font-semibold">
                  {a.title || a.type} {a.title && <span className="font-normal text-slate-600">({a.type})</span>}
                  {a.isDefault && (
                    <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">
                      Default
                    </span>
                  )}
                </p>
                <PostalAddress address={a} named={false} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

import { data, Form, redirect } from "react-router";
import { httpStatus } from "~/lib/result";
import { AdminTable, HeaderRow, OrderIdHeader, StatusFilters } from "~/components/admin/list-controls";
import { FormAlert } from "~/components/ui/form-alert";
import { formatDate, formatDateTime } from "~/lib/shop-time";
import { pageMeta } from "~/lib/meta";
import { readForm } from "~/lib/form-data.server";
import { formText } from "~/lib/form-data";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { listTakeBacks, markTakeBackReceived } from "~/modules/admin/orders/take-backs-admin.service.server";
import { isTakeBackStatus, takeBackMessages, takeBackStatusLabels } from "~/modules/orders/take-back";
import type { Route } from "./+types/take-backs";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Take-backs", "Back office: old devices customers send back for recycling.");

const filters = [
  { value: "requested", label: "Waiting" },
  { value: "received", label: "Received" },
  { value: "all", label: "All" },
] as const;

/** WEEE take-back requests, the waiting ones by default and oldest first (docs/decisions/041). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "returns");
  const url = new URL(request.url);
  const asked = url.searchParams.get("status") ?? "requested";
  const status = isTakeBackStatus(asked) ? asked : asked === "all" ? null : "requested";
  const received = url.searchParams.get("received") ?? "";
  return {
    status: status ?? "all",
    rows: await listTakeBacks(context.db, staff, status),
    notice: /^[A-HJ-NP-Z2-9]{8}$/.test(received) ? takeBackMessages.received(received) : null,
  };
}

/** Marks an order's take-back received. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request, "returns");
  const orderId = formText(await readForm(request), "orderId", 20);
  const marked = await markTakeBackReceived(context.db, staff, orderId);
  if (marked.ok) return redirect(`/admin/take-backs?received=${orderId}`);
  if (marked.code === "not-found") throw data(null, { status: 404 });
  return data({ message: marked.message }, { status: httpStatus(marked.code) });
}

export default function AdminTakeBacks({ loaderData, actionData }: Route.ComponentProps) {
  const { status, rows, notice } = loaderData;
  return (
    <section aria-labelledby="take-backs-title" className="space-y-4">
      <h1 id="take-backs-title" className="text-2xl font-extrabold">
        Take-backs
      </h1>
      <p className="text-slate-700">
        Customers who bought a device may send an old one back free of charge (WEEE). Put a prepaid envelope in the
        parcel, and mark the take-back received when the old device arrives. Records are kept four years.
      </p>
      {actionData?.message ? <FormAlert message={actionData.message} /> : <FormAlert message={notice} tone="success" />}
      <StatusFilters label="Show take-backs" filters={filters} status={status} />
      {rows.length === 0 ? (
        <p className="rounded-2xl bg-slate-50 p-6 text-slate-700">No take-backs here.</p>
      ) : (
        <AdminTable caption="Take-back requests" minWidth="min-w-[44rem]">
          <HeaderRow columns={["Order", "Customer", "Old devices", "Asked", "Status", "Kept until"]} />
          <tbody className="divide-y divide-slate-200">
            {rows.map((r) => (
              <tr key={r.orderId} className="align-top">
                <OrderIdHeader orderId={r.orderId} />
                <td data-label="Customer" className="px-3 py-2">
                  {r.customer}
                </td>
                <td data-label="Old devices" className="px-3 py-2">
                  {r.devices}
                </td>
                <td data-label="Asked" className="whitespace-nowrap px-3 py-2">
                  {formatDateTime(r.requestedAt)}
                </td>
                <td data-label="Status" className="px-3 py-2">
                  {r.status === "requested" ? (
                    <Form method="post">
                      <input type="hidden" name="orderId" value={r.orderId} />
                      <button
                        type="submit"
                        className="btn-outline"
                        aria-label={`Mark the take-back of order ${r.orderId} received`}
                      >
                        Mark received
                      </button>
                    </Form>
                  ) : (
                    <>
                      {takeBackStatusLabels[r.status]} {r.receivedAt ? formatDateTime(r.receivedAt) : ""}
                      {r.receivedBy ? ` by ${r.receivedBy}` : ""}
                    </>
                  )}
                </td>
                <td data-label="Kept until" className="whitespace-nowrap px-3 py-2">
                  {formatDate(r.keepUntil)}
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
    </section>
  );
}

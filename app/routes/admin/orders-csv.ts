import { requireStaff } from "~/modules/accounts/session.service.server";
import { readOrderFilters } from "~/modules/admin/orders/orders-admin.service.server";
import { ordersCsv } from "~/modules/admin/orders/orders-export.service.server";
import type { Route } from "./+types/orders-csv";

/**
 * The orders list's filters as CSV (owners and managers, "orders.manage"; never cached; the download is recorded in
 * the audit log). The filters are read as the list reads them: a value that makes no sense is left out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "orders.manage");
  const answer = await ordersCsv(context.db, staff, readOrderFilters(new URL(request.url)));
  return new Response(answer.csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${answer.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

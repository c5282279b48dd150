import { listParams } from "~/lib/listing";
import { shopDate } from "~/lib/shop-time";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { CUSTOMER_SORTS, customersCsv } from "~/modules/admin/customers/customers-admin.service.server";
import type { Route } from "./+types/customers-csv";

/**
 * The customer list as CSV, searched and sorted as the Customers page is (`?q=&sort=&dir=`, every page of it): the
 * owner only ("customers.export"), each download in the audit log, never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "customers.export");
  const { q, sort, dir } = listParams(new URL(request.url), CUSTOMER_SORTS, "joined", "desc");
  const { csv } = await customersCsv(context.db, staff, { q, sort, dir });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="customers-${shopDate(new Date())}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

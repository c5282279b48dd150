import { data } from "react-router";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { customerDataExport } from "~/modules/admin/customers/customers-admin.service.server";
import type { Route } from "./+types/customer-data";

/**
 * A customer's own data as a JSON file, for a right of access request made by post or e-mail: the same copy they
 * download from their account ('Download my data'). The owner only ("customers.export"), each export in the audit
 * log, never cached. Unknown account: 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "customers.export");
  const now = new Date();
  const copy = await customerDataExport(context.db, staff, params.id, now);
  if (!copy) throw data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  const name = `customer-data-${params.id.replace(/[^\w-]/g, "")}-${now.toISOString().slice(0, 10)}.json`;
  return new Response(`${JSON.stringify(copy, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}

import { requireStaff } from "~/modules/accounts/session.service.server";
import { exportAuditLog, readAuditFilters } from "~/modules/admin/audit/audit-admin.service.server";
import type { Route } from "./+types/audit-log-csv";

/**
 * The audit log as CSV for the Audit log page's filters (owners only; never cached; the download is itself recorded).
 * Wrong filters are answered 400 with the reason, in plain text.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "audit.read");
  const answer = await exportAuditLog(context.db, staff, readAuditFilters(new URL(request.url)));
  if (!answer.ok)
    return new Response(answer.message, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  return new Response(answer.csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${answer.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

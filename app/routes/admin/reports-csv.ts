import { requireStaff } from "~/modules/accounts/session.service.server";
import { quarterStartOf } from "~/modules/admin/reports/reports";
import { exportReport, readReportPeriod, reportCsvKinds } from "~/modules/admin/reports/reports.service.server";
import type { Route } from "./+types/reports-csv";

const KIND_MISSING = "Choose a report: daily, or the VAT summary.";

const refusal = (message: string) =>
  new Response(message, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });

/**
 * A report for a period as CSV (owners and managers; never cached; the download is recorded in the audit log):
 * `?kind=daily|vat&period=…&from=YYYY-MM-DD&to=…`. A wrong kind or period is answered 400 with the reason.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "reports");
  const url = new URL(request.url);
  const kind = reportCsvKinds.find((k) => k === url.searchParams.get("kind"));
  if (!kind) return refusal(KIND_MISSING);
  const answer = await exportReport(context.db, staff, kind, readReportPeriod(url), {
    quarterStart: quarterStartOf(context.config.VAT_QUARTER_ENDS),
  });
  if (!answer.ok) return refusal(answer.message);
  return new Response(answer.csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${answer.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

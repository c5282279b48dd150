import { requireStaff } from "~/modules/accounts/session.service.server";
import { dutyReportCsv, type DutyReport } from "~/modules/duty/duty.service.server";
import type { Route } from "./+types/duty-report-csv";

const reports: readonly DutyReport[] = ["goods-in", "unstamped"];
const REPORT_MISSING = "Choose a report: goods in, or unstamped stock sold, returned and destroyed.";

const refusal = (message: string) =>
  new Response(message, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });

/**
 * A duty report for a period as CSV (staff only; never cached): `?report=goods-in|unstamped&from=YYYY-MM-DD&to=…`.
 * A wrong report or period is answered 400 with the reason, in plain text.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "stock.edit");
  const params = new URL(request.url).searchParams;
  const report = reports.find((r) => r === params.get("report"));
  if (!report) return refusal(REPORT_MISSING);
  const answer = await dutyReportCsv(context.db, staff, report, {
    from: (params.get("from") ?? "").slice(0, 10),
    to: (params.get("to") ?? "").slice(0, 10),
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

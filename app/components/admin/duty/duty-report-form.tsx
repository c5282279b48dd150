import { TextField } from "~/components/ui/field";

/**
 * "Download a report": a period and one button per report, a plain GET form to the CSV download
 * (/admin/duty-report.csv), so the browser saves the file instead of the app navigating to it.
 */
export function DutyReportForm({ from, to }: { from: string; to: string }) {
  return (
    <section aria-labelledby="duty-report" className="space-y-3 rounded-2xl border border-slate-200 p-4 sm:p-6">
      <h2 id="duty-report" className="text-lg font-bold">
        Download a report
      </h2>
      <p className="text-sm text-slate-600">
        For the duty records (keep them at least 6 years): every delivery line with its supplier, approval reference,
        invoice, units, stamped or not, litres and duty carried; or what became of unstamped units (sold, held back,
        returned to the supplier, destroyed). Both days are included.
      </p>
      <form method="get" action="/admin/duty-report.csv" className="space-y-3">
        <div className="grid max-w-md gap-4 sm:grid-cols-2">
          <TextField label="From" name="from" type="date" required defaultValue={from} />
          <TextField label="To" name="to" type="date" required defaultValue={to} />
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="report" value="goods-in" className="btn-outline">
            Goods in (CSV)
          </button>
          <button type="submit" name="report" value="unstamped" className="btn-outline">
            Unstamped stock sold, returned and destroyed (CSV)
          </button>
        </div>
      </form>
    </section>
  );
}

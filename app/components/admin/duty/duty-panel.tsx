import { Form, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { Price } from "~/components/ui/price";
import { FormAlert } from "~/components/ui/form-alert";
import type { FieldErrors } from "~/lib/result";
import type { DutyOverview, DutyStockRow } from "~/modules/duty/duty";

/** What the dashboard's action answered to one variant's disposal form. */
export type DisposalAnswer = { variantId: string; errors: FieldErrors; formError: string | null };

const inputClass =
  "mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 aria-invalid:border-rose-600 aria-invalid:bg-rose-50";

function UnstampedStock({ rows, daysLeft }: { rows: DutyStockRow[]; daysLeft: number }) {
  const left = `${daysLeft} ${daysLeft === 1 ? "day" : "days"} left to sell (until 31 March 2027)`;
  return (
    <section className="mt-8 rounded-2xl border border-amber-300 bg-amber-50 p-5" aria-labelledby="unstamped-heading">
      <h2 id="unstamped-heading" className="text-lg font-bold">
        Unstamped stock
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Unstamped packs made or imported before 1 October 2026 may be sold until 31 March 2027. From 1 April 2027 the
        shop holds what is left back from sale, to be returned to the supplier or destroyed.
      </p>
      <ul className="mt-2 divide-y divide-amber-200">
        {rows.map((r) => (
          <li key={r.variantId} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
            <span>
              {r.name}
              <span className="block break-all font-mono text-sm text-slate-600">{r.sku}</span>
            </span>
            <span className="text-sm">
              {r.units} {r.units === 1 ? "unit" : "units"} · <Price cents={r.valueCents} /> ·{" "}
              <strong className="font-semibold text-amber-900">{left}</strong>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DisposalField({
  label,
  name,
  row,
  error,
  ...input
}: {
  label: string;
  name: string;
  row: DutyStockRow;
  error?: string;
} & Pick<React.ComponentProps<"input">, "inputMode" | "maxLength" | "defaultValue" | "required">) {
  const id = `dispose-${row.variantId}-${name}`;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        {...input}
        id={id}
        aria-label={`${label}, ${row.sku}`}
        name={name}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-required={input.required || undefined}
        className={inputClass}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** One variant's units held back, and the form recording their return to the supplier or destruction. */
function HeldBackRow({ row, answer }: { row: DutyStockRow; answer: DisposalAnswer | null }) {
  const mine = answer?.variantId === row.variantId ? answer : null;
  const errors = mine?.errors ?? {};
  const busy = useNavigation().formData?.get("variantId") === row.variantId;
  return (
    <li className="py-3">
      <Form method="post" noValidate>
        <fieldset className="space-y-2">
          <legend className="font-medium">
            {row.name} <span className="break-all font-mono text-sm text-slate-600">{row.sku}</span>: {row.units}{" "}
            {row.units === 1 ? "unit" : "units"} held back (<Price cents={row.valueCents} />)
          </legend>
          <FormAlert message={mine?.formError ?? errors.kind ?? errors.variantId} />
          <input type="hidden" name="intent" value="dispose" />
          <input type="hidden" name="variantId" value={row.variantId} />
          <div className="grid gap-3 sm:grid-cols-3">
            <DisposalField
              label="Units"
              name="units"
              row={row}
              inputMode="numeric"
              maxLength={6}
              required
              defaultValue={String(row.units)}
              error={errors.units}
            />
            <DisposalField
              label="Supplier's or destruction reference"
              name="supplierReference"
              row={row}
              maxLength={60}
              required
              error={errors.supplierReference}
            />
            <DisposalField
              label="Stamp code (optional)"
              name="stampCode"
              row={row}
              maxLength={60}
              error={errors.stampCode}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="kind" value="returned" className="btn-outline" disabled={busy}>
              Return to supplier
            </button>
            <button type="submit" name="kind" value="destroyed" className="btn-outline" disabled={busy}>
              Destroyed
            </button>
          </div>
        </fieldset>
      </Form>
    </li>
  );
}

function HeldBack({ rows, answer }: { rows: DutyStockRow[]; answer: DisposalAnswer | null }) {
  return (
    <section className="mt-8 rounded-2xl border border-rose-300 p-5" aria-labelledby="held-back-heading">
      <h2 id="held-back-heading" className="text-lg font-bold">
        Held back from sale (unstamped)
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Unstamped units that may not be sold: made or imported from 1 October 2026, or left after 31 March 2027. Return
        them to the supplier or destroy them, and record it here with the supplier&apos;s returns note or the
        destruction record&apos;s reference: they leave the stock. See{" "}
        <Link to="/admin/goods-in" className="text-brand-700 hover:underline">
          Goods in
        </Link>{" "}
        for the reports.
      </p>
      <ul className="mt-2 divide-y divide-slate-200">
        {rows.map((row) => (
          // Keyed by the units too: once some are recorded, the form starts again from those left.
          <HeldBackRow key={`${row.variantId}:${row.units}`} row={row} answer={answer} />
        ))}
      </ul>
    </section>
  );
}

/**
 * The dashboard's duty stamps panel: from 1 January 2027 the unstamped units left, their value and the days left to
 * sell them; whenever there are any, the units held back from sale with their disposal forms. Nothing when neither.
 */
export function DutyPanel({ overview, answer }: { overview: DutyOverview; answer: DisposalAnswer | null }) {
  return (
    <>
      {overview.unstamped.length > 0 && <UnstampedStock rows={overview.unstamped} daysLeft={overview.daysLeft} />}
      {overview.quarantined.length > 0 && <HeldBack rows={overview.quarantined} answer={answer} />}
    </>
  );
}

import { Form, useNavigation } from "react-router";
import { TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import type { FieldErrors } from "~/lib/result";
import { GOODS_IN_LINES, lineField, type LineFieldName } from "~/modules/duty/duty";

const inputClass =
  "mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 aria-invalid:border-rose-600 aria-invalid:bg-rose-50";
const yesNo = [
  { value: "yes", label: "Yes" },
  { value: "no", label: "No" },
] as const;

function ErrorText({ name, error }: { name: string; error?: string }) {
  return error ? (
    <p id={`field-${name}-error`} className="mt-1 text-sm text-rose-700">
      {error}
    </p>
  ) : null;
}

/** A line's text field: its name says its line to screen readers ("Units, line 2"), its error sits under it. */
function LineText({
  label,
  field,
  row,
  values,
  errors,
  ...input
}: {
  label: string;
  field: LineFieldName;
  row: number;
  values: Record<string, string>;
  errors: FieldErrors;
} & Pick<React.ComponentProps<"input">, "inputMode" | "maxLength" | "autoComplete" | "className">) {
  const name = lineField(field, row);
  const error = errors[name];
  return (
    <div className={input.className}>
      <label htmlFor={`field-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <input
        {...input}
        id={`field-${name}`}
        aria-label={`${label}, line ${row + 1}`}
        name={name}
        defaultValue={values[name] ?? ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `field-${name}-error` : undefined}
        className={inputClass}
      />
      <ErrorText name={name} error={error} />
    </div>
  );
}

/** A line's yes-or-no question as a group of two radios, named for its line ("Stamped, line 2"). */
function LineYesNo({
  legend,
  field,
  row,
  values,
  errors,
  className,
}: {
  legend: string;
  field: LineFieldName;
  row: number;
  values: Record<string, string>;
  errors: FieldErrors;
  className?: string;
}) {
  const name = lineField(field, row);
  const error = errors[name];
  return (
    <fieldset
      className={className}
      aria-label={`${legend}, line ${row + 1}`}
      aria-describedby={error ? `field-${name}-error` : undefined}
    >
      <legend className="text-sm font-medium">{legend}</legend>
      <div className="mt-2 flex gap-4">
        {yesNo.map((choice) => (
          <label key={choice.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={choice.value}
              defaultChecked={values[name] === choice.value}
              className="h-4 w-4 accent-brand-600"
            />
            {choice.label}
          </label>
        ))}
      </div>
      <ErrorText name={name} error={error} />
    </fieldset>
  );
}

/**
 * "Record a delivery": the supplier's invoice (supplier, invoice reference, approval reference for vaping duty, the day
 * it came) and up to GOODS_IN_LINES lines (a SKU, its units, stamped or not, and for unstamped units whether they were
 * made or imported before 1 October 2026). Rows left empty are not lines. `key` it by the answer so a new answer
 * refills it.
 */
export function GoodsInForm({
  values,
  errors,
  formError,
  today,
}: {
  values: Record<string, string>;
  errors: FieldErrors;
  formError: string | null;
  today: string;
}) {
  const busy = useNavigation().formMethod === "POST";
  return (
    <section aria-labelledby="record-delivery" className="space-y-4 rounded-2xl border border-slate-200 p-4 sm:p-6">
      <h2 id="record-delivery" className="text-lg font-bold">
        Record a delivery
      </h2>
      <FormAlert message={formError} />
      <Form method="post" noValidate className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Supplier"
            name="supplier"
            required
            maxLength={100}
            autoComplete="organization"
            defaultValue={values.supplier ?? ""}
            error={errors.supplier}
          />
          <TextField
            label="Invoice reference"
            name="invoiceReference"
            required
            maxLength={60}
            autoComplete="off"
            defaultValue={values.invoiceReference ?? ""}
            error={errors.invoiceReference}
          />
          <TextField
            label="Approval reference"
            name="approvalReference"
            required
            maxLength={40}
            autoComplete="off"
            placeholder="As the supplier gives it, e.g. VPD-AB-12345"
            defaultValue={values.approvalReference ?? ""}
            error={errors.approvalReference}
          />
          <TextField
            label="Date received"
            name="receivedOn"
            type="date"
            required
            max={today}
            defaultValue={values.receivedOn ?? today}
            error={errors.receivedOn}
          />
        </div>
        <p className="text-sm text-slate-600">
          One line per variant and kind of unit: stamped and unstamped units of the same SKU go on two lines. Leave the
          lines you do not need empty.
        </p>
        <ol className="space-y-3">
          {Array.from({ length: GOODS_IN_LINES }, (_, row) => (
            <li key={row}>
              <fieldset className="grid gap-3 rounded-xl border border-slate-200 p-3 sm:grid-cols-6 lg:grid-cols-12">
                <legend className="px-1 text-sm font-semibold">Line {row + 1}</legend>
                <LineText
                  label="Variant (SKU)"
                  field="sku"
                  row={row}
                  values={values}
                  errors={errors}
                  maxLength={64}
                  autoComplete="off"
                  className="sm:col-span-3 lg:col-span-3"
                />
                <LineText
                  label="Units"
                  field="units"
                  row={row}
                  values={values}
                  errors={errors}
                  inputMode="numeric"
                  maxLength={6}
                  autoComplete="off"
                  className="sm:col-span-1 lg:col-span-1"
                />
                <LineYesNo
                  legend="Stamped"
                  field="stamped"
                  row={row}
                  values={values}
                  errors={errors}
                  className="sm:col-span-2 lg:col-span-2"
                />
                <LineYesNo
                  legend="Made or imported before 1 October 2026"
                  field="madeBeforeDuty"
                  row={row}
                  values={values}
                  errors={errors}
                  className="sm:col-span-3 lg:col-span-3"
                />
                <LineText
                  label="Stamp code (optional)"
                  field="stampCode"
                  row={row}
                  values={values}
                  errors={errors}
                  maxLength={60}
                  autoComplete="off"
                  className="sm:col-span-3 lg:col-span-3"
                />
              </fieldset>
            </li>
          ))}
        </ol>
        <button type="submit" className="btn-primary" disabled={busy}>
          Record delivery
        </button>
      </Form>
    </section>
  );
}

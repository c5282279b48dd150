import type { ReactNode } from "react";
import { stockLabels, stockStatuses } from "~/modules/catalog/catalog";

const controlClass = "mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 aria-invalid:border-rose-600 aria-invalid:bg-rose-50";

/** A labelled select with its error message under it (same ids as TextField, so errors read the same way). */
export function SelectField({ label, name, value, options, error, required }: {
  label: string;
  name: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  error?: string;
  required?: boolean;
}) {
  return (
    <div>
      <label htmlFor={`field-${name}`} className="text-sm font-medium">
        {label}
        {required && <span aria-hidden="true" className="text-rose-600"> *</span>}
      </label>
      <select id={`field-${name}`} name={name} defaultValue={value} aria-required={required || undefined}
        aria-invalid={error ? true : undefined} aria-describedby={error ? `field-${name}-error` : undefined} className={controlClass}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>{o.label}</option>
        ))}
      </select>
      {error && <p id={`field-${name}-error`} className="mt-1 text-sm text-rose-700">{error}</p>}
    </div>
  );
}

export function CheckboxField({ label, name, checked, hint }: { label: string; name: string; checked: boolean; hint?: string }) {
  return (
    <div>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" name={name} defaultChecked={checked} className="h-4 w-4 accent-brand-600"
          aria-describedby={hint ? `field-${name}-hint` : undefined} />
        {label}
      </label>
      {hint && <p id={`field-${name}-hint`} className="ml-6 text-xs text-slate-600">{hint}</p>}
    </div>
  );
}

/** A titled group of fields. */
export function FormSection({ title, children, description }: { title: string; children: ReactNode; description?: string }) {
  return (
    <fieldset className="space-y-4 rounded-2xl border border-slate-200 p-4 sm:p-6">
      <legend className="px-1 text-base font-semibold">{title}</legend>
      {description && <p className="text-sm text-slate-600">{description}</p>}
      {children}
    </fieldset>
  );
}

export const stockOptions = stockStatuses.map((s) => ({ value: s, label: stockLabels[s] }));

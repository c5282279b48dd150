import type { ReactNode } from "react";
import { stockLabels, stockStatuses } from "~/modules/catalog/catalog";

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

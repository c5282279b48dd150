import type { ComponentProps } from "react";

type Common = { label: string; name: string; error?: string; required?: boolean };

const inputClass =
  "mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 aria-invalid:border-rose-600 aria-invalid:bg-rose-50";

function FieldShell({ label, name, error, required, children }: Common & { children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={`field-${name}`} className="text-sm font-medium">
        {label}
        {required && (
          <span aria-hidden="true" className="text-rose-600">
            {" "}
            *
          </span>
        )}
      </label>
      {children}
      {error && (
        <p id={`field-${name}-error`} className="mt-1 text-sm text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}

const aria = (name: string, error?: string) => ({
  id: `field-${name}`,
  name,
  "aria-invalid": error ? true : undefined,
  "aria-describedby": error ? `field-${name}-error` : undefined,
});

/** A labelled input with its error message under it. */
export function TextField({ label, name, error, required, ...input }: Common & Omit<ComponentProps<"input">, "name">) {
  return (
    <FieldShell label={label} name={name} error={error} required={required}>
      <input {...input} {...aria(name, error)} aria-required={required || undefined} className={inputClass} />
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  name,
  error,
  required,
  ...area
}: Common & Omit<ComponentProps<"textarea">, "name">) {
  return (
    <FieldShell label={label} name={name} error={error} required={required}>
      <textarea {...area} {...aria(name, error)} aria-required={required || undefined} className={inputClass} />
    </FieldShell>
  );
}

/** A labelled select with its error message under it. */
export function SelectField({
  label,
  name,
  error,
  required,
  options,
  ...select
}: Common &
  Omit<ComponentProps<"select">, "name"> & {
    options: Array<{ value: string; label: string }>;
  }) {
  return (
    <FieldShell label={label} name={name} error={error} required={required}>
      <select
        {...select}
        {...aria(name, error)}
        aria-required={required || undefined}
        className={`${inputClass} bg-white`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function Spinner() {
  return (
    <svg className="h-4 w-4 animate-spin" viewBox="0 0 24 24" aria-hidden="true" fill="none">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="4" opacity="0.25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** A labelled checkbox with its error message under it. */
export function CheckboxField({
  label,
  name,
  error,
  ...input
}: Omit<Common, "required"> & Omit<ComponentProps<"input">, "name" | "type">) {
  return (
    <div>
      <label className="flex items-start gap-2 text-sm">
        <input {...input} type="checkbox" {...aria(name, error)} className="mt-0.5 h-4 w-4 accent-brand-600" />
        <span>{label}</span>
      </label>
      {error && (
        <p id={`field-${name}-error`} className="mt-1 text-sm text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}

import type { ReactNode } from "react";
import { FormAlert } from "~/components/ui/form-alert";
import { Form } from "react-router";
import { TextField } from "~/components/ui/field";
import { MHRA_ECID_LABEL } from "~/modules/compliance/compliance";

export function CheckboxField({
  label,
  name,
  checked,
  hint,
}: {
  label: string;
  name: string;
  checked: boolean;
  hint?: string;
}) {
  return (
    <div>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          name={name}
          defaultChecked={checked}
          className="h-4 w-4 accent-brand-600"
          aria-describedby={hint ? `field-${name}-hint` : undefined}
        />
        {label}
      </label>
      {hint && (
        <p id={`field-${name}-hint`} className="ml-6 text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A titled group of fields. */
export function FormSection({
  title,
  children,
  description,
}: {
  title: string;
  children: ReactNode;
  description?: string;
}) {
  return (
    <fieldset className="space-y-4 rounded-2xl border border-slate-200 p-4 sm:p-6">
      <legend className="px-1 text-base font-semibold">{title}</legend>
      {description && <p className="text-sm text-slate-600">{description}</p>}
      {children}
    </fieldset>
  );
}

export function CatalogFormFrame({
  formError,
  notice,
  children,
}: {
  formError?: string | null;
  notice?: string | null;
  children: ReactNode;
}) {
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="space-y-6">
      {/* Enter in a text field saves (the first submit button is the one Enter presses). */}
      <button type="submit" name="intent" value="save" hidden tabIndex={-1} />
      <FormAlert message={formError} />
      <FormAlert message={notice} tone="success" />
      {children}
    </Form>
  );
}

export function NameAndSlugFields({
  values,
  errors,
}: {
  values: { name: string; slug: string };
  errors: { name?: string; slug?: string };
}) {
  return (
    <>
      <TextField label="Name" name="name" required maxLength={120} defaultValue={values.name} error={errors.name} />
      <TextField
        label="Slug"
        name="slug"
        maxLength={80}
        placeholder="Made from the name when left empty"
        defaultValue={values.slug}
        error={errors.slug}
      />
    </>
  );
}

/** The MHRA notification number (ECID): needed to publish an item with nicotine; the product page shows it. */
export function MhraEcidField({ value, error }: { value: string; error?: string }) {
  return (
    <TextField
      label={MHRA_ECID_LABEL}
      name="mhraEcid"
      placeholder="e.g. 12345-22-67890 (needed above 0 mg/ml)"
      autoComplete="off"
      maxLength={14}
      defaultValue={value}
      error={error}
    />
  );
}

/** A question answered by one of a few choices (a fieldset of radios), with its message under it. */
export function RadioQuestion({
  legend,
  name,
  value,
  choices,
  error,
  hint,
}: {
  legend: string;
  name: string;
  value: string;
  choices: { value: string; label: string }[];
  error?: string;
  hint?: string;
}) {
  const describedBy = [hint ? `field-${name}-hint` : null, error ? `field-${name}-error` : null].filter(Boolean);
  return (
    <fieldset aria-describedby={describedBy.join(" ") || undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      {hint && (
        <p id={`field-${name}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
        {choices.map((choice) => (
          <label key={choice.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={name}
              value={choice.value}
              defaultChecked={value === choice.value}
              className="h-4 w-4 accent-brand-600"
            />
            {choice.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={`field-${name}-error`} className="mt-1 text-sm text-rose-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The new-item forms' second button: saved hidden from the shop, so it may lack what publishing needs. */
export function SaveAsDraftButton() {
  return (
    <button type="submit" name="intent" value="draft" className="btn-outline" aria-describedby="draft-hint">
      Save as draft
    </button>
  );
}

export function DraftHint() {
  return (
    <p id="draft-hint" className="text-xs text-slate-600">
      A draft is not shown in the shop; it may be saved without the MHRA number or the rechargeable and refill answers.
      Restore it from its page to publish it.
    </p>
  );
}

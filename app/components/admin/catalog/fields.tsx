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

/**
 * Stock on the device and flavour forms: the quantity (whole units) and whether it is tracked at all. The edit form
 * also sends the quantity it showed, so a save never overwrites what orders took meanwhile.
 */
export function StockFields({
  values,
  errors,
}: {
  values: { trackStock: string; stockQuantity: string; stockSeen?: string };
  errors: { stockQuantity?: string; trackStock?: string };
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Stock (units)"
        name="stockQuantity"
        required
        inputMode="numeric"
        defaultValue={values.stockQuantity}
        error={errors.stockQuantity}
      />
      {values.stockSeen !== undefined && values.stockSeen !== "" && (
        <input type="hidden" name="stockSeen" value={values.stockSeen} />
      )}
      <label className="flex items-center gap-2 self-end pb-2 text-sm">
        <input
          type="checkbox"
          name="trackStock"
          defaultChecked={values.trackStock === "on"}
          className="h-4 w-4 accent-brand-600"
        />
        Track stock (untick for made-to-order items that never run out)
      </label>
    </div>
  );
}

/** The catalogue forms' frame: multipart (images), why nothing was saved, and Enter in a text field saves. */
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

/** The optional MHRA notification number (ECID); the product page shows it when set. */
export function MhraEcidField({ value, error }: { value: string; error?: string }) {
  return (
    <TextField
      label={MHRA_ECID_LABEL}
      name="mhraEcid"
      placeholder="e.g. 12345-22-67890 (optional)"
      autoComplete="off"
      maxLength={14}
      defaultValue={value}
      error={error}
    />
  );
}

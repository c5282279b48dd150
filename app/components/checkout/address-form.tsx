import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form } from "react-router";
import { TextField } from "~/components/ui/field";
import { addressInput, addressTypeLabels, addressTypes, type Address } from "~/modules/checkout/addresses";

type Props = {
  address?: Address;
  errors?: Record<string, string>;
  values?: Record<string, string>;
  /** Why the form is open, above its fields (an address to complete before ordering to it). */
  message?: string | null;
  onCancel?: () => void;
};

const noErrors: Record<string, string> = {};
const fieldRules = addressInput.shape;
const isChecked = (name: string): name is keyof typeof fieldRules => Object.hasOwn(fieldRules, name);

/** The errors shown, with the one of this field as its value now makes it (gone when the value is right). */
function checked(shown: Record<string, string>, name: keyof typeof fieldRules, value: string) {
  const result = fieldRules[name].safeParse(value);
  const message = result.success ? undefined : result.error.issues[0]?.message;
  if (message === shown[name]) return shown;
  const { [name]: _corrected, ...others } = shown;
  return message ? { ...others, [name]: message } : others;
}

/**
 * Add or edit a UK address (docs/decisions/046): recipient's name, address lines 1–2, town or city, postcode, phone,
 * an optional nickname, type (Home, Office, Other; Home first), default. The server
 * checks the whole form on Save; a field it refused is checked again here as it is corrected (the same zod rules), so
 * its message goes as soon as the value is right and the others stay until theirs are.
 */
export function AddressForm({ address, errors: refused = noErrors, values = {}, message, onCancel }: Props) {
  const [errors, setErrors] = useState(refused);
  const [answered, setAnswered] = useState(refused);
  const form = useRef<HTMLFormElement>(null);
  // A new answer from the server (another Save) replaces what is shown.
  if (answered !== refused) {
    setAnswered(refused);
    setErrors(refused);
  }
  // ...but a field the shopper put right while the answer was on its way is checked again as it is now.
  useEffect(() => {
    const fields = form.current?.elements;
    if (!fields) return;
    setErrors((shown) => {
      let next = shown;
      for (const name of Object.keys(shown)) {
        const field = fields.namedItem(name);
        if (isChecked(name) && field && "value" in field) next = checked(next, name, field.value);
      }
      return next;
    });
  }, [refused]);
  function recheck(event: FormEvent<HTMLFormElement>) {
    const { name, value } = event.target as HTMLInputElement | HTMLTextAreaElement;
    if (isChecked(name) && errors[name]) setErrors((shown) => checked(shown, name, value));
  }
  const value = (name: keyof Address) => values[name] ?? (address ? String(address[name]) : "");
  const type = values.type ?? address?.type ?? "HOME";
  return (
    <Form ref={form} method="post" className="space-y-4" noValidate onChange={recheck}>
      <input type="hidden" name="intent" value="save" />
      {message && <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{message}</p>}
      {address && <input type="hidden" name="id" value={address.id} />}
      <TextField
        label="Recipient's name"
        name="recipient"
        required
        maxLength={80}
        autoComplete="name"
        defaultValue={value("recipient")}
        error={errors.recipient}
      />
      <TextField
        label="Address line 1"
        name="line1"
        required
        maxLength={100}
        autoComplete="address-line1"
        defaultValue={value("line1")}
        error={errors.line1}
      />
      <TextField
        label="Address line 2 (optional)"
        name="line2"
        maxLength={100}
        autoComplete="address-line2"
        defaultValue={value("line2")}
        error={errors.line2}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Town or city"
          name="town"
          required
          maxLength={60}
          autoComplete="address-level2"
          defaultValue={value("town")}
          error={errors.town}
        />
        <TextField
          label="Postcode"
          name="postcode"
          required
          maxLength={10}
          autoComplete="postal-code"
          autoCapitalize="characters"
          spellCheck={false}
          defaultValue={value("postcode")}
          error={errors.postcode}
        />
      </div>
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        required
        maxLength={30}
        autoComplete="tel"
        defaultValue={value("phone")}
        error={errors.phone}
      />
      <TextField
        label="Nickname (optional)"
        name="title"
        maxLength={40}
        placeholder="e.g. Home, Work"
        defaultValue={value("title")}
        error={errors.title}
      />
      <fieldset>
        <legend className="text-sm font-medium">Type</legend>
        <div className="mt-2 flex gap-4">
          {addressTypes.map((t) => (
            <label key={t} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="type"
                value={t}
                defaultChecked={type === t}
                className="h-4 w-4 accent-brand-600"
              />
              {addressTypeLabels[t]}
            </label>
          ))}
        </div>
        {errors.type && <p className="mt-1 text-sm text-rose-700">{errors.type}</p>}
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="isDefault"
          defaultChecked={address?.isDefault}
          className="h-4 w-4 accent-brand-600"
        />{" "}
        Make this my default address
      </label>
      <div className="flex gap-3">
        <button type="submit" className="btn-primary">
          Save address
        </button>
        {onCancel && (
          <button type="button" className="btn-outline" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </Form>
  );
}

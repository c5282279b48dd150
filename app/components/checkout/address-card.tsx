import { PencilIcon, TrashIcon } from "~/components/ui/icons";
import { isComplete, postalLines } from "~/lib/uk-address";
import { addressName, addressTypeLabels, type Address } from "~/modules/checkout/addresses";

const iconButton =
  "inline-flex h-11 w-11 items-center justify-center rounded-full text-slate-700 hover:bg-white hover:text-brand-700";

/** The form each card's Delete button submits; rendered outside the form that chooses the address (forms do not nest). */
export const deleteFormId = (address: Address) => `delete-address-${address.id}`;

/**
 * A saved address as a selectable radio card (docs/product/specification.md §3, "Address step"): its nickname (or type),
 * its type as a tag when the nickname does not already say it, DEFAULT, the address a line per part and phone; Edit and
 * Delete as icon buttons in the card's top-right corner, each naming the address it acts on. One saved before the UK
 * form says what it still needs (docs/decisions/046).
 */
export function AddressCard({
  address: a,
  checked,
  onSelect,
  onEdit,
}: {
  address: Address;
  checked: boolean;
  onSelect: () => void;
  onEdit: () => void;
}) {
  const typeLabel = addressTypeLabels[a.type];
  const name = addressName(a);
  const typeAddsInformation = name.trim().toLowerCase() !== typeLabel.toLowerCase();
  const complete = isComplete(a);
  return (
    <div className="relative rounded-2xl border border-slate-200 has-checked:border-brand-600 has-checked:bg-brand-50">
      <label className="flex cursor-pointer gap-3 p-4">
        <input
          type="radio"
          name="addressId"
          value={a.id}
          defaultChecked={checked}
          onChange={onSelect}
          className="mt-1 h-4 w-4 shrink-0 accent-brand-600"
        />
        <span className="min-w-0 flex-1">
          {/* Room on the right for the two buttons. */}
          <span className="flex min-h-10 flex-wrap items-start gap-2 pr-24">
            <span className="font-semibold break-words">{name}</span>
            {typeAddsInformation && (
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
                {typeLabel}
              </span>
            )}
            {a.isDefault && (
              <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">DEFAULT</span>
            )}
          </span>
          {postalLines(a).map((line, i) => (
            <span key={i} className="block text-sm break-words text-slate-700">
              {line}
            </span>
          ))}
          <span className="block text-sm text-slate-600">{a.phone}</span>
          {!complete && (
            <span className="mt-2 block text-sm font-medium text-amber-800">
              Needs the recipient&apos;s name, town and postcode: edit it before ordering to it.
            </span>
          )}
        </span>
      </label>
      <div className="absolute top-2 right-2 flex gap-1">
        <button type="button" onClick={onEdit} className={iconButton} aria-label={`Edit address ${name}`}>
          <PencilIcon width={20} height={20} />
        </button>
        <button
          type="submit"
          form={deleteFormId(a)}
          className={`${iconButton} hover:text-rose-700`}
          aria-label={`Delete address ${name}`}
        >
          <TrashIcon width={20} height={20} />
        </button>
      </div>
    </div>
  );
}

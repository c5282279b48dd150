import { useEffect, useState } from "react";
import { data, Form, redirect, useLocation, useSearchParams } from "react-router";
import { Link } from "~/components/ui/link";
import { AddressCard, deleteFormId } from "~/components/checkout/address-card";
import { AddressForm } from "~/components/checkout/address-form";
import { CheckoutSteps } from "~/components/checkout/steps";
import { Modal, useHydrated } from "~/components/ui/modal";
import { pageMeta } from "~/lib/meta";
import { check, formValues } from "~/lib/form-check";
import { httpStatus } from "~/lib/result";
import { isComplete } from "~/lib/uk-address";
import { addressFields, addressInput, type Address } from "~/modules/checkout/addresses";
import { deleteAddress, getAddressBook, saveAddress, selectAddress } from "~/modules/checkout/addresses.service.server";
import { requireCheckoutStep } from "~/modules/checkout/checkout-guard.server";
import { orderMessages } from "~/modules/orders/orders";
import type { Route } from "./+types/cart-address";
import { checkoutWayBack, RouteError } from "~/components/layout/route-error";
import { readForm } from "~/lib/form-data.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Delivery address", "Step 1 of checkout: where should we deliver?");

/**
 * An address saved before the UK form, chosen to order to: its editor opens with what it lacks under each field
 * (docs/decisions/046), so the shopper completes it and goes on.
 */
function toComplete(address: Address) {
  const values = Object.fromEntries(addressFields.map((k) => [k, String(address[k])]));
  const checked = check(addressInput, values);
  return {
    errors: checked.ok ? {} : (checked.fieldErrors ?? {}),
    values,
    editing: address.id,
    message: orderMessages.incompleteAddress,
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireCheckoutStep(context, request, "address");
  const book = await getAddressBook(context.db, user.id);
  // A later step sent the shopper back here because the chosen address lacks a part (checkout-guard.server.ts).
  const chosen = book.addresses.find((a) => a.id === book.selectedId);
  const completing = new URL(request.url).searchParams.has("complete") && chosen && !isComplete(chosen);
  return { ...book, completing: completing ? toComplete(chosen) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireCheckoutStep(context, request, "address");
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  if (intent === "save") {
    const values = formValues(form, [...addressFields]);
    const saved = await saveAddress(context.db, user.id, id || null, values, form.get("isDefault") === "on");
    if (!saved.ok && saved.code === "not-found") throw data(null, { status: httpStatus(saved.code) });
    if (!saved.ok) {
      const answer = { errors: saved.fieldErrors ?? {}, values, editing: id || "new", message: null };
      return data(answer, { status: httpStatus(saved.code) });
    }
    return redirect("/cart-address");
  }
  if (intent === "delete") {
    const deleted = await deleteAddress(context.db, user.id, id);
    if (!deleted.ok) throw data(null, { status: httpStatus(deleted.code) });
    return redirect("/cart-address");
  }
  if (intent === "next") {
    const chosen = String(form.get("addressId") ?? "");
    if (!chosen || !(await selectAddress(context.db, user.id, chosen)).ok) {
      return data({ errors: {}, values: {}, editing: null, message: orderMessages.noAddress }, { status: 400 });
    }
    const address = (await getAddressBook(context.db, user.id)).addresses.find((a) => a.id === chosen);
    if (address && !isComplete(address)) return data(toComplete(address), { status: 400 });
    return redirect("/cart-shipping");
  }
  throw data(null, { status: 400 });
}

export default function CartAddress({ loaderData, actionData }: Route.ComponentProps) {
  const { addresses, selectedId, completing } = loaderData;
  const answer = actionData ?? completing;
  const [params] = useSearchParams();
  const location = useLocation();
  const [picked, setSelected] = useState<string | null>(null);
  const selected = picked ?? selectedId;
  const [editing, setEditing] = useState<string | null>(
    answer?.editing ?? (params.get("new") ? "new" : params.get("edit")),
  );
  // A saved address lands back here (a new location): the dialog closes. A refused one keeps it open.
  useEffect(
    () => setEditing(completing?.editing ?? (params.get("new") ? "new" : params.get("edit"))),
    [location.key, params, completing],
  );
  useEffect(() => {
    if (actionData?.editing) setEditing(actionData.editing);
  }, [actionData]);
  const editedAddress = addresses.find((a) => a.id === editing);
  const hydrated = useHydrated();
  return (
    <div className="container-page max-w-3xl py-10">
      <CheckoutSteps current={1} />
      <h1 className="mt-4 text-3xl font-extrabold">Delivery address</h1>
      {answer?.message && (
        <p role="alert" className="mt-4 rounded-lg bg-rose-50 p-3 text-rose-800">
          {answer.message}
        </p>
      )}
      <Form method="post" id="choose-address" className="mt-6">
        <input type="hidden" name="intent" value="next" />
        {addresses.length === 0 && (
          <p className="rounded-xl bg-slate-50 p-6 text-slate-700">
            You have no saved addresses yet. Add one to continue.
          </p>
        )}
        <fieldset className="space-y-3">
          <legend className="sr-only">Choose a delivery address</legend>
          {addresses.map((a) => (
            <AddressCard
              key={a.id}
              address={a}
              checked={a.id === selectedId}
              onSelect={() => setSelected(a.id)}
              onEdit={() => setEditing(a.id)}
            />
          ))}
        </fieldset>
      </Form>
      {addresses.map((a) => (
        <Form key={a.id} method="post" id={deleteFormId(a)} hidden>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={a.id} />
        </Form>
      ))}
      <Link
        to="/cart-address?new=1"
        onClick={(e) => {
          e.preventDefault();
          setEditing("new");
        }}
        className="btn-outline mt-6"
      >
        Add New Address
      </Link>
      <div className="mt-8 flex justify-between">
        <Link to="/cart" className="btn-outline">
          Back
        </Link>
        <button
          type="submit"
          form="choose-address"
          className="btn-primary"
          disabled={addresses.length === 0 || (hydrated && !selected)}
        >
          Next
        </button>
      </div>
      <Modal
        open={editing !== null}
        title={editing === "new" ? "Add New Address" : "Edit address"}
        onClose={() => setEditing(null)}
      >
        {editing !== null && (
          <AddressForm
            key={editing}
            address={editedAddress}
            errors={answer?.editing === editing ? answer.errors : undefined}
            values={answer?.editing === editing ? answer.values : undefined}
            message={answer?.editing === editing ? answer.message : null}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </div>
  );
}

/** An error in a checkout step keeps the shopper in the checkout, with their cart kept. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} back={checkoutWayBack} />;
}

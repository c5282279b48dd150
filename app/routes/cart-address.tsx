import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useLocation, useSearchParams } from "react-router";
import { AddressCard, deleteFormId } from "~/components/checkout/address-card";
import { AddressForm } from "~/components/checkout/address-form";
import { CheckoutSteps } from "~/components/checkout/steps";
import { Modal, useHydrated } from "~/components/ui/modal";
import { pageMeta } from "~/lib/meta";
import { check } from "~/lib/form-check";
import { addressInput } from "~/modules/checkout/addresses";
import {
  addAddress,
  deleteAddress,
  editAddress,
  getAddressBook,
  selectAddress,
} from "~/modules/checkout/addresses.service.server";
import { requireCheckoutStep } from "~/modules/checkout/checkout-guard.server";
import { orderMessages } from "~/modules/orders/orders";
import type { Route } from "./+types/cart-address";
import { checkoutWayBack, RouteError } from "~/components/layout/route-error";
import { readForm } from "~/lib/form-data.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Delivery address", "Step 1 of checkout: where should we deliver?");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireCheckoutStep(context, request, "address");
  return getAddressBook(context.db, user.id);
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireCheckoutStep(context, request, "address");
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  if (intent === "save") {
    const values = Object.fromEntries(["title", "type", "address", "phone"].map((k) => [k, String(form.get(k) ?? "")]));
    const checked = check(addressInput, values);
    if (!checked.ok)
      return data({ errors: checked.fieldErrors ?? {}, values, editing: id || "new", message: null }, { status: 400 });
    const input = { ...checked.data, isDefault: form.get("isDefault") === "on" };
    if (id) {
      if (!(await editAddress(context.db, user.id, id, input))) throw data(null, { status: 404 });
    } else {
      await addAddress(context.db, user.id, input);
    }
    return redirect("/cart-address");
  }
  if (intent === "delete") {
    if (!(await deleteAddress(context.db, user.id, id))) throw data(null, { status: 404 });
    return redirect("/cart-address");
  }
  if (intent === "next") {
    const chosen = String(form.get("addressId") ?? "");
    if (!chosen || !(await selectAddress(context.db, user.id, chosen))) {
      return data({ errors: {}, values: {}, editing: null, message: orderMessages.noAddress }, { status: 400 });
    }
    return redirect("/cart-shipping");
  }
  throw data(null, { status: 400 });
}

export default function CartAddress({ loaderData, actionData }: Route.ComponentProps) {
  const { addresses, selectedId } = loaderData;
  const [params] = useSearchParams();
  const location = useLocation();
  const [picked, setSelected] = useState<string | null>(null);
  const selected = picked ?? selectedId;
  const [editing, setEditing] = useState<string | null>(
    actionData?.editing ?? (params.get("new") ? "new" : params.get("edit")),
  );
  // A saved address lands back here (a new location): the dialog closes. A refused one keeps it open.
  useEffect(() => setEditing(params.get("new") ? "new" : params.get("edit")), [location.key, params]);
  useEffect(() => {
    if (actionData?.editing) setEditing(actionData.editing);
  }, [actionData]);
  const editedAddress = addresses.find((a) => a.id === editing);
  const hydrated = useHydrated();
  return (
    <div className="container-page max-w-3xl py-10">
      <CheckoutSteps current={1} />
      <h1 className="mt-4 text-3xl font-extrabold">Delivery address</h1>
      {actionData?.message && (
        <p role="alert" className="mt-4 rounded-lg bg-rose-50 p-3 text-rose-800">
          {actionData.message}
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
            errors={actionData?.editing === editing ? actionData.errors : undefined}
            values={actionData?.editing === editing ? actionData.values : undefined}
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

import { data, Form, redirect } from "react-router";
import { AdminTable, HeaderRow } from "~/components/admin/list-controls";
import { CheckboxField, TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { Link } from "~/components/ui/link";
import { formText } from "~/lib/form-data";
import { readForm } from "~/lib/form-data.server";
import { formatMoney } from "~/lib/money";
import { pageMeta } from "~/lib/meta";
import { fail, formFeedback, httpStatus, type FieldErrors } from "~/lib/result";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { describeWeekdays, penceText, weekdayNames, type ShippingMethod } from "~/modules/checkout/shipping";
import {
  addShippingMethod,
  editShippingMethod,
  listShippingMethods,
  moveShippingMethod,
  retireShippingMethod,
  type ShippingFormValues,
} from "~/modules/checkout/shipping-methods.service.server";
import type { Route } from "./+types/shipping";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Shipping", "Back office: the shipping methods the checkout offers.");

/** The methods in their order; with ?edit=<id>, that method's form instead of the form to add one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request, "shipping");
  const methods = await listShippingMethods(context.db);
  const url = new URL(request.url);
  const editId = url.searchParams.get("edit");
  const editing = editId === null ? null : (methods.find((m) => m.id === editId) ?? null);
  if (editId !== null && !editing) throw data(null, { status: 404 });
  return { methods, editing, currency: context.settings.currency, saved: url.searchParams.get("saved") };
}

type Answer = { notice?: string; formError?: string | null; errors?: FieldErrors; values?: ShippingFormValues };

const formValuesOf = (form: FormData): ShippingFormValues => ({
  name: formText(form, "name", 200),
  price: formText(form, "price", 20),
  days: formText(form, "days", 10),
  weekdays: form.getAll("weekdays").map(String).slice(0, 7),
  freeOver: formText(form, "freeOver", 20),
  picksDay: form.get("picksDay") === "on",
});

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request, "shipping");
  const form = await readForm(request);
  const intent = form.get("intent");
  const id = formText(form, "id", 100);
  const refused = (result: Parameters<typeof formFeedback>[0], values?: ShippingFormValues) => {
    if (!result.ok && result.code === "not-found") throw data(null, { status: 404 });
    const { errors, formError } = formFeedback(result);
    return data<Answer>(
      { errors, formError: formError ?? "Please correct the fields marked below.", values },
      { status: httpStatus(result.ok ? "invalid" : result.code) },
    );
  };
  switch (intent) {
    case "add":
    case "edit": {
      const values = formValuesOf(form);
      const saved =
        intent === "add"
          ? await addShippingMethod(context.db, staff, values)
          : await editShippingMethod(context.db, staff, id, values);
      if (!saved.ok) return refused(saved, values);
      return redirect(`/admin/shipping?saved=${encodeURIComponent(values.name.trim())}`);
    }
    case "up":
    case "down": {
      const moved = await moveShippingMethod(context.db, staff, id, intent);
      return moved.ok ? ({ notice: "Order saved." } satisfies Answer) : refused(moved);
    }
    case "retire":
    case "restore": {
      const done = await retireShippingMethod(context.db, staff, id, intent === "retire");
      if (!done.ok && done.code === "not-found") throw data(null, { status: 404 });
      if (!done.ok) return data<Answer>({ formError: done.message }, { status: httpStatus(done.code) });
      return { notice: intent === "retire" ? "Method retired." : "Method brought back." } satisfies Answer;
    }
    default:
      throw data(fail("invalid", "Unknown action."), { status: httpStatus("invalid") });
  }
}

const button = "rounded-lg border border-slate-300 px-3 py-1 text-sm font-semibold hover:bg-slate-50";
const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

const valuesOf = (m: ShippingMethod | null): ShippingFormValues => ({
  name: m?.name ?? "",
  price: m ? penceText(m.priceCents) : "",
  days: m ? String(m.deliveryDays) : "",
  weekdays: (m?.weekdays ?? [1, 2, 3, 4, 5, 6]).map(String),
  freeOver: penceText(m?.freeOverCents ?? null),
  picksDay: m?.customerPicksDay ?? false,
});

export default function AdminShipping({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  const { methods, editing, currency, saved } = loaderData;
  const values = answer?.values ?? valuesOf(editing);
  const errors = answer?.errors ?? {};
  return (
    <section aria-labelledby="shipping-title" className="space-y-6">
      <h1 id="shipping-title" className="text-2xl font-extrabold">
        Shipping
      </h1>
      <p className="max-w-3xl text-sm text-slate-600">
        The checkout offers the methods not retired, in this order. Each order keeps the name, price and day it was
        placed with: a change here applies to new orders only. Prices include VAT.
      </p>
      <FormAlert message={answer?.notice ?? (saved ? `Saved ${saved}.` : null)} tone="success" />
      {!answer?.values && <FormAlert message={answer?.formError} />}
      <AdminTable caption="Shipping methods" minWidth="min-w-[48rem]">
        <HeaderRow columns={["Name", "Price", "Delivers", "Free over", "Status", "Actions"]} />
        <tbody className="divide-y divide-slate-200">
          {methods.map((m, i) => (
            <tr key={m.id} aria-label={m.name} className="align-top">
              <th scope="row" data-label="Name" className="px-3 py-2 text-left font-semibold">
                {m.name}
              </th>
              <td data-label="Price" className="px-3 py-2">
                {m.priceCents === 0 ? "Free" : formatMoney(m.priceCents, currency)}
              </td>
              <td data-label="Delivers" className="px-3 py-2">
                {m.customerPicksDay
                  ? `A day the customer picks, from ${days(m.deliveryDays)}`
                  : `In ${days(m.deliveryDays)}`}
                , {describeWeekdays(m.weekdays)}
              </td>
              <td data-label="Free over" className="px-3 py-2">
                {m.freeOverCents === null ? "—" : formatMoney(m.freeOverCents, currency)}
              </td>
              <td data-label="Status" className="px-3 py-2">
                {m.retired ? "Retired" : "Offered"}
              </td>
              <td data-label="Actions" className="px-3 py-2">
                <Form method="post" className="flex flex-wrap gap-2">
                  <input type="hidden" name="id" value={m.id} />
                  <Link to={`/admin/shipping?edit=${m.id}`} className={button} aria-label={`Edit ${m.name}`}>
                    Edit
                  </Link>
                  <button
                    type="submit"
                    name="intent"
                    value="up"
                    className={button}
                    disabled={i === 0}
                    aria-label={`Move ${m.name} up`}
                  >
                    Up
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="down"
                    className={button}
                    disabled={i === methods.length - 1}
                    aria-label={`Move ${m.name} down`}
                  >
                    Down
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value={m.retired ? "restore" : "retire"}
                    className={button}
                    aria-label={`${m.retired ? "Bring back" : "Retire"} ${m.name}`}
                  >
                    {m.retired ? "Bring back" : "Retire"}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </AdminTable>

      <section aria-labelledby="method-form-title" className="max-w-2xl space-y-4">
        <h2 id="method-form-title" className="text-lg font-bold">
          {editing ? `Edit ${editing.name}` : "Add a shipping method"}
        </h2>
        {answer?.values && <FormAlert message={answer.formError} />}
        <Form method="post" className="space-y-4" noValidate key={editing?.id ?? "new"}>
          {editing && <input type="hidden" name="id" value={editing.id} />}
          <TextField label="Name" name="name" defaultValue={values.name} error={errors.name} maxLength={200} />
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              label="Price including VAT (£)"
              name="price"
              inputMode="decimal"
              defaultValue={values.price}
              error={errors.price}
            />
            <TextField
              label="Days to deliver"
              name="days"
              inputMode="numeric"
              defaultValue={values.days}
              error={errors.days}
            />
            <TextField
              label="Free for orders over (£, optional)"
              name="freeOver"
              inputMode="decimal"
              defaultValue={values.freeOver}
              error={errors.freeOver}
            />
          </div>
          <fieldset aria-describedby={errors.weekdays ? "field-weekdays-error" : undefined}>
            <legend className="text-sm font-medium">Delivers on</legend>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {[1, 2, 3, 4, 5, 6, 0].map((d) => (
                <label key={d} className="flex items-center gap-1.5 text-sm">
                  <input
                    type="checkbox"
                    name="weekdays"
                    value={d}
                    defaultChecked={values.weekdays.includes(String(d))}
                    aria-invalid={errors.weekdays ? true : undefined}
                    className="h-4 w-4 accent-brand-600"
                  />
                  {weekdayNames[d]}
                </label>
              ))}
            </div>
            {errors.weekdays && (
              <p id="field-weekdays-error" className="mt-1 text-sm text-rose-700">
                {errors.weekdays}
              </p>
            )}
          </fieldset>
          <CheckboxField
            label="The customer picks the day (from the earliest it can arrive up to 15 days ahead)"
            name="picksDay"
            defaultChecked={values.picksDay}
          />
          <div className="flex gap-3">
            <button type="submit" name="intent" value={editing ? "edit" : "add"} className="btn-primary">
              {editing ? "Save method" : "Add method"}
            </button>
            {editing && (
              <Link to="/admin/shipping" className="btn-outline">
                Cancel
              </Link>
            )}
          </div>
        </Form>
      </section>
    </section>
  );
}

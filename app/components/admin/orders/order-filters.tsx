import { Form } from "react-router";
import { Link } from "~/components/ui/link";
import { orderStatuses, paymentStatuses } from "~/modules/orders/orders";
import { statusLabel } from "~/modules/orders/order-status";
import { paymentFilterLabels } from "~/modules/admin/orders/orders-admin";

export type OrderFilterValues = {
  q: string;
  customer: string;
  status: string;
  payment: string;
  from: string;
  to: string;
  sort: string;
  dir: string;
};

const inputClass = "mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2";

/** The orders list's filters as a GET form (works without JavaScript); the sort order is kept. */
export function OrderFilters({ values }: { values: OrderFilterValues }) {
  return (
    // Keyed on the values so that following a link (e.g. 'Clear filters') shows what the list really uses.
    <Form
      method="get"
      role="search"
      aria-label="Filter orders"
      key={JSON.stringify(values)}
      className="grid gap-3 rounded-2xl bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6"
    >
      <input type="hidden" name="sort" value={values.sort} />
      <input type="hidden" name="dir" value={values.dir} />
      <label className="text-sm font-medium">
        Order ID
        <input
          type="search"
          name="q"
          defaultValue={values.q}
          maxLength={20}
          autoComplete="off"
          className={`${inputClass} font-mono uppercase`}
        />
      </label>
      <label className="text-sm font-medium">
        Customer
        <input
          type="search"
          name="customer"
          defaultValue={values.customer}
          maxLength={100}
          placeholder="Name or email"
          className={inputClass}
        />
      </label>
      <label className="text-sm font-medium">
        Status
        <select name="status" defaultValue={values.status} className={inputClass}>
          <option value="">All</option>
          {orderStatuses.map((s) => (
            <option key={s} value={s}>
              {statusLabel("status", s)}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium">
        Payment
        <select name="payment" defaultValue={values.payment} className={inputClass}>
          <option value="">All</option>
          {paymentStatuses.map((s) => (
            <option key={s} value={s}>
              {statusLabel("paymentStatus", s)}
            </option>
          ))}
          {Object.entries(paymentFilterLabels).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-medium">
        From date
        <input type="date" name="from" defaultValue={values.from} className={inputClass} />
      </label>
      <label className="text-sm font-medium">
        To date
        <input type="date" name="to" defaultValue={values.to} className={inputClass} />
      </label>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-3 xl:col-span-6">
        <button type="submit" className="btn-primary">
          Apply filters
        </button>
        <Link to="/admin/orders" className="text-sm text-brand-700 hover:underline">
          Clear filters
        </Link>
      </div>
    </Form>
  );
}

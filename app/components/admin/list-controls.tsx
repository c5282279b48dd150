import { Form, useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import "./admin-table.css";

/** A column header that sorts the list by that column; a second click turns the direction round. */
export function SortHeader({
  column,
  label,
  sort,
  dir,
}: {
  column: string;
  label: string;
  sort: string;
  dir: "asc" | "desc";
}) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const active = sort === column;
  params.set("sort", column);
  params.set("dir", active && dir === "asc" ? "desc" : "asc");
  params.delete("page");
  return (
    <th
      scope="col"
      aria-sort={active ? (dir === "asc" ? "ascending" : "descending") : undefined}
      className="px-3 py-2 text-left text-sm font-semibold"
    >
      <Link to={`${location.pathname}?${params}`} className="hover:underline">
        {label}
        {active && <span aria-hidden="true">{dir === "asc" ? " ▲" : " ▼"}</span>}
        {active && <span className="sr-only">{dir === "asc" ? " (sorted ascending)" : " (sorted descending)"}</span>}
      </Link>
    </th>
  );
}

/** A GET search box for a back-office list; other filters in the URL are kept. */
export function ListSearch({ label, q, keep = [] }: { label: string; q: string; keep?: Array<[string, string]> }) {
  return (
    <Form method="get" role="search" aria-label={label} className="flex flex-wrap items-end gap-2">
      {keep.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label className="text-sm font-medium">
        {label}
        <input
          type="search"
          name="q"
          defaultValue={q}
          className="mt-1 block w-64 max-w-full rounded-lg border border-slate-300 px-3 py-2"
        />
      </label>
      <button type="submit" className="btn-outline">
        Search
      </button>
    </Form>
  );
}

/** "Showing 21–40 of 57" */
export function ListCount({
  offset,
  shown,
  total,
  noun,
}: {
  offset: number;
  shown: number;
  total: number;
  noun: string;
}) {
  if (total === 0) return <p className="text-sm text-slate-600">No {noun} found.</p>;
  return (
    <p className="text-sm text-slate-600">
      Showing {offset + 1}–{offset + shown} of {total} {noun}
    </p>
  );
}

/**
 * A back-office table, named by its caption: on a phone its rows are stacked, each cell as "label: value" (give every
 * cell but the row's own header a data-label; admin-table.css); wider, it scrolls sideways inside its own box if it
 * must (relative, so its screen-reader-only text scrolls with it).
 */
export function AdminTable({
  caption,
  minWidth,
  className = "",
  children,
}: {
  caption: React.ReactNode;
  minWidth: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={`relative overflow-x-auto rounded-xl border border-slate-200 ${className}`}>
      <table className={`admin-table w-full text-sm ${minWidth}`}>
        <caption className="sr-only">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/**
 * A row of filter links that keep the search, the sort and the other filters (and go back to page 1). `label` names
 * the row for screen readers; `shownLabel` (optional) is written before the links.
 */
export function FilterLinks<V extends string>({
  label,
  shownLabel,
  param,
  values,
  labels,
  value,
}: {
  label: string;
  shownLabel?: string;
  param: string;
  values: readonly V[];
  labels: Record<V, string>;
  value: V;
}) {
  const location = useLocation();
  const href = (next: V) => {
    const params = new URLSearchParams(location.search);
    params.set(param, next);
    params.delete("page");
    return `${location.pathname}?${params}`;
  };
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-2 text-sm">
      {shownLabel && <span className="font-medium">{shownLabel}:</span>}
      {values.map((option) => (
        <Link
          key={option}
          to={href(option)}
          aria-current={value === option ? "page" : undefined}
          className="rounded-full border border-slate-300 px-3 py-1 font-medium hover:bg-brand-50 aria-[current=page]:border-brand-600 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white"
        >
          {labels[option]}
        </Link>
      ))}
    </nav>
  );
}

/** A back-office list's status filters, as links (`?status=…`); the one shown is marked as the current page. */
export function StatusFilters({
  label,
  filters,
  status,
}: {
  label: string;
  filters: ReadonlyArray<{ value: string; label: string }>;
  status: string;
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2">
      {filters.map((f) => (
        <Link
          key={f.value}
          to={`?status=${f.value}`}
          aria-current={status === f.value ? "page" : undefined}
          className={`rounded-full px-3 py-1 text-sm font-semibold ${status === f.value ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-800 hover:bg-slate-200"}`}
        >
          {f.label}
        </Link>
      ))}
    </nav>
  );
}

/** A table's header row of plain column names (`dense`: smaller, for a grid of inputs). */
export function HeaderRow({ columns, dense = false }: { columns: readonly string[]; dense?: boolean }) {
  return (
    <thead className={dense ? "bg-slate-50 text-left text-sm" : "bg-slate-50 text-left"}>
      <tr>
        {columns.map((h) => (
          <th key={h} scope="col" className={dense ? "px-2 py-2" : "px-3 py-2"}>
            {h}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** A row's header cell: the order's id, linking to its back-office page. */
export function OrderIdHeader({ orderId }: { orderId: string }) {
  return (
    <th scope="row" className="px-3 py-2 text-left">
      <Link to={`/admin/orders/${orderId}`} className="font-mono font-semibold text-brand-700 hover:underline">
        {orderId}
      </Link>
    </th>
  );
}

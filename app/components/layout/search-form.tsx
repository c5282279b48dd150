import { Form } from "react-router";
import { SearchIcon } from "~/components/ui/icons";

/** The header's search box; it submits to /search?q=. */
export function SearchForm({ id, placeholder, className }: { id: string; placeholder: string; className: string }) {
  return (
    <Form method="get" action="/search" role="search" className={className}>
      <label htmlFor={id} className="sr-only">Search devices and flavours</label>
      <input id={id} name="q" type="search" maxLength={100} placeholder={placeholder}
        className="w-full rounded-l-full border border-slate-300 px-4 py-2 text-sm" />
      <button type="submit" className="rounded-r-full bg-brand-600 px-3 text-white" aria-label="Search">
        <SearchIcon width={18} height={18} />
      </button>
    </Form>
  );
}

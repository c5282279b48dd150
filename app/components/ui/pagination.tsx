import { useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import { pageItems } from "~/lib/pagination";
import { ChevronLeft, ChevronRight } from "./icons";

/** Previous/next arrows and page numbers with ellipses; the page travels in ?page=. */
export function Pagination({ page, totalPages }: { page: number; totalPages: number }) {
  const location = useLocation();
  if (totalPages <= 1) return null;
  const href = (n: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(n));
    return `${location.pathname}?${params}`;
  };
  const arrow = "inline-flex h-10 w-10 items-center justify-center rounded-full border border-slate-300";
  return (
    <nav aria-label="Pagination" className="mt-10 flex justify-center">
      <ul className="flex items-center gap-2">
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} className={`${arrow} hover:bg-brand-50`} aria-label="Previous page">
              <ChevronLeft />
            </Link>
          ) : (
            <span className={`${arrow} opacity-40`} aria-hidden="true">
              <ChevronLeft />
            </span>
          )}
        </li>
        {pageItems(page, totalPages).map((item) =>
          typeof item === "number" ? (
            <li key={item}>
              <Link
                to={href(item)}
                aria-label={`Page ${item}`}
                aria-current={item === page ? "page" : undefined}
                className="inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 hover:bg-brand-50 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white"
              >
                {item}
              </Link>
            </li>
          ) : (
            <li key={item} aria-hidden="true" className="px-1">
              …
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Link to={href(page + 1)} className={`${arrow} hover:bg-brand-50`} aria-label="Next page">
              <ChevronRight />
            </Link>
          ) : (
            <span className={`${arrow} opacity-40`} aria-hidden="true">
              <ChevronRight />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

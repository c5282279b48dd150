import { useEffect, useRef, useState, type RefObject } from "react";
import { useLocation, useNavigate } from "react-router";
import { Link } from "~/components/ui/link";
import { Price } from "~/components/ui/price";
import { DEFAULT_IMAGE } from "~/components/ui/product-image";
import {
  correctionMessage,
  searchPageHref,
  SUGGEST_MIN_LENGTH,
  suggestionsMessage,
  type Suggestions,
} from "~/modules/catalog/suggest";

/** What the box's own attributes need to know: whether the listbox shows, and which option is active. */
export type SuggestPopup = { expanded: boolean; activeId?: string };
export type SuggestProps = {
  input: RefObject<HTMLInputElement | null>;
  listId: string;
  onPopup: (popup: SuggestPopup) => void;
};

const DEBOUNCE_MS = 200;
type View = { answer: Suggestions | null; open: boolean; active: number };
const closed = (view: View): View => ({ ...view, open: false, active: -1 });

/**
 * The suggestions under a header search box (the WAI-ARIA 1.2 "list autocomplete" combobox): asked of /api/search
 * 200 ms after the last keystroke (a stale request is aborted), shown as a listbox whose last option opens every
 * result. The box keeps the focus; the active option is aria-activedescendant. ArrowDown/ArrowUp move, Enter opens
 * the active option (or submits the form), Escape and leaving the box close it. Loaded on the first focus.
 */
export function SearchSuggest({ input, listId, onPopup }: SuggestProps) {
  const [view, setView] = useState<View>({ answer: null, open: false, active: -1 });
  const [message, setMessage] = useState("");
  const cancel = useRef(() => {});
  const navigate = useNavigate();
  const { key: locationKey } = useLocation();
  const { answer, active } = view;
  const expanded = view.open && answer !== null;
  const count = answer ? answer.results.length + 1 : 0; // the results, then "See all results"
  const optionId = (index: number) => `${listId}-${index}`;
  const hrefOf = (index: number) => answer!.results[index]?.href ?? searchPageHref(answer!.query);

  const activeId = expanded && active >= 0 ? optionId(active) : undefined;
  useEffect(() => onPopup({ expanded, activeId }), [onPopup, expanded, activeId]);
  // A new page (an option or the form opened it): nothing more is asked or shown.
  useEffect(() => cancel.current(), [locationKey]);

  // Typing asks the server (debounced; the previous request is aborted); submitting the form stops asking.
  useEffect(() => {
    const box = input.current!;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let request: AbortController | undefined;
    const stop = () => {
      clearTimeout(timer);
      request?.abort();
    };
    const ask = () => {
      stop();
      const query = box.value.replace(/\s+/g, " ").trim();
      if (query.length < SUGGEST_MIN_LENGTH) {
        setView({ answer: null, open: false, active: -1 });
        setMessage("");
        return;
      }
      timer = setTimeout(async () => {
        const mine = (request = new AbortController());
        try {
          const response = await fetch(`/api/search?${new URLSearchParams({ q: query })}`, { signal: mine.signal });
          if (!response.ok) throw new Error(`suggestions: ${response.status}`);
          const found = (await response.json()) as Suggestions;
          setView({ answer: found, open: document.activeElement === box, active: -1 });
          setMessage(suggestionsMessage(found));
        } catch {
          if (!mine.signal.aborted) setView({ answer: null, open: false, active: -1 });
        }
      }, DEBOUNCE_MS);
    };
    const submitted = () => {
      stop();
      setView(closed);
    };
    cancel.current = submitted;
    ask(); // what was typed while this code was loading
    box.addEventListener("input", ask);
    box.form?.addEventListener("submit", submitted);
    return () => {
      stop();
      box.removeEventListener("input", ask);
      box.form?.removeEventListener("submit", submitted);
    };
  }, [input]);

  // The keys, and closing when the focus leaves the box (a click on an option keeps it: see onMouseDown below).
  useEffect(() => {
    const box = input.current!;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (!count) return;
        event.preventDefault();
        const down = event.key === "ArrowDown";
        const from = expanded ? active : -1;
        const next = down ? (from + 1) % count : from <= 0 ? count - 1 : from - 1;
        setView((v) => ({ ...v, open: true, active: next }));
      } else if (event.key === "Escape" && expanded) {
        event.preventDefault(); // a search box would also clear its text
        setView(closed);
      } else if (event.key === "Enter" && expanded && active >= 0) {
        event.preventDefault();
        cancel.current();
        void navigate(hrefOf(active));
      }
    };
    const onBlur = () => setView(closed);
    box.addEventListener("keydown", onKey);
    box.addEventListener("blur", onBlur);
    return () => {
      box.removeEventListener("keydown", onKey);
      box.removeEventListener("blur", onBlur);
    };
  });

  const row = (index: number) =>
    `flex items-center gap-3 px-3 py-2 text-sm hover:bg-brand-50 ${index === active ? "bg-brand-50 outline-2 -outline-offset-2 outline-accent-500" : ""}`;
  return (
    <>
      {/* Not a control: a press on a suggestion must not take focus from the search box (the keyboard stays there). */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
      <div
        hidden={!expanded}
        onMouseDown={(event) => event.preventDefault()}
        className="absolute right-0 top-full z-40 mt-1 w-[min(20rem,calc(100vw-2rem))] overflow-hidden rounded-xl border border-slate-200 bg-white text-left shadow-lg"
      >
        {answer?.total === 0 && <p className="px-3 pt-2 text-sm text-slate-600">No devices or flavours match.</p>}
        {answer?.correctedTo && (
          <p className="px-3 pt-2 text-sm text-slate-600">{correctionMessage(answer.correctedTo, 0)}</p>
        )}
        <div role="listbox" id={listId} aria-label="Search suggestions">
          {answer?.results.map((result, index) => (
            <Link
              key={`${result.kind}-${result.id}`}
              to={result.href}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              tabIndex={-1}
              className={row(index)}
            >
              <img
                src={result.image ?? DEFAULT_IMAGE}
                alt=""
                width={40}
                height={40}
                loading="lazy"
                className="size-10 shrink-0 rounded-md bg-slate-50 object-cover"
              />{" "}
              <span className="min-w-0 flex-1">
                <span className="line-clamp-2 font-medium">{result.name}</span>{" "}
                <span className="block truncate text-xs text-slate-600">{result.tag}</span>
              </span>{" "}
              <Price cents={result.priceCents} className="shrink-0 font-semibold text-brand-700" />
            </Link>
          ))}
          {answer && (
            <Link
              to={searchPageHref(answer.query)}
              id={optionId(count - 1)}
              role="option"
              aria-selected={active === count - 1}
              tabIndex={-1}
              className={`${row(count - 1)} border-t border-slate-100 font-medium text-brand-700`}
            >
              See all results for “{answer.query}”
            </Link>
          )}
        </div>
      </div>
      <p aria-live="polite" aria-atomic="true" className="sr-only">
        {message}
      </p>
    </>
  );
}

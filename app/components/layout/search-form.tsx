import { useEffect, useRef, useState, type ComponentType } from "react";
import { Form } from "react-router";
import { SearchIcon } from "~/components/ui/icons";
import type { SuggestPopup, SuggestProps } from "./search-suggest";

// The suggestions' code is fetched on the first focus of either box, once: the header is on every page and most
// visitors never search (docs/decisions/016).
let suggestModule: Promise<ComponentType<SuggestProps>> | undefined;
function loadSuggest(): Promise<ComponentType<SuggestProps>> {
  suggestModule ??= import("./search-suggest").then(
    (module) => module.SearchSuggest,
    (error: unknown) => {
      suggestModule = undefined; // the next focus tries again; the plain form works meanwhile
      throw error;
    },
  );
  return suggestModule;
}

/**
 * The header's search box. Without JavaScript it is a plain GET form to /search?q=; once hydrated it is a WAI-ARIA 1.2
 * combobox whose listbox of suggestions (search-suggest.tsx) appears as one types.
 */
export function SearchForm({ id, placeholder, className }: { id: string; placeholder: string; className: string }) {
  // Not useHydrated (ui/modal) nor SEARCH_MAX_LENGTH (catalog.ts): importing either would add a chunk to the first
  // load of every page (docs/decisions/016). predictive-search.spec.ts checks the length against SEARCH_MAX_LENGTH.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const input = useRef<HTMLInputElement>(null);
  const [Suggest, setSuggest] = useState<ComponentType<SuggestProps> | null>(null);
  const [popup, setPopup] = useState<SuggestPopup>({ expanded: false });
  const listId = `${id}-suggestions`;
  const enhance = () => {
    if (!Suggest)
      loadSuggest().then(
        (component) => setSuggest(() => component),
        () => {},
      );
  };
  // Focused before the page hydrated: no focus event will come.
  useEffect(() => {
    if (hydrated && document.activeElement === input.current) enhance();
  });
  const combobox =
    hydrated &&
    ({
      role: "combobox",
      autoComplete: "off",
      "aria-autocomplete": "list",
      "aria-expanded": popup.expanded,
      "aria-controls": listId,
      "aria-activedescendant": popup.activeId,
    } as const);
  return (
    <Form method="get" action="/search" role="search" className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        Search devices and flavours
      </label>
      <input
        ref={input}
        id={id}
        name="q"
        type="search"
        maxLength={100}
        placeholder={placeholder}
        {...combobox}
        onFocus={enhance}
        onInput={enhance}
        className="w-full min-w-0 rounded-l-full border border-slate-300 px-4 py-2 text-sm"
      />
      <button type="submit" className="rounded-r-full bg-brand-600 px-3 text-white" aria-label="Search">
        <SearchIcon width={18} height={18} />
      </button>
      {Suggest && <Suggest input={input} listId={listId} onPopup={setPopup} />}
    </Form>
  );
}

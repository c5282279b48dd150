// The one address search engines should index for a page (issue 15): query parameters that only sort or page the
// same content are handled here, so every route gets it without remembering to.

/** Parameters that choose what a page shows, per path; every other parameter (sort, tracking, …) is dropped. */
const KEPT: Array<[RegExp, string[]]> = [
  [/^\/products$/, ["page"]], // sorted views are the same products: the featured order is the one to index
  [/^\/flavours$/, ["device", "page"]],
  [/^\/search$/, ["q", "page"]],
  [/^\/$/, ["device"]],
];

/** `origin + path` with only the parameters that change the content; `page=1` is the page itself. */
export function canonicalUrl(origin: string, pathname: string, search: string): string {
  const kept = KEPT.find(([path]) => path.test(pathname))?.[1] ?? [];
  const params = new URLSearchParams(search);
  const out = new URLSearchParams();
  for (const name of kept) {
    const value = params.get(name);
    if (value && !(name === "page" && value === "1")) out.set(name, value);
  }
  const query = out.toString();
  return `${origin}${pathname}${query ? `?${query}` : ""}`;
}

import type { EntryContext } from "react-router";

/** React Router's matcher of a page's routes: the static handler's, handed to the page's render with its context. */
export type RouteMatcher = EntryContext["staticHandlerContext"]["_match"];

/** Paths remembered per matcher: every page's own path and its ancestors, with room for a crawler's invented ones. */
export const REMEMBERED_PATHS = 2_000;

const remembering = new WeakMap<RouteMatcher, RouteMatcher>();

/**
 * The same matcher, remembering its answer for each path it was asked (docs/decisions/056). React Router matches a
 * path by trying the shop's 77 routes in rank order, 5–50 µs a path, and a page's render asks it again for `/` and
 * each of the page's ancestors to tell the browser which routes it may need next: `/` is ranked last, so that one is
 * the dearest. The answer depends on the path and the routes alone, and the routes are fixed for the matcher's life
 * (a new build makes a new matcher, and a new memory), so it is asked once per path.
 *
 * At most `maxPaths` paths are kept (the oldest goes first). Each caller gets its own copy of the matches, so none can
 * change what the next request is told.
 */
export function rememberingMatcher(match: RouteMatcher, maxPaths = REMEMBERED_PATHS): RouteMatcher {
  const known = remembering.get(match);
  if (known) return known;
  const answers = new Map<string, ReturnType<RouteMatcher>>();
  const remembered: RouteMatcher = (location) => {
    if (typeof location !== "string") return match(location);
    let answer = answers.get(location);
    if (answer === undefined) {
      answer = match(location);
      if (answers.size >= maxPaths) answers.delete(answers.keys().next().value!);
      answers.set(location, answer);
    }
    return answer && answer.map((found) => ({ ...found, params: { ...found.params } }));
  };
  remembering.set(match, remembered);
  return remembered;
}

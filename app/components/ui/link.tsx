import { forwardRef } from "react";
import { Link as RouterLink, type LinkProps } from "react-router";

/** Rendering on the server: there is no click to handle and nothing to prefetch, only the `<a>` to write. */
const ON_SERVER = typeof document === "undefined";

/**
 * A path that resolves to itself: from the site's root, no `.` or `..` segment, no `//`, no empty `?` or `#`, no
 * white space.
 * React Router's own resolution (useHref) returns such a path unchanged.
 */
const PLAIN_PATH = /^\/(?!\/)[^#\s\\]*(#[^#\s\\]+)?$/;
const DOT_SEGMENT = /(^|\/)\.\.?(\/|\?|#|$)|\/\/|\?(#|$)/;

export function isPlainPath(to: LinkProps["to"]): to is string {
  return typeof to === "string" && PLAIN_PATH.test(to) && !DOT_SEGMENT.test(to);
}

/**
 * React Router's Link, drawn more cheaply on the server. Each Link resolves its path against the route tree, sets up
 * its click and prefetch handlers and a view-transition check: 5 KB of garbage and ~4 % of a catalogue page's
 * server time for 45 links (docs/decisions/050). On the server none of that shows in the HTML for a plain path, so
 * it writes the same `<a>` React Router writes (`href`, `data-discover`) directly; in the browser it is React
 * Router's Link, which hydrates that very `<a>` and handles its clicks.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  const {
    to,
    discover = "render",
    prefetch = "none",
    reloadDocument,
    relative: _relative,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    mask,
    target,
    children,
    ...anchor
  } = props;
  if (ON_SERVER && prefetch === "none" && !reloadDocument && !mask && isPlainPath(to))
    return (
      <a {...anchor} href={to} target={target} data-discover={discover === "render" ? "true" : undefined}>
        {children}
      </a>
    );
  return <RouterLink ref={ref} {...props} />;
});

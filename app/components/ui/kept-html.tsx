import { createContext, type ReactNode, useContext } from "react";

/**
 * Writes a part of a page as HTML on the server, once for each object it is made from and each variant of it
 * (kept-html.server.tsx, given by entry.server.tsx); absent in the browser.
 */
export type KeptHtmlWriter = (source: object, variant: string, render: () => ReactNode) => string;

export const KeptHtmlContext = createContext<KeptHtmlWriter | null>(null);

type KeptHtmlProps = {
  /**
   * The object the part is drawn from, the same object for as long as what it holds stays the same: a list kept per
   * catalogue version, a module's constant. Its HTML is kept as long as that object lives.
   */
  source: object;
  /** Everything else the part's HTML depends on (the option chosen, the link marked current). */
  variant: string;
  /**
   * The part, from `source` and `variant` alone: it is rendered apart from the page on the server, so it may use no
   * hook and no router context (a Link to a plain path writes its `<a>` without one).
   */
  children: () => ReactNode;
};

/**
 * A part of a page the server writes once and keeps (decision 055), in a `display: contents` box: a list of 100
 * devices cost home a fifth of its CPU on every request. The browser renders the same part as React components in the
 * same box, and hydrates them over the server's HTML.
 */
export function KeptHtml({ source, variant, children }: KeptHtmlProps) {
  const keptHtml = useContext(KeptHtmlContext);
  if (keptHtml)
    return <div className="contents" dangerouslySetInnerHTML={{ __html: keptHtml(source, variant, children) }} />;
  return <div className="contents">{children()}</div>;
}

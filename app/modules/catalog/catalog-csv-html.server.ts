/**
 * Shopify's Body (HTML) as a description's plain text (docs/decisions/042, 069), with html-to-text: tags, scripts and
 * images gone, entities decoded, whitespace collapsed; HTML nested too deep to walk is read without its tags.
 */
import { convert } from "html-to-text";

/**
 * How deep a Body (HTML) may nest its tags before it is read as plain text: html-to-text walks the document by
 * recursion, and somewhere past 2,000 levels it runs out of stack (100,000 nested <div>s answered 500 after 14 s).
 * Real descriptions nest a handful of levels.
 */
export const MAX_HTML_DEPTH = 200;
/** Elements without content, and those a parser closes by itself when the next one opens (a <li> after a <li>). */
const NOT_NESTING = new Set(
  "area base br col embed hr img input link meta param source track wbr p li dt dd option optgroup tr td th thead tbody tfoot rt rp".split(
    " ",
  ),
);

/** The deepest nesting of the HTML's tags, counted from the tags alone (no parse): closing tags close one level. */
export function htmlDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const match of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^>]*?(\/?)>/g)) {
    if (NOT_NESTING.has(match[2]!.toLowerCase()) || match[3]) continue;
    if (match[1]) depth = Math.max(0, depth - 1);
    else deepest = Math.max(deepest, ++depth);
  }
  return deepest;
}

/** The HTML's text with every tag taken out (scripts, styles and comments with their content), entities kept. */
const withoutTags = (html: string) =>
  html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<[^>]*>/g, " ");

/**
 * Body (HTML) as the plain text of a description: tags and scripts gone, entities decoded, whitespace collapsed. HTML
 * nested deeper than MAX_HTML_DEPTH is read without its tags, lists and paragraphs then run together.
 */
export function htmlText(html: string): string {
  if (!html) return "";
  const flat = htmlDepth(html) > MAX_HTML_DEPTH;
  const text = convert(flat ? withoutTags(html) : html, {
    wordwrap: false,
    selectors: [
      { selector: "a", options: { ignoreHref: true } },
      { selector: "img", format: "skip" },
      { selector: "ul", options: { itemPrefix: "• " } },
      { selector: "table", format: "dataTable", options: { uppercaseHeaderCells: false } },
      ...["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({ selector, options: { uppercase: false } })),
    ],
  });
  return text.replace(/\s+/g, " ").trim();
}

import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { KeptHtmlWriter } from "./kept-html";

/** Variants kept for one source (a device filter has one per device chosen); the oldest let go beyond it. */
const MAX_VARIANTS = 500;

/**
 * The HTML of each part drawn with KeptHtml, kept for as long as the object it is drawn from lives (decision 055).
 * A list asked again for a new catalogue version is a new object, so its parts are written again and the old ones go
 * with the old list: nothing is kept past what it shows.
 */
export function createKeptHtml(maxVariants = MAX_VARIANTS): KeptHtmlWriter & { written: () => number } {
  const kept = new WeakMap<object, Map<string, string>>();
  let written = 0;
  const keptHtml = (source: object, variant: string, render: () => ReactNode) => {
    let variants = kept.get(source);
    if (!variants) kept.set(source, (variants = new Map()));
    let html = variants.get(variant);
    if (html === undefined) {
      html = renderToString(<>{render()}</>);
      written++;
      if (variants.size >= maxVariants) variants.delete(variants.keys().next().value!);
      variants.set(variant, html);
    }
    return html;
  };
  return Object.assign(keptHtml, { written: () => written });
}

export const keptHtml = createKeptHtml();

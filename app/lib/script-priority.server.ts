const PRELOAD = '<link rel="modulepreload"';
const LOW = '<link rel="modulepreload" fetchpriority="low"';
const HEAD_END = "</head>";

/**
 * Marks React Router's module preloads in the page's head `fetchpriority="low"` (docs/decisions/016). The HTML is
 * the page and works without JavaScript; at the default High priority the browser fetches ~125 KB of scripts
 * alongside the stylesheet and the largest picture on a slow link, and paints later. Low, it fetches the
 * stylesheet and the picture first and the scripts right after: the same scripts, hydrated a moment later.
 * Only the head is rewritten; everything from `</head>` on is the page's own bytes.
 */
export function lowPriorityModulePreloads(page: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const headEnd = page.indexOf(HEAD_END);
  const head = headEnd < 0 ? page : page.subarray(0, headEnd);
  // latin1 maps each byte to one character and back, so any character outside ASCII comes back as it was.
  const marked = head.toString("latin1").replaceAll(PRELOAD, LOW);
  if (marked.length === head.length) return page;
  const markedHead = Buffer.from(marked, "latin1");
  return headEnd < 0 ? markedHead : Buffer.concat([markedHead, page.subarray(headEnd)]);
}

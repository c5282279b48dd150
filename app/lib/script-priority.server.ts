import { Transform, type TransformCallback } from "node:stream";

const PRELOAD = '<link rel="modulepreload"';
const LOW = '<link rel="modulepreload" fetchpriority="low"';

/**
 * Marks React Router's module preloads in the page's head `fetchpriority="low"` (docs/decisions/016). The HTML is
 * the page and works without JavaScript; at the default High priority the browser fetches ~125 KB of scripts
 * alongside the stylesheet and the largest picture on a slow link, and paints later. Low, it fetches the
 * stylesheet and the picture first and the scripts right after: the same scripts, hydrated a moment later.
 * Only the head is rewritten; everything after `</head>` passes through as it comes.
 */
export class LowPriorityModulePreloads extends Transform {
  // latin1 maps each byte to one character and back, so multi-byte characters cut by a chunk boundary survive.
  private carry = "";
  private pastHead = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    if (this.pastHead) return done(null, chunk);
    let text = this.carry + chunk.toString("latin1");
    this.carry = "";
    const headEnd = text.indexOf("</head>");
    if (headEnd >= 0) {
      this.pastHead = true;
      return done(null, Buffer.from(rewrite(text.slice(0, headEnd)) + text.slice(headEnd), "latin1"));
    }
    // A tag cut in two by the chunk boundary waits for the next chunk.
    const cut = text.lastIndexOf("<");
    if (cut >= 0 && text.length - cut < PRELOAD.length) {
      this.carry = text.slice(cut);
      text = text.slice(0, cut);
    }
    done(null, Buffer.from(rewrite(text), "latin1"));
  }

  override _flush(done: TransformCallback) {
    done(null, Buffer.from(rewrite(this.carry), "latin1"));
  }
}

const rewrite = (html: string) => html.replaceAll(PRELOAD, LOW);

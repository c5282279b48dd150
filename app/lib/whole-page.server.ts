/**
 * Where React writes a whole page (the destination of `renderToPipeableStream(…).pipe`, once every part is ready):
 * the bytes kept in memory, to become one response body. Not a Node stream: creating a Writable for every page made
 * what the request reached outlive the young generation's collections (docs/decisions/066). React listens for
 * 'drain', 'error' and 'close'; a page kept in memory never asks to wait, never fails and never closes early, so
 * none of them is ever sent.
 */
export class WholePage {
  private readonly chunks: Uint8Array[] = [];
  private ended = false;

  write(chunk: Uint8Array | string): boolean {
    this.chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    return true;
  }

  end(chunk?: Uint8Array | string): this {
    if (chunk !== undefined) this.write(chunk);
    this.ended = true;
    return this;
  }

  on(): this {
    return this;
  }

  /**
   * This page as React's `pipe` takes it. React's types ask for a whole Node stream; what it calls is `write`, `end`
   * and `on` (react-dom/server.node's `pipe` and `writeChunk`), which this page has.
   */
  destination(): NodeJS.WritableStream {
    return this as unknown as NodeJS.WritableStream;
  }

  /** The page's bytes; React has written all of it once every part was ready, so it has ended. */
  bytes(): Buffer<ArrayBuffer> {
    if (!this.ended) throw new Error("React has not finished writing the page");
    return Buffer.concat(this.chunks);
  }
}

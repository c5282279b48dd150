// How the shop compresses what it sends (docs/decisions/052).
import compression from "compression";
import type { RequestHandler } from "express";
import { constants } from "node:zlib";

/** A page or data rendered for one request: gzip level 3 and Brotli quality 2, the fastest levels that still pack well. */
export const RENDERED_GZIP_LEVEL = 3;
export const RENDERED_BROTLI_QUALITY = 2;
/**
 * Brotli's window for a rendered answer: 64 KB (2^16) instead of the library's 4 MB (2^22). A stream does not know its
 * length, so at 4 MB every answer set up a 4 MB window: a signed-in `/cart` at 50 connections answered 217–240 pages a
 * second asked with Brotli, as browsers ask, against 589–627 with gzip; with 64 KB, 555–676 against gzip's 591–702
 * (docs/decisions/063).
 * Quality 2 found the same matches either way: the shop's pages (22–67 KB) come out the same size, to the byte or one.
 */
export const RENDERED_BROTLI_WINDOW_BITS = 16;

/** Files: build/client's assets and other files (a name with an extension, as favicon.svg), and uploads. */
export const isFilePath = (path: string) =>
  path.startsWith("/assets/") || path.startsWith("/uploads/") || hasFileExtension(path);

export const hasFileExtension = (path: string) => /\.[\w]+$/.test(path);

/**
 * Compression for every answer. A file is the same bytes every time: it keeps the library's default levels (gzip 6,
 * Brotli 4), and in production nginx serves it (deploy/nginx). A page is rendered, compressed and sent once; the
 * page cache keeps its own copies at the best levels (gzip 9, Brotli 9), so a rendered page is compressed at the fast
 * levels: a 74 KB page in 0.4 ms instead of 0.9 ms, 8 % more bytes on the wire (measured in decision 052).
 */
export function compressResponses(): RequestHandler {
  const files = compression();
  const rendered = compression({
    level: RENDERED_GZIP_LEVEL,
    brotli: {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: RENDERED_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_LGWIN]: RENDERED_BROTLI_WINDOW_BITS,
      },
    },
  });
  return (req, res, next) => (isFilePath(req.path) ? files : rendered)(req, res, next);
}

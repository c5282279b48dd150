// A rendered page compressed whole, by a gzip compressor kept for the next page (docs/decisions/067).
import Negotiator from "negotiator";
import { brotliCompressSync, constants, createGzip, gzipSync, type Gzip, type ZlibReset } from "node:zlib";

/**
 * A page or data rendered for one request: gzip level 3 and Brotli quality 2, the fastest levels that still pack
 * well.
 */
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
/** Brotli's parameters for a rendered answer, here and in the compression middleware (server/compression.ts). */
export const RENDERED_BROTLI_PARAMS = {
  [constants.BROTLI_PARAM_QUALITY]: RENDERED_BROTLI_QUALITY,
  [constants.BROTLI_PARAM_LGWIN]: RENDERED_BROTLI_WINDOW_BITS,
};

export type PageEncoding = "gzip" | "br" | "identity";

/** Accept-Encoding values already weighed, per order of preference: browsers send a handful of distinct ones. */
const weighed = new WeakMap<readonly string[], Map<string, PageEncoding>>();
const WEIGHED_MAX = 256;
type Preference = readonly Exclude<PageEncoding, "identity">[];

/**
 * The first encoding of `preference` that an Accept-Encoding header takes, else none. An encoding refused by weight
 * (`gzip;q=0`) is not taken; the parsing is Negotiator's, as the compression library's. Remembered per header value
 * for each order of preference (pass one kept array; at most 256 values, forgotten together when full), so a page
 * from the cache does not parse the header every time.
 */
export function acceptedEncoding(header: string | null | undefined, preference: Preference): PageEncoding {
  if (!header) return "identity";
  let answers = weighed.get(preference);
  if (!answers) weighed.set(preference, (answers = new Map()));
  let encoding = answers.get(header);
  if (encoding === undefined) {
    const accepted = new Negotiator({ headers: { "accept-encoding": header } }).encodings([...preference]);
    encoding = preference.find((candidate) => accepted.includes(candidate)) ?? "identity";
    if (answers.size >= WEIGHED_MAX) answers.clear();
    answers.set(header, encoding);
  }
  return encoding;
}

const GZIP_FIRST: Preference = ["gzip", "br"];

/**
 * The encoding of a rendered page for a request's Accept-Encoding: gzip whenever it is taken (every browser), Brotli
 * for a client that takes only Brotli, else none.
 */
export const pageEncoding = (acceptEncoding: string | null): PageEncoding =>
  acceptedEncoding(acceptEncoding, GZIP_FIRST);

/** The page in the encoding asked for, at the rendered levels. */
export async function compressPage(page: Buffer<ArrayBuffer>, encoding: PageEncoding): Promise<Buffer<ArrayBuffer>> {
  if (encoding === "gzip") return gzipPage(page);
  if (encoding === "br")
    return brotliCompressSync(page, {
      params: { ...RENDERED_BROTLI_PARAMS, [constants.BROTLI_PARAM_SIZE_HINT]: page.length },
    }) as Buffer<ArrayBuffer>;
  return page;
}

/**
 * A gzip compressor, its output for the page it is on, and what to do if it fails on that page. Node documents
 * `reset()` on every zlib class (ZlibBase); @types/node names it on Deflate and Inflate only, so it is added to Gzip's
 * type here.
 */
type Compressor = { engine: Gzip & ZlibReset; chunks: Buffer[]; fail?: () => void };

/** A page waiting for a compressor, and the answer it waits for. */
type Job = { page: Buffer<ArrayBuffer>; resolve: (gzipped: Buffer<ArrayBuffer>) => void };

/**
 * At most MAX_COMPRESSORS compressors live, made as pages need them and kept between pages; a page that finds every
 * one busy waits for the first free one (`waiting`, first come first served). More would not compress sooner: the
 * work runs on libuv's thread pool, 4 threads. Making one per page beyond the kept ones, and closing it after (as
 * until 2026-11-28 evening), cost a zlib object and an error object each time (Node fails a closed stream's pending
 * callbacks), at 50 connections on one process most pages.
 */
export const MAX_COMPRESSORS = 8;
const idle: Compressor[] = [];
const waiting: Job[] = [];
let live = 0;

function newCompressor(): Compressor {
  live++;
  // Every write finishes its gzip member (Z_FINISH): a page is one write, one trip to the thread pool.
  const engine = createGzip({ level: RENDERED_GZIP_LEVEL, flush: constants.Z_FINISH }) as Gzip & ZlibReset;
  const compressor: Compressor = { engine, chunks: [] };
  engine.on("data", (chunk: Buffer) => compressor.chunks.push(chunk));
  engine.on("error", () => compressor.fail?.());
  return compressor;
}

/** How many compressors are alive (for tests: never more than MAX_COMPRESSORS). */
export const liveCompressors = () => live;

/**
 * One page gzipped whole: written in one go, finished (Z_FINISH: a complete gzip member), and the compressor reset for
 * the next page. A new zlib stream per answer (the compression library's way, and `gzipSync`'s) costs its object, a
 * 16 KB output buffer and 256 KB of zlib's memory every time, and set off 4–7 mark-compacts in 10 s at 4 connections;
 * a kept compressor costs them once (decision 067). The work runs on libuv's thread pool, off the main thread.
 */
export function gzipPage(page: Buffer<ArrayBuffer>): Promise<Buffer<ArrayBuffer>> {
  return new Promise((resolve) => {
    let compressor = idle.pop();
    while (compressor?.engine.destroyed) {
      live--;
      compressor = idle.pop();
    }
    compressor ??= live < MAX_COMPRESSORS ? newCompressor() : undefined;
    if (compressor) compress(compressor, { page, resolve });
    else waiting.push({ page, resolve });
  });
}

/** A free compressor takes the page waiting longest, or waits itself. */
function nextPage(compressor: Compressor) {
  const job = waiting.shift();
  if (job) compress(compressor, job);
  else idle.push(compressor);
}

function compress(kept: Compressor, { page, resolve }: Job) {
  // A compressor that fails (or gives a gzip member that is not the page) is closed, and the page gzipped in one
  // call instead: the visitor gets the page either way. A page waiting takes a new compressor in its place.
  const inOneCall = () => {
    kept.fail = undefined;
    kept.chunks = [];
    kept.engine.destroy();
    live--;
    resolve(gzipSync(page, { level: RENDERED_GZIP_LEVEL }) as Buffer<ArrayBuffer>);
    if (waiting.length > 0) nextPage(newCompressor());
  };
  kept.fail = inOneCall;
  kept.engine.write(page, () => {
    if (kept.fail !== inOneCall) return; // failed already
    const gzipped = Buffer.concat(kept.chunks);
    // A gzip member ends with the length of what it holds (RFC 1952).
    if (gzipped.length < 18 || gzipped.readUInt32LE(gzipped.length - 4) !== page.length % 2 ** 32) return inOneCall();
    kept.fail = undefined;
    kept.chunks = [];
    kept.engine.reset();
    resolve(gzipped as Buffer<ArrayBuffer>);
    nextPage(kept);
  });
}

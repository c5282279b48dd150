import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeader, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import type { RequestHandler, Response } from "express";
import onHeaders from "on-headers";
import type { PageUse } from "~/context";
import { acceptedEncoding, type PageEncoding } from "~/lib/page-compression.server";
import { policyWithoutNonce } from "~/lib/script-hashes.server";
import type { ContentVersion } from "./content-version-watch";

const brotliAsync = promisify(brotliCompress);

export type PageCacheOptions = {
  /** How many pages to keep; the least recently used goes first. 0 turns the cache off. */
  maxEntries: number;
  /** The storefront content version, kept fresh in the background: a hit asks the database nothing. */
  version: ContentVersion;
  /** What besides the URL changes a page: the age-check answer (from the Cookie header). */
  variant: (cookieHeader: string | undefined) => string;
  /** Cache-Control of a page that is the same for everyone (a CDN may keep it briefly). */
  sharedCacheControl: string;
  /** Upper bound on an entry's age, whatever the version says (not while the database is down). */
  maxAgeMs?: number;
  maxBodyBytes?: number;
};

const BROTLI_FIRST = ["br", "gzip"] as const;
const GZIP_ONLY = ["gzip"] as const;
type Entry = {
  version: number;
  storedAt: number;
  etag: string;
  /** Brotli arrives a moment after the entry is stored (compressed off the main thread); gzip until then. */
  bodies: { identity: Buffer; gzip: Buffer; br?: Buffer };
  /** The whole header block per encoding, ready for writeHead: nothing is computed on a hit. */
  heads: {
    identity: OutgoingHttpHeader[];
    gzip: OutgoingHttpHeader[];
    br?: OutgoingHttpHeader[];
    notModified: OutgoingHttpHeader[];
  };
};

// Headers that belong to one response, or that are set per encoding below.
const perResponseHeaders = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "vary",
  "date",
  "etag",
  "connection",
  "keep-alive",
  "x-page-cache",
  "x-request-id",
]);

/**
 * Not pages: small JSON answers such as /api/search are keyed by their query, so storing them would fill the cache
 * with one entry per keystroke and push the pages out. Those that are the same for everyone say so in their own
 * Cache-Control, and the browser (or a CDN) keeps them instead.
 */
const NOT_PAGES = /^\/api\//;

/**
 * A body as sent, back to its plain bytes (stored once per page and catalogue version, so the cost is rare); one that
 * does not unpack is not stored (undefined).
 */
function decoded(body: Buffer, encoding: unknown): Buffer | undefined {
  try {
    if (encoding === "gzip") return gunzipSync(body);
    if (encoding === "br") return brotliDecompressSync(body);
    return body;
  } catch {
    return undefined;
  }
}

/** Whether an If-None-Match header names this entity tag (a list, weak or not, or `*`). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim().replace(/^W\//, "");
    return value === etag || value === "*";
  });
}

/**
 * Keeps the pages that are the same for everyone (docs/decisions/017). `serve` answers a hit straight from the
 * node:http request, before Express: the stored bytes, already compressed (brotli or gzip) with their ETag (304 on
 * If-None-Match) and their CSP, without a database query or a rewrite. `middleware` sits before the routes: it
 * decides Cache-Control (a page that read the session is private; anything else 200 is shared) and stores what may
 * be shared. While the database is down, stored pages are served whatever their age.
 */
export function pageCache(options: PageCacheOptions) {
  const entries = new Map<string, Entry>();
  const maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
  const maxBodyBytes = options.maxBodyBytes ?? 512 * 1024;
  const keyOf = (req: IncomingMessage) => `${options.variant(req.headers.cookie)}|${req.url}`;

  function serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (entries.size === 0 || (req.method !== "GET" && req.method !== "HEAD")) return false;
    const key = keyOf(req);
    const entry = entries.get(key);
    if (!entry) return false;
    if (
      !options.version.databaseDown() &&
      (entry.version !== options.version.current() || Date.now() - entry.storedAt > maxAgeMs)
    )
      return false;
    entries.delete(key);
    entries.set(key, entry);
    if (matchesEtag(req.headers["if-none-match"], entry.etag)) {
      res.writeHead(304, entry.heads.notModified);
      res.end();
      return true;
    }
    // Brotli whenever it is taken and ready (it is made after the first hit), else gzip, else plain; weights honoured.
    const encoding = acceptedEncoding(req.headers["accept-encoding"], entry.bodies.br ? BROTLI_FIRST : GZIP_ONLY);
    res.writeHead(200, entry.heads[encoding]!);
    res.end(req.method === "HEAD" ? undefined : entry.bodies[encoding]);
    return true;
  }

  const middleware: RequestHandler = (req, res, next) => {
    const use: PageUse = { session: false };
    res.locals.pageUse = use;
    onHeaders(res, () => {
      if (res.getHeader("cache-control") === undefined && (req.method === "GET" || req.method === "HEAD")) {
        if (use.session) res.setHeader("Cache-Control", "private, no-store");
        else if (res.statusCode === 200 && !res.getHeader("set-cookie")) {
          res.setHeader("Cache-Control", options.sharedCacheControl);
          res.vary("Cookie");
        }
      }
      // An answer nginx or a CDN may keep carries no nonce: it would be every later visitor's too. A page rendered to
      // be shared allows its inline scripts by their hashes (app/entry.server.tsx), whatever it was answered in the
      // end; anything else public (robots.txt, a .data answer, /api/search) has no inline script to allow.
      const policy = res.getHeader("content-security-policy");
      const shared = /\bpublic\b/.test(String(res.getHeader("cache-control") ?? ""));
      if (typeof policy === "string" && (use.scriptHashes !== undefined || shared))
        res.setHeader("Content-Security-Policy", policyWithoutNonce(policy, use.scriptHashes ?? ""));
    });
    if (req.method !== "GET" || options.maxEntries <= 0 || NOT_PAGES.test(req.path)) return next();
    res.setHeader("X-Page-Cache", "miss");
    const version = options.version.current();
    if (version !== undefined)
      capture(
        res,
        () => shareable(res, use),
        (body) => store(keyOf(req), version, res, body),
      );
    next();
  };

  /** Whether an ended response may be kept: a 200 for everyone (no session read, no cookie set, public). */
  const shareable = (res: Response, use: PageUse) =>
    res.statusCode === 200 &&
    !use.session &&
    !res.getHeader("set-cookie") &&
    /\bpublic\b/.test(String(res.getHeader("cache-control") ?? ""));

  /** Stored as the response ends (plain and gzip at once, so the next request is a hit); brotli follows. */
  function store(key: string, version: number, res: Response, body: Buffer) {
    // A public answer was rendered without a nonce and its policy names its scripts' hashes (middleware above), so
    // the bytes (and so the ETag) are the same on every server copy and nothing is rewritten here.
    const identity = body;
    const headers: Array<[string, string]> = [];
    for (const [name, value] of Object.entries(res.getHeaders())) {
      if (value === undefined || perResponseHeaders.has(name)) continue;
      headers.push([name, Array.isArray(value) ? value.join(", ") : String(value)]);
    }
    const gzipped = gzipSync(identity, { level: 9 });
    const etag = `"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
    const head = (encoding: PageEncoding | "notModified", length = 0): OutgoingHttpHeader[] => {
      const flat: string[] = [];
      for (const [name, value] of headers) {
        // A 304 carries what a cache needs to refresh its copy, not the body's type.
        if (encoding !== "notModified" || name !== "content-type") flat.push(name, value);
      }
      flat.push("vary", "Accept-Encoding, Cookie", "etag", etag, "x-page-cache", "hit");
      if (encoding === "br" || encoding === "gzip") flat.push("content-encoding", encoding);
      if (encoding !== "notModified") flat.push("content-length", String(length));
      return flat;
    };
    const entry: Entry = {
      version,
      storedAt: Date.now(),
      etag,
      bodies: { identity, gzip: gzipped },
      heads: {
        identity: head("identity", identity.length),
        gzip: head("gzip", gzipped.length),
        notModified: head("notModified"),
      },
    };
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
    brotliAsync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }).then(
      (brotli) => {
        entry.bodies.br = brotli;
        entry.heads.br = head("br", brotli.length);
      },
      () => {}, // gzip it stays
    );
  }

  /**
   * Collects the body as the route writes it (before the compression middleware, which wraps res.write further out).
   * A rendered page comes already compressed for its own request (decision 067): the cache keeps its plain bytes,
   * unpacked only when the ended response may be kept (a signed-in page is not: no zlib object for it).
   */
  function capture(res: Response, keep: () => boolean, done: (body: Buffer) => void) {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    // The route's own encoding, read before its first bytes pass on (the compression middleware sets its own as they
    // do, and what it compresses is collected here before it does).
    let routeEncoding: unknown;
    let first = true;
    const collect = (chunk: unknown, encoding?: unknown) => {
      if (first) routeEncoding = res.getHeader("content-encoding");
      first = false;
      if (tooBig || chunk == null || typeof chunk === "function") return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
          : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > maxBodyBytes) tooBig = true;
      else chunks.push(buffer);
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      collect(chunk, rest[0]);
      // Ended first, so the headers set as they are written (Cache-Control) are there to decide on.
      const ended = end(chunk, ...rest);
      const body = tooBig || !keep() ? undefined : decoded(Buffer.concat(chunks), routeEncoding);
      if (body) done(body);
      return ended;
    }) as Response["end"];
  }

  return { serve, middleware, clear: () => entries.clear(), size: () => entries.size };
}

export type PageCache = ReturnType<typeof pageCache>;

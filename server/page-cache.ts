import type { Request, RequestHandler, Response } from "express";

export type PageCacheOptions = {
  /** How many pages to keep; the least recently used goes first. */
  maxEntries: number;
  /** The storefront content version from the database: a change drops every cached page on every server copy. */
  version: () => Promise<number>;
  /** Requests carrying any other cookie (a session, a flash message…) are never served from or stored in the cache. */
  allowedCookies: string[];
  /** What else besides the URL changes the page (e.g. the age-check answer). */
  variant: (req: Request) => string;
  /** Upper bound on an entry's age, whatever the version says. */
  maxAgeMs?: number;
  maxBodyBytes?: number;
};

type Entry = { headers: Array<[string, string | number | string[]]>; parts: string[]; version: number; storedAt: number };

// Headers that belong to one response, or that earlier middleware sets afresh for every response.
const perResponseHeaders = new Set([
  "content-security-policy", "set-cookie", "content-length", "content-encoding", "transfer-encoding",
  "vary", "date", "etag", "connection", "keep-alive", "x-page-cache",
]);

function onlyAllowedCookies(header: string | undefined, allowed: string[]): boolean {
  if (!header) return true;
  return header.split(";").every((part) => {
    const name = part.split("=", 1)[0]!.trim();
    return name === "" || allowed.includes(name);
  });
}

/**
 * Keeps rendered pages for anonymous visitors. A hit is the stored page with this response's CSP nonce put in
 * place of the stored one. Only 200 responses to GET without Set-Cookie or Cache-Control: no-store/private are kept.
 */
export function pageCache(options: PageCacheOptions): RequestHandler & { clear: () => void; size: () => number } {
  const entries = new Map<string, Entry>();
  const maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
  const maxBodyBytes = options.maxBodyBytes ?? 512 * 1024;

  const handler: RequestHandler = async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || options.maxEntries <= 0) return next();
    if (!onlyAllowedCookies(req.headers.cookie, options.allowedCookies)) {
      res.setHeader("X-Page-Cache", "bypass");
      return next();
    }
    let version: number;
    try {
      version = await options.version();
    } catch {
      return next();
    }
    const key = `${options.variant(req)}|${req.originalUrl}`;
    const nonce = String(res.locals.nonce ?? "");
    const hit = entries.get(key);
    if (hit && hit.version === version && Date.now() - hit.storedAt < maxAgeMs) {
      entries.delete(key);
      entries.set(key, hit);
      for (const [name, value] of hit.headers) res.setHeader(name, value);
      res.setHeader("X-Page-Cache", "hit");
      res.status(200).end(req.method === "HEAD" ? undefined : hit.parts.join(nonce));
      return;
    }
    res.setHeader("X-Page-Cache", "miss");
    if (req.method === "GET") capture(res, (body) => store(key, version, nonce, res, body));
    next();
  };

  function store(key: string, version: number, nonce: string, res: Response, body: Buffer) {
    const cacheControl = String(res.getHeader("cache-control") ?? "");
    if (res.statusCode !== 200 || res.getHeader("set-cookie") || /no-store|private/.test(cacheControl)) return;
    const headers = Object.entries(res.getHeaders())
      .filter(([name, value]) => value !== undefined && !perResponseHeaders.has(name))
      .map(([name, value]) => [name, value] as [string, string | number | string[]]);
    const text = body.toString("utf8");
    entries.delete(key);
    entries.set(key, { headers, parts: nonce ? text.split(nonce) : [text], version, storedAt: Date.now() });
    while (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
  }

  function capture(res: Response, done: (body: Buffer) => void) {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    const collect = (chunk: unknown, encoding?: unknown) => {
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
      if (!tooBig) done(Buffer.concat(chunks));
      return end(chunk, ...rest);
    }) as Response["end"];
  }

  return Object.assign(handler, { clear: () => entries.clear(), size: () => entries.size });
}

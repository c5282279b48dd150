import { createHash } from "node:crypto";
import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type * as zlibModule from "node:zlib";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { inlineScriptHashes } from "~/lib/script-hashes.server";
import { pageCache } from "./page-cache";

// The cache's own unpacking, counted: a page it may not keep must not be unpacked at all. Its Brotli copies, made in
// the background after a response, counted while under way.
const unpacked = vi.hoisted(() => ({ count: 0 }));
const brotliUnderWay = vi.hoisted(() => ({ count: 0 }));
vi.mock("node:zlib", async (importOriginal) => {
  const zlib = await importOriginal<typeof zlibModule>();
  const counted =
    <A extends unknown[], R>(f: (...args: A) => R) =>
    (...args: A) => {
      unpacked.count++;
      return f(...args);
    };
  const brotliCompress = ((
    input: zlibModule.InputType,
    options: zlibModule.BrotliOptions,
    done: zlibModule.CompressCallback,
  ) => {
    brotliUnderWay.count++;
    zlib.brotliCompress(input, options, (error, result) => {
      brotliUnderWay.count--;
      done(error, result);
    });
  }) as typeof zlib.brotliCompress;
  return {
    ...zlib,
    gunzipSync: counted(zlib.gunzipSync),
    brotliDecompressSync: counted(zlib.brotliDecompressSync),
    brotliCompress,
  };
});

let version = 1;
let down = false;
let renders = 0;
let baseUrl = "";
let server: Server;
const cache = pageCache({
  maxEntries: 3,
  version: { current: () => version, databaseDown: () => down, refresh: async () => {}, stop: async () => {} },
  variant: (cookie) => (cookie?.includes("age_verified=yes") ? "adult" : "unknown"),
  sharedCacheControl: "public, max-age=0, s-maxage=60",
});

beforeAll(async () => {
  const app = express();
  let n = 0;
  app.use((_req, res, next) => {
    res.locals.nonce = `nonce-${++n}-x`;
    res.setHeader("Content-Security-Policy", `script-src 'self' 'nonce-${res.locals.nonce}'`);
    next();
  });
  app.use(compression({ threshold: 0 }));
  app.use(cache.middleware);
  // A page as entry.server renders one that may be shared: no nonce, its inline script allowed by its hash.
  app.get("/page/:name", (req, res) => {
    renders++;
    const script = `<script>/*${req.params.name}*/</script>`;
    res.locals.pageUse.scriptHashes = inlineScriptHashes(script);
    res.type("html");
    res.write(script);
    res.end(`<p>render ${renders}</p>`);
  });
  // Rendered to be shared, then a cookie set on the way out (as oneSessionCookie does): private, hashes all the same.
  app.get("/page-with-cookie", (_req, res) => {
    const script = `<script>/*cookie*/</script>`;
    res.locals.pageUse.scriptHashes = inlineScriptHashes(script);
    res.cookie("flash", "1").type("html").send(script);
  });
  // A signed-in page as entry.server renders it: its own nonce.
  app.get("/personal/page", (_req, res) => {
    res.locals.pageUse.session = true;
    res.type("html").send(`<script nonce="${res.locals.nonce}">/*yours*/</script>`);
  });
  // A page as entry.server sends it: compressed already for its own request (decision 067).
  app.get("/rendered/:encoding", (req, res) => {
    const page = Buffer.from(`<p>rendered ${++renders} in ${req.params.encoding}</p>`);
    const encoding = req.params.encoding === "br" ? "br" : "gzip";
    res.set({ "content-type": "text/html", "content-encoding": encoding, vary: "Accept-Encoding" });
    res.end(encoding === "br" ? brotliCompressSync(page) : gzipSync(page));
  });
  // A page that says it is gzipped and is not: sent as it is, never stored.
  app.get("/garbled", (_req, res) => {
    res.set({ "content-type": "text/html", "content-encoding": "gzip" });
    res.end(`render ${++renders}`);
  });
  // A page that read the session (getSessionUser notes it in pageUse).
  app.get("/personal", (_req, res) => {
    res.locals.pageUse.session = true;
    res.send(`render ${++renders}`);
  });
  // A signed-in page as entry.server sends it: read the session, compressed for its request.
  app.get("/personal/rendered", (_req, res) => {
    res.locals.pageUse.session = true;
    res.set({ "content-type": "text/html", "content-encoding": "gzip" });
    res.end(gzipSync(`<p>yours ${++renders}</p>`));
  });
  app.get("/cookie", (_req, res) => void res.cookie("flash", "1").send(`render ${++renders}`));
  app.get("/private", (_req, res) => void res.set("Cache-Control", "private").send(`render ${++renders}`));
  app.get("/missing", (_req, res) => void res.status(404).send(`render ${++renders}`));
  // A JSON answer the same for everyone, kept by browsers for a minute (like /api/search).
  app.get(
    "/api/search",
    (req, res) => void res.set("Cache-Control", "public, max-age=60").json({ q: req.query.q, render: ++renders }),
  );
  server = createServer((req, res) => cache.serve(req, res) || app(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  cache.clear();
  version = 1;
  down = false;
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(baseUrl + path, { headers });
  const body = await response.text();
  // The store makes its Brotli copy after the response: the next request finds it made.
  await vi.waitFor(() => expect(brotliUnderWay.count).toBe(0), { interval: 5 });
  return { status: response.status, state: response.headers.get("x-page-cache"), headers: response.headers, body };
};

describe("pageCache", () => {
  it("serves the second visit from memory: the same bytes, its inline scripts allowed by hash instead of a nonce", async () => {
    const first = await get("/page/a", { cookie: "age_verified=yes" });
    const second = await get("/page/a", { cookie: "age_verified=yes" });
    expect(first.state).toBe("miss");
    expect(second.state).toBe("hit");
    expect(second.headers.get("content-type")).toBe(first.headers.get("content-type"));
    expect(second.body).toBe(first.body);
    const hash = createHash("sha256").update("/*a*/").digest("base64");
    expect(second.headers.get("content-security-policy")).toBe(`script-src 'self' 'sha256-${hash}'`);
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60");
    expect(second.headers.get("vary")).toBe("Accept-Encoding, Cookie");
  });

  it("answers a public page with its scripts' hashes from the first answer on, never a nonce (issue 65)", async () => {
    // nginx or a CDN keeps the first answer (the miss) and gives it to every later visitor, nonce and all.
    const hash = `'sha256-${createHash("sha256").update("/*n*/").digest("base64")}'`;
    const miss = await get("/page/n");
    const hit = await get("/page/n");
    expect(miss.state).toBe("miss");
    expect(hit.state).toBe("hit");
    for (const answer of [miss, hit]) {
      expect(answer.headers.get("cache-control")).toContain("public");
      expect(answer.headers.get("content-security-policy")).toBe(`script-src 'self' ${hash}`);
      expect(answer.body).not.toContain("nonce");
    }
    // Any other public answer (here one that says so itself) names no nonce: it has no inline script to allow.
    const search = await get("/api/search?q=mint");
    expect(search.headers.get("cache-control")).toBe("public, max-age=60");
    expect(search.headers.get("content-security-policy")).toBe("script-src 'self'");
  });

  it("keeps a personal page's own nonce, and a page rendered to be shared its hashes when it ends up private", async () => {
    const personal = await get("/personal/page", { cookie: "shop.session_token=abc" });
    expect(personal.headers.get("cache-control")).toBe("private, no-store");
    const nonce = /nonce="([^"]+)"/.exec(personal.body)![1]!;
    expect(personal.headers.get("content-security-policy")).toBe(`script-src 'self' 'nonce-${nonce}'`);

    const withCookie = await get("/page-with-cookie");
    expect(withCookie.headers.get("cache-control")).toBeNull();
    const hash = `'sha256-${createHash("sha256").update("/*cookie*/").digest("base64")}'`;
    expect(withCookie.headers.get("content-security-policy")).toBe(`script-src 'self' ${hash}`);
    expect(cache.size()).toBe(0);
  });

  it("keeps brotli, gzip and plain copies, with their lengths, and answers 304 to its ETag", async () => {
    await get("/page/z");
    const br = await rawGet("/page/z", "br");
    const gz = await rawGet("/page/z", "gzip");
    const plain = await rawGet("/page/z", "identity");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const copy of [br, gz, plain]) expect(Number(copy.headers["content-length"])).toBe(copy.bytes.length);
    const text = plain.bytes.toString();
    expect(text).toContain("/*z*/");
    expect(brotliDecompressSync(br.bytes).toString()).toBe(text);
    expect(gunzipSync(gz.bytes).toString()).toBe(text);
    for (const copy of [br, gz]) expect(copy.headers.etag).toBe(plain.headers.etag);

    const etag = String(plain.headers.etag);
    const notModified = await fetch(`${baseUrl}/page/z`, { headers: { "if-none-match": `W/"other", ${etag}` } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("etag")).toBe(etag);
    expect((await fetch(`${baseUrl}/page/z`, { headers: { "if-none-match": '"other"' } })).status).toBe(200);
  });

  it("sends each copy only to a client that takes it: weights are honoured, Brotli first when both are", async () => {
    await get("/page/w");
    const encodingFor = async (accept: string) => (await rawGet("/page/w", accept)).headers["content-encoding"];
    expect(await encodingFor("gzip, deflate, br, zstd")).toBe("br");
    expect(await encodingFor("br;q=0, gzip")).toBe("gzip");
    expect(await encodingFor("gzip;q=0, br;q=0, identity")).toBeUndefined();
    expect(await encodingFor("*")).toBe("br");
    expect(await encodingFor("deflate")).toBeUndefined();
  });

  it("keeps the plain bytes of a page that came compressed, and serves them in every encoding", async () => {
    for (const encoding of ["gzip", "br"]) {
      const miss = await get(`/rendered/${encoding}`, { "accept-encoding": "gzip, br" });
      expect(miss.state).toBe("miss");
      const plain = await rawGet(`/rendered/${encoding}`, "identity");
      expect(plain.headers["x-page-cache"]).toBe("hit");
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.bytes.toString()).toBe(miss.body);
      expect(plain.bytes.toString()).toMatch(new RegExp(`^<p>rendered \\d+ in ${encoding}</p>$`));
      expect(gunzipSync((await rawGet(`/rendered/${encoding}`, "gzip")).bytes).toString()).toBe(miss.body);
    }
  });

  it("does not keep a body that does not unpack as its encoding says", async () => {
    const first = await rawGet("/garbled", "gzip");
    expect(first.bytes.toString()).toMatch(/^render \d+$/);
    const second = await rawGet("/garbled", "gzip");
    expect(second.headers["x-page-cache"]).toBe("miss");
    expect(second.bytes.toString()).not.toBe(first.bytes.toString());
  });

  it("keeps each age-check answer apart", async () => {
    await get("/page/b", { cookie: "age_verified=yes" });
    expect((await get("/page/b")).state).toBe("miss");
    expect((await get("/page/b")).state).toBe("hit");
  });

  it("serves a shared page to a signed-in visitor too: it carries nothing personal", async () => {
    await get("/page/c");
    const signedIn = await get("/page/c", { cookie: "shop.session_token=abc" });
    expect(signedIn.state).toBe("hit");
  });

  it("never keeps a page that read the session, and marks it private", async () => {
    const first = await get("/personal", { cookie: "shop.session_token=abc" });
    const second = await get("/personal");
    expect(first.headers.get("cache-control")).toBe("private, no-store");
    expect(second.state).toBe("miss");
    expect(second.body).not.toBe(first.body);
    expect(cache.size()).toBe(0);
  });

  it("does not unpack a compressed page it may not keep", async () => {
    unpacked.count = 0;
    const page = await get("/personal/rendered", { cookie: "shop.session_token=abc", "accept-encoding": "gzip" });
    expect(page.body).toMatch(/^<p>yours \d+<\/p>$/);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(unpacked.count).toBe(0);
    await get("/rendered/gzip", { "accept-encoding": "gzip" });
    expect(unpacked.count).toBe(1);
    expect(cache.size()).toBe(1);
  });

  it("drops pages when the content version changes", async () => {
    await get("/page/e");
    version = 2;
    expect((await get("/page/e")).state).toBe("miss");
    expect((await get("/page/e")).state).toBe("hit");
  });

  it("while the database is down, serves what it has whatever its version", async () => {
    const stored = await get("/page/f");
    version = 3;
    down = true;
    const stale = await get("/page/f");
    expect(stale.state).toBe("hit");
    expect(stale.body).toBe(stored.body);
  });

  it("does not keep errors, responses that set cookies, or private responses", async () => {
    for (const path of ["/missing", "/cookie", "/private"]) {
      const first = await get(path);
      const second = await get(path);
      expect(second.state).toBe("miss");
      expect(second.body).not.toBe(first.body);
    }
    expect(cache.size()).toBe(0);
  });

  it("never keeps /api/* answers, even public ones: one entry per keystroke would push the pages out", async () => {
    await get("/page/kept");
    for (const q of ["mi", "min", "mint", "mint"]) {
      const answer = await get(`/api/search?q=${q}`);
      expect(answer.state).toBeNull();
      expect(answer.headers.get("cache-control")).toBe("public, max-age=60");
      expect(answer.headers.get("vary")).not.toContain("Cookie");
    }
    expect(cache.size()).toBe(1);
    expect((await get("/page/kept")).state).toBe("hit");
  });

  it("forgets the least recently used page beyond its size", async () => {
    for (const name of ["1", "2", "3"]) await get(`/page/${name}`);
    await get("/page/1");
    await get("/page/4");
    expect(cache.size()).toBe(3);
    expect((await get("/page/1")).state).toBe("hit");
    expect((await get("/page/2")).state).toBe("miss");
  });
});

/** The bytes as sent (fetch would decode them). */
function rawGet(path: string, encoding: string): Promise<{ headers: IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    request(baseUrl + path, { headers: { "accept-encoding": encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, bytes: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}

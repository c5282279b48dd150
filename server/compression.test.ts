// Rendered pages are compressed at the fast levels, files at the library's defaults (docs/decisions/052).
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  RENDERED_BROTLI_QUALITY,
  RENDERED_BROTLI_WINDOW_BITS,
  RENDERED_GZIP_LEVEL,
} from "~/lib/page-compression.server";
import { compressResponses, isFilePath } from "./compression";

// Like a catalogue page: the same markup with different names and prices, enough for the levels to differ.
const body = Array.from(
  { length: 400 },
  (_, i) =>
    `<article class="card"><h2><a href="/flavour/item-${i * 7919}">Flavour ${i} ${(i * 31) % 97}</a></h2>` +
    `<span class="price">£${(i % 13) + 3}.${(i * 17) % 100}</span></article>`,
).join("\n");

let server: Server;
let base = "";
beforeAll(async () => {
  const app = express();
  app.use(compressResponses());
  app.get(["/flavours", "/assets/app-1a2b.js", "/favicon.svg", "/uploads/a/b"], (req, res) => {
    res.type(req.path.endsWith(".js") ? "text/javascript" : "text/html").send(body);
  });
  // A rendered page as entry.server sends it: gzipped already, for its own request (decision 067).
  app.get("/about", (_req, res) => {
    res.set({ "content-type": "text/html", "content-encoding": "gzip", vary: "Accept-Encoding" });
    res.end(gzipAt(RENDERED_GZIP_LEVEL));
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function get(path: string, encoding: string): Promise<{ encoding?: string; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { headers: { "accept-encoding": encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ encoding: response.headers["content-encoding"], bytes: Buffer.concat(chunks) }),
      );
    })
      .on("error", reject)
      .end();
  });
}

const gzipAt = (level: number) => gzipSync(body, { level });
const brotliAt = (quality: number) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
/** The window a Brotli stream was made with, from its first bits (RFC 7932, 9.1): 16 when the first bit is 0. */
function brotliWindowBits(stream: Buffer): number {
  if ((stream[0]! & 1) === 0) return 16;
  const next = (stream[0]! >> 1) & 0b111;
  return next !== 0 ? 17 + next : [17, 0, 10, 11, 12, 13, 14, 15][(stream[0]! >> 4) & 0b111]!;
}

describe("compression", () => {
  it("tells files from pages", () => {
    expect(["/assets/app-1a2b.js", "/favicon.svg", "/images/catalog/x.webp", "/uploads/a/b"].every(isFilePath)).toBe(
      true,
    );
    expect(["/", "/flavours", "/flavour/abc", "/api/me", "/products"].some(isFilePath)).toBe(false);
  });

  it("compresses a rendered page with gzip at the fast level, and it unpacks to the page", async () => {
    expect(gzipAt(RENDERED_GZIP_LEVEL).equals(gzipAt(6))).toBe(false);
    const page = await get("/flavours", "gzip");
    expect(page.encoding).toBe("gzip");
    expect(gunzipSync(page.bytes).toString()).toBe(body);
    expect(page.bytes.equals(gzipAt(RENDERED_GZIP_LEVEL))).toBe(true);
  });

  it("compresses a rendered page with Brotli at the fast quality when the browser takes it", async () => {
    const page = await get("/flavours", "gzip, deflate, br");
    expect(page.encoding).toBe("br");
    expect(brotliDecompressSync(page.bytes).toString()).toBe(body);
    expect(page.bytes.length).toBe(brotliAt(RENDERED_BROTLI_QUALITY).length);
    expect(page.bytes.length).not.toBe(brotliAt(4).length);
  });

  it("gives Brotli a window the size of a page, not the library's 4 MB", async () => {
    expect(RENDERED_BROTLI_WINDOW_BITS).toBe(16);
    const page = await get("/flavours", "br");
    expect(brotliWindowBits(page.bytes)).toBe(16);
    // Files keep the library's own window, and what the marker reads for it is right.
    expect(brotliWindowBits((await get("/assets/app-1a2b.js", "br")).bytes)).toBe(22);
    expect(brotliWindowBits(brotliAt(4))).toBe(22);
  });

  it("keeps the default levels for files, which are the same bytes every time", async () => {
    for (const path of ["/assets/app-1a2b.js", "/favicon.svg", "/uploads/a/b"]) {
      const file = await get(path, "gzip");
      expect(file.encoding, path).toBe("gzip");
      expect(file.bytes.equals(gzipAt(6)), path).toBe(true);
    }
    const brotli = await get("/assets/app-1a2b.js", "br");
    expect(brotli.bytes.length).toBe(brotliAt(4).length);
  });

  it("passes a page compressed already through as it is, whatever the browser takes", async () => {
    for (const encoding of ["gzip", "gzip, deflate, br"]) {
      const page = await get("/about", encoding);
      expect(page.encoding).toBe("gzip");
      expect(page.bytes.equals(gzipAt(RENDERED_GZIP_LEVEL))).toBe(true);
    }
  });
});

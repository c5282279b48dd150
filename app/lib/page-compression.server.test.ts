// Rendered pages compressed whole by kept gzip compressors (docs/decisions/067).
import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  acceptedEncoding,
  compressPage,
  gzipPage,
  liveCompressors,
  MAX_COMPRESSORS,
  pageEncoding,
  RENDERED_GZIP_LEVEL,
} from "./page-compression.server";

/** Like a catalogue page: the same markup with different names and prices. */
const pageOf = (cards: number) =>
  Buffer.from(
    Array.from(
      { length: cards },
      (_, i) =>
        `<article class="card"><h2><a href="/flavour/item-${i * 7919}">Flavour ${i}</a></h2>£${i % 13}.99</article>`,
    ).join("\n"),
  );

describe("the encoding of a rendered page", () => {
  it("is gzip whenever the browser takes it, Brotli for a client taking only Brotli, else none", () => {
    expect(pageEncoding("gzip, deflate, br, zstd")).toBe("gzip");
    expect(pageEncoding("br;q=1.0, gzip;q=0.8")).toBe("gzip");
    expect(pageEncoding("br")).toBe("br");
    expect(pageEncoding("deflate")).toBe("identity");
    expect(pageEncoding("identity")).toBe("identity");
    expect(pageEncoding(null)).toBe("identity");
    expect(pageEncoding("")).toBe("identity");
  });

  it("takes no encoding refused by its weight", () => {
    expect(pageEncoding("gzip;q=0, br")).toBe("br");
    expect(pageEncoding("gzip;q=0, br;q=0")).toBe("identity");
    expect(pageEncoding("*;q=0")).toBe("identity");
  });

  it("is the first of an order of preference that the header takes, the same however many headers were weighed", () => {
    const brotliFirst = ["br", "gzip"] as const;
    const gzipFirst = ["gzip", "br"] as const;
    const gzipOnly = ["gzip"] as const;
    for (let round = 0; round < 2; round++) {
      // More distinct headers than are remembered: the answers do not change when the memory is full and forgotten.
      for (let i = 0; i < 300; i++) {
        expect(acceptedEncoding(`gzip;q=0.${i + 1}, br;q=${i % 2}`, brotliFirst)).toBe(i % 2 ? "br" : "gzip");
        expect(acceptedEncoding(`gzip;q=0.${i + 1}, br;q=${i % 2}`, gzipOnly)).toBe("gzip");
      }
      expect(acceptedEncoding("gzip, deflate, br, zstd", brotliFirst)).toBe("br");
      expect(acceptedEncoding("gzip, deflate, br, zstd", gzipFirst)).toBe("gzip");
      expect(acceptedEncoding("br", gzipOnly)).toBe("identity");
      expect(acceptedEncoding(undefined, gzipOnly)).toBe("identity");
    }
  });
});

describe("a page gzipped whole", () => {
  it("is the same bytes as gzip at the rendered level, page after page on the kept compressors", async () => {
    for (const cards of [0, 1, 40, 400, 4000]) {
      const page = pageOf(cards);
      const gzipped = await gzipPage(page);
      expect(gzipped.equals(gzipSync(page, { level: RENDERED_GZIP_LEVEL }))).toBe(true);
      expect(gunzipSync(gzipped).equals(page)).toBe(true);
    }
  });

  it("keeps every page whole when many are compressed at once, small and large (over several output buffers)", async () => {
    // Random bytes do not compress: a 300 KB page fills many of zlib's 16 KB output buffers.
    const pages = Array.from({ length: 24 }, (_, i) =>
      i % 3 === 0 ? randomBytes(300_000) : pageOf(50 * (i + 1)),
    ) as Buffer<ArrayBuffer>[];
    for (let round = 0; round < 3; round++) {
      const pending = pages.map((page) => gzipPage(page));
      // Three times as many pages as compressors: the rest wait their turn, none is made and thrown away.
      expect(liveCompressors()).toBe(MAX_COMPRESSORS);
      const gzipped = await Promise.all(pending);
      gzipped.forEach((g, i) => expect(gunzipSync(g).equals(pages[i]!)).toBe(true));
      expect(liveCompressors()).toBe(MAX_COMPRESSORS);
    }
  });

  it("answers a client taking only Brotli with Brotli, and anything else with the page as it is", async () => {
    const page = pageOf(200);
    expect(brotliDecompressSync(await compressPage(page, "br")).equals(page)).toBe(true);
    expect(await compressPage(page, "identity")).toBe(page);
    expect(gunzipSync(await compressPage(page, "gzip")).equals(page)).toBe(true);
  });
});

describe("a compressor that fails", () => {
  it("is closed, and the page still comes gzipped", async () => {
    const page = pageOf(300);
    await gzipPage(page); // one compressor kept
    // Break the kept compressor as zlib would on a fault: its stream destroyed with an error mid-page.
    const { Gzip } = await import("node:zlib");
    const write = Gzip.prototype.write;
    let broken = 0;
    Gzip.prototype.write = function (this: InstanceType<typeof Gzip>, ...args: Parameters<typeof write>) {
      if (broken++ === 0) {
        process.nextTick(() => this.destroy(new Error("zlib fault")));
        return true;
      }
      return write.apply(this, args);
    } as typeof write;
    try {
      expect(gunzipSync(await gzipPage(page)).equals(page)).toBe(true);
    } finally {
      Gzip.prototype.write = write;
    }
    expect(broken).toBeGreaterThan(0);
    // The next page gets a working compressor.
    expect((await gzipPage(page)).equals(gzipSync(page, { level: RENDERED_GZIP_LEVEL }))).toBe(true);
  });

  it("leaves no page waiting: the pages queued behind failing compressors still come gzipped", async () => {
    const pages = Array.from({ length: 3 * MAX_COMPRESSORS }, (_, i) => pageOf(40 + i)) as Buffer<ArrayBuffer>[];
    const { Gzip } = await import("node:zlib");
    const write = Gzip.prototype.write;
    let writes = 0;
    // Every other page's compressor breaks mid-page.
    Gzip.prototype.write = function (this: InstanceType<typeof Gzip>, ...args: Parameters<typeof write>) {
      if (writes++ % 2 === 0) {
        process.nextTick(() => this.destroy(new Error("zlib fault")));
        return true;
      }
      return write.apply(this, args);
    } as typeof write;
    try {
      const gzipped = await Promise.all(pages.map((page) => gzipPage(page)));
      gzipped.forEach((g, i) => expect(gunzipSync(g).equals(pages[i]!)).toBe(true));
    } finally {
      Gzip.prototype.write = write;
    }
    expect(writes).toBe(pages.length);
    expect(liveCompressors()).toBeLessThanOrEqual(MAX_COMPRESSORS);
  });
});

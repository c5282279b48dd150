import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { LowPriorityModulePreloads } from "./script-priority.server";

const page =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.js"/><link rel="modulepreload" href="/assets/root.js"/>' +
  '<link rel="stylesheet" href="/assets/root.css"/></head><body><p>Crème brûlée — £5</p>' +
  '<pre>&lt;link rel="modulepreload"&gt; <link rel="modulepreload" href="/not-in-head.js"/></pre></body></html>';

async function through(html: string, chunkSize: number): Promise<string> {
  const bytes = Buffer.from(html, "utf8");
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(new LowPriorityModulePreloads())) out.push(chunk as Buffer);
  return Buffer.concat(out).toString("utf8");
}

describe("LowPriorityModulePreloads", () => {
  const expected = page
    .replace(
      '<link rel="modulepreload" href="/assets/entry.js"/>',
      '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.js"/>',
    )
    .replace(
      '<link rel="modulepreload" href="/assets/root.js"/>',
      '<link rel="modulepreload" fetchpriority="low" href="/assets/root.js"/>',
    );

  it("marks every module preload of the head low priority and leaves the rest of the page byte for byte", async () => {
    expect(expected).not.toBe(page);
    expect(await through(page, 64 * 1024)).toBe(expected);
  });

  it("does the same whatever the chunk boundaries cut (tags, multi-byte characters)", async () => {
    for (const size of [1, 2, 3, 7, 13, 24, 25, 26, 50, 99]) expect(await through(page, size)).toBe(expected);
  });

  it("passes a page without a head through unchanged", async () => {
    expect(await through("<p>plain</p>", 5)).toBe("<p>plain</p>");
  });
});

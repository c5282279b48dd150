import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./script-priority.server";

const page =
  '<!DOCTYPE html><html><head><link rel="modulepreload" href="/assets/entry.js"/><link rel="modulepreload" href="/assets/root.js"/>' +
  '<link rel="stylesheet" href="/assets/root.css"/><title>Crème brûlée — £5</title></head><body><p>Crème brûlée — £5</p>' +
  '<pre>&lt;link rel="modulepreload"&gt; <link rel="modulepreload" href="/not-in-head.js"/></pre></body></html>';

const marked = (html: string) => lowPriorityModulePreloads(Buffer.from(html, "utf8")).toString("utf8");

describe("lowPriorityModulePreloads", () => {
  it("marks every module preload of the head low priority and leaves the rest of the page byte for byte", () => {
    const expected = page
      .replace(
        '<link rel="modulepreload" href="/assets/entry.js"/>',
        '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.js"/>',
      )
      .replace(
        '<link rel="modulepreload" href="/assets/root.js"/>',
        '<link rel="modulepreload" fetchpriority="low" href="/assets/root.js"/>',
      );
    expect(expected).not.toBe(page);
    expect(marked(page)).toBe(expected);
  });

  it("passes a page without module preloads, or without a head, through unchanged", () => {
    expect(marked("<html><head><title>Café</title></head><body>£5</body></html>")).toBe(
      "<html><head><title>Café</title></head><body>£5</body></html>",
    );
    expect(marked("<p>plain £5</p>")).toBe("<p>plain £5</p>");
  });
});

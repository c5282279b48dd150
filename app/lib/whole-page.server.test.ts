import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { WholePage } from "./whole-page.server";

describe("WholePage", () => {
  it("holds what React writes once every part is ready, ended before pipe returns, byte for byte", async () => {
    const items = Array.from({ length: 400 }, (_, i) => createElement("li", { key: i }, `Crème brûlée n°${i} — £5`));
    const page = new WholePage();
    const written = await new Promise<string>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(createElement("ul", null, items), {
        onAllReady() {
          pipe(page.destination());
          resolve(page.bytes().toString("utf8"));
        },
        onShellError: reject,
      });
    });
    // More than React's 4 KB views, so the page came in several writes.
    expect(Buffer.byteLength(written)).toBeGreaterThan(12_000);
    expect(written.startsWith("<ul><li>Crème brûlée n°0 — £5</li>")).toBe(true);
    expect(written.endsWith("<li>Crème brûlée n°399 — £5</li></ul>")).toBe(true);
    expect(written.match(/<li>/g)).toHaveLength(400);
  });

  it("refuses to give a page React has not ended", () => {
    const page = new WholePage();
    page.write("<p>half</p>");
    expect(() => page.bytes()).toThrow("React has not finished writing the page");
    page.end("<p>rest</p>");
    expect(page.bytes().toString()).toBe("<p>half</p><p>rest</p>");
  });
});

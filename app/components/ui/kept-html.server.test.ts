// The parts the server writes once and keeps are, byte for byte, what React writes for them in a page: the browser
// hydrates them as such (decision 055).
import { createElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { DeviceFilterRow } from "~/components/home/device-filter";
import { Footer } from "~/components/layout/footer";
import { loadConfig, shopSettings } from "~/lib/config.server";
import type { DeviceFilter } from "~/modules/catalog/catalog";
import { AutoSubmitSelect } from "./auto-submit-select";
import { KeptHtmlContext, type KeptHtmlWriter } from "./kept-html";
import { createKeptHtml } from "./kept-html.server";

const devices: DeviceFilter[] = [
  { slug: "hayati-pro-max-6000", name: "Hayati Pro Max 6000" },
  { slug: "crystal-pro", name: 'Crystal <Pro> & "Co"' },
  { slug: "elan-axis", name: "Élan Axis" },
];
const options = [...devices.map((d) => ({ value: d.slug, label: d.name })), { value: "", label: "All" }];

/** The element as a page at `path` of a static router writes it, with or without the kept parts. */
async function page(element: ReactElement, path: string, keptHtml: KeptHtmlWriter | null) {
  const handler = createStaticHandler([{ path: "/*", element }]);
  const context = await handler.query(new Request(`http://shop.test${path}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = createElement(StaticRouterProvider, { router, context, hydrate: false });
  return renderToString(createElement(KeptHtmlContext.Provider, { value: keptHtml }, app));
}

const filterRow = (selected: string | null, list = devices) =>
  createElement(DeviceFilterRow, { devices: list, selected });
const select = (value: string, list = options) =>
  createElement(AutoSubmitSelect, { action: "/flavours", name: "device", label: "Device", value, options: list });

describe("parts of a page written once and kept", () => {
  it.each([null, "", "crystal-pro", "no-such-device"])(
    "home's device links are what React writes (%s)",
    async (chosen) => {
      const keptHtml = createKeptHtml();
      const asReact = await page(filterRow(chosen), "/", null);
      expect(asReact).toContain('<div class="contents"><a ');
      expect(asReact).toContain('href="/?device=crystal-pro#flavours"');
      expect(await page(filterRow(chosen), "/", keptHtml)).toBe(asReact);
      expect(await page(filterRow(chosen), "/", keptHtml)).toBe(asReact);
      expect(keptHtml.written()).toBe(1);
    },
  );

  it.each(["", "elan-axis"])("the device select is what React writes, its choice marked (%s)", async (value) => {
    const keptHtml = createKeptHtml();
    const asReact = await page(select(value), "/flavours", null);
    expect(asReact).toContain(`<option value="${value}" selected="">`);
    expect(await page(select(value), "/flavours", keptHtml)).toBe(asReact);
    expect(await page(select(value), "/flavours", keptHtml)).toBe(asReact);
    expect(keptHtml.written()).toBe(1);
  });

  it("writes again for another choice or another list, never showing an old one", async () => {
    const keptHtml = createKeptHtml();
    await page(filterRow(null), "/", keptHtml);
    // `?device=` chooses no device, where no `device` marks All.
    expect(await page(filterRow(""), "/", keptHtml)).toBe(await page(filterRow(""), "/", null));
    expect(await page(filterRow("elan-axis"), "/", keptHtml)).toBe(await page(filterRow("elan-axis"), "/", null));
    // A new catalogue version asks the list again: a new array, even with the same devices in it.
    const renamed = devices.map((d) => (d.slug === "elan-axis" ? { ...d, name: "Élan Axis 2" } : d));
    const again = await page(filterRow("elan-axis", renamed), "/", keptHtml);
    expect(again).toContain("Élan Axis 2");
    expect(again).toBe(await page(filterRow("elan-axis", renamed), "/", null));
    expect(keptHtml.written()).toBe(4);
  });

  it("keeps no more variants of one list than it is told, the oldest let go", () => {
    const keptHtml = createKeptHtml(2);
    const render = (variant: string) => () => createElement("p", null, variant);
    const first = keptHtml(devices, "a", render("a"));
    keptHtml(devices, "b", render("b"));
    keptHtml(devices, "c", render("c"));
    expect(keptHtml.written()).toBe(3);
    expect(keptHtml(devices, "c", render("c"))).toBe("<p>c</p>");
    expect(keptHtml.written()).toBe(3);
    expect(keptHtml(devices, "a", render("a"))).toBe(first);
    expect(keptHtml.written()).toBe(4);
  });

  it("the footer is what React writes, kept once for the shop's settings and written again for new ones", async () => {
    const keptHtml = createKeptHtml();
    const settings = shopSettings(
      loadConfig({
        SHOP_NAME: "Vapes <&> Co",
        COMPANY_NUMBER: "SC123456",
        SOCIAL_INSTAGRAM_URL: "https://instagram.com/x",
      }),
    );
    const footer = (props: { settings?: typeof settings }) => createElement(Footer, props);
    const asReact = await page(footer({ settings }), "/about", null);
    expect(asReact).toContain("Vapes &lt;&amp;&gt; Co");
    expect(asReact).toContain('href="/recycling"');
    expect(asReact).toContain("Registered in Scotland");
    expect(await page(footer({ settings }), "/about", keptHtml)).toBe(asReact);
    expect(await page(footer({ settings }), "/cart", keptHtml)).toBe(await page(footer({ settings }), "/cart", null));
    expect(keptHtml.written()).toBe(1);
    // Other settings (another process's, another shop name) are another object: written again.
    expect(await page(footer({ settings: { ...settings, name: "Vapes Two" } }), "/about", keptHtml)).toContain(
      "Vapes Two",
    );
    // An error page rendered without the root's data still has a footer.
    expect(await page(footer({}), "/about", keptHtml)).toContain("Our shop");
    expect(keptHtml.written()).toBe(3);
  });
});

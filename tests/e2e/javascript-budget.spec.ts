import { expect, test } from "@playwright/test";
import { budgetedPages, pageJavaScript } from "../../bench/bench-pages";
import { confirmAgeByCookie } from "./support/shop";

// The JavaScript budget of the catalogue pages (docs/decisions/016): every script the browser fetches for the page
// until the network is idle, gzipped, within 134.5 KB on the home page (130 KB before React Router 8.5,
// docs/decisions/077) and 140 KB on the others.
test("each catalogue page loads no more JavaScript than its budget", async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  for (const p of await budgetedPages(baseURL!, "age_verified=yes")) {
    const js = await pageJavaScript(context, baseURL + p.path);
    expect(js.files, `${p.name} loads its scripts`).toBeGreaterThan(0);
    expect(js.gzipped, `${p.name} (${p.path}): ${(js.gzipped / 1024).toFixed(1)} KB gzipped`).toBeLessThanOrEqual(
      p.budget,
    );
  }
});

test("the page's scripts are preloaded at low priority, after the stylesheet and the largest picture", async ({
  page,
}) => {
  const html = await (await page.request.get("/", { headers: { cookie: "age_verified=yes" } })).text();
  const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
  expect(preloads.length).toBeGreaterThan(1);
  for (const link of preloads) expect(link).toContain('fetchpriority="low"');
  expect(html).toMatch(/<link rel="preload" href="\/images\/banner\.svg" as="image" fetchPriority="high"\/>/);
});

import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { cachedGet, confirmAgeByCookie, expectNoHorizontalScroll, watchConsole } from "./support/shop";

/** The sha256 sources a CSP must list for every inline script of a page. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .filter(([, body]) => body !== "")
    .map(([, body]) => `'sha256-${createHash("sha256").update(body!).digest("base64")}'`);
}

test("pages carry security headers and a CSP that only allows the shop's own scripts and styles", async ({
  request,
}) => {
  // A page that read the session (the sign-in page sends a signed-in shopper on): private, with this response's nonce.
  const response = await request.get(`/signin?csp-check=${Date.now()}`);
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  const headers = response.headers();
  const csp = headers["content-security-policy"]!;
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
  expect(csp).toContain("style-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-powered-by"]).toBeUndefined();
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  // Every inline script carries this response's nonce, and no other.
  const nonce = csp.match(/'nonce-([^']+)'/)![1];
  const html = await response.text();
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
  expect(inlineScripts.length).toBeGreaterThan(0);
  for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
});

test("a page for everyone allows its scripts by hash from its first answer on: no nonce for a shared cache to keep", async ({
  request,
}) => {
  // A URL no test asked for: rendered now. nginx or a CDN keeps this very answer and gives it to everyone (issue 65).
  const path = `/products?csp-check=${Date.now()}`;
  const miss = await request.get(path);
  expect(miss.headers()["x-page-cache"]).toBe("miss");
  expect(miss.headers()["cache-control"]).toContain("public");
  const csp = miss.headers()["content-security-policy"]!;
  expect(csp).not.toContain("'nonce-");
  const html = await miss.text();
  expect(html).not.toContain("nonce=");
  const hashes = inlineScriptHashes(html);
  expect(hashes.length).toBeGreaterThan(0);
  for (const hash of hashes) expect(csp).toContain(hash);
  // The stored copy says the same (the same page, unless another journey changed the catalogue meanwhile).
  const hit = await cachedGet(request, path);
  const stored = await hit.text();
  if (stored === html) expect(hit.headers()["content-security-policy"]).toBe(csp);
});

test("a cached page is the same bytes for everyone: its scripts allowed by hash, with an ETag, brotli or gzip", async ({
  request,
}) => {
  const path = `/about?cache-check=${Date.now()}`;
  const adult = { cookie: "age_verified=yes" };
  const cached = await cachedGet(request, path, adult);
  const csp = cached.headers()["content-security-policy"]!;
  expect(csp).not.toContain("'nonce-");
  const html = await cached.text();
  expect(html).not.toContain("nonce=");
  for (const hash of inlineScriptHashes(html)) expect(csp).toContain(hash);
  expect(cached.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
  expect(cached.headers()["vary"]).toBe("Accept-Encoding, Cookie");
  const etag = cached.headers()["etag"]!;
  expect(etag).toMatch(/^"[\w-]{20,}"$/);
  // A signed-in visitor's request gets the very same page (nothing personal is in it).
  const signedIn = await cachedGet(request, path, { cookie: "age_verified=yes; shop.session_token=abc.def" });
  expect(signedIn.headers()["etag"]).toBe(etag);
  const notModified = await request.get(path, { headers: { ...adult, "if-none-match": etag } });
  expect(notModified.status()).toBe(304);
  expect(await notModified.body()).toHaveLength(0);
  // gzip is stored with the page; brotli is made off the main thread and follows a moment later.
  for (const encoding of ["gzip", "br"]) {
    await expect
      .poll(
        async () =>
          (await request.get(path, { headers: { ...adult, "accept-encoding": encoding } })).headers()[
            "content-encoding"
          ],
      )
      .toBe(encoding);
  }
});

test("/healthz checks the database, for writes too; /livez only the process", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "ok", writes: "ok" });
  expect(response.headers()["cache-control"]).toBe("no-store");
  const live = await request.get("/livez");
  expect(await live.json()).toEqual({ status: "ok" });
});

test("hashed assets are cached for a year, images for a day, pages are compressed", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = html.match(/\/assets\/[^"]+\.js/)![0];
  const assetResponse = await request.get(asset);
  expect(assetResponse.status()).toBe(200);
  expect(assetResponse.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const image = await request.get("/images/default-product.svg");
  expect(image.headers()["cache-control"]).toBe("public, max-age=86400");
  const page = await request.get("/", { headers: { "accept-encoding": "gzip" } });
  expect(page.headers()["content-encoding"]).toBe("gzip");
});

test("an oversized request body is refused and changes nothing", async ({ request }) => {
  const response = await request.post("/age-check", {
    form: { answer: "yes", returnTo: "/", padding: "x".repeat(1_100_000) },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(413);
  expect(response.headers()["set-cookie"]).toBeUndefined();
});

test("actions refuse posts from other sites (CSRF)", async ({ request }) => {
  for (const path of ["/contactus", "/api/contact"]) {
    const response = await request.post(path, {
      form: { firstName: "Eve", email: "eve@example.com", phone: "0123456789", message: "forged" },
      headers: { origin: "https://evil.example", "x-forwarded-for": "203.0.113.66" },
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).not.toContain("Message sent successfully!");
  }
  const sneaky = await request.post("/api/contact", {
    form: { firstName: "Eve", email: "eve@example.com", phone: "0123456789", message: "forged" },
    headers: { "sec-fetch-site": "cross-site", "x-forwarded-for": "203.0.113.67" },
  });
  expect(sneaky.status()).toBe(403);
});

test("the age answer only returns to pages on this site", async ({ request }) => {
  for (const returnTo of ["https://evil.example/", "//evil.example/x", "/\\evil.example"]) {
    const response = await request.post("/age-check", { form: { answer: "yes", returnTo }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/");
  }
  const local = await request.post("/age-check", {
    form: { answer: "yes", returnTo: "/products?page=2" },
    maxRedirects: 0,
  });
  expect(local.headers()["location"]).toBe("/products?page=2");
  expect(local.headers()["set-cookie"]).toMatch(/age_verified=yes; Path=\/; SameSite=Lax; HttpOnly; Max-Age=31536000/);
});

test.describe("on a 360 px wide screen", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("the main pages fit without sideways scrolling or console errors", async ({ page, context, baseURL }) => {
    await confirmAgeByCookie(context, baseURL!);
    const problems = watchConsole(page);
    await page.goto("/");
    await expectNoHorizontalScroll(page);
    const deviceHref = await page.getByRole("link", { name: "Explore Device" }).first().getAttribute("href");
    const flavourHref = await page.locator("#flavours article a").first().getAttribute("href");
    for (const path of ["/products", "/flavours", "/about", deviceHref!, flavourHref!]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoHorizontalScroll(page);
    }
    expect(problems).toEqual([]);
  });
});

test("the order endpoint needs a signed-in shopper and this site's pages", async ({ request }) => {
  const signedOut = await request.post("/api/orders", {
    form: { idempotencyKey: "k".repeat(24) },
    headers: { "x-forwarded-for": "203.0.113.70" },
  });
  expect(signedOut.status()).toBe(401);
  // The same check as the payment page's: it names the step that is missing (docs/decisions/035).
  expect(await signedOut.json()).toEqual({
    ok: false,
    code: "sign-in",
    message: "Please sign in to place an order.",
    missing: "signed-out",
  });
  const forged = await request.post("/api/orders", {
    form: { idempotencyKey: "k".repeat(24) },
    headers: { origin: "https://evil.example" },
  });
  expect(forged.status()).toBe(403);
});

import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bodyLimit,
  cspNonce,
  newNonce,
  noNulInAddress,
  oneSessionCookie,
  privateResponses,
  sameOriginWrites,
  securityHeaders,
} from "./security";

/** A tiny app behind the middleware under test, on a free local port. */
async function serve(...middleware: express.RequestHandler[]) {
  const app = express();
  app.use(...middleware);
  app.all("/{*path}", (_req, res) => void res.send("ok"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("CSP nonces", () => {
  it("gives 128 random bits each time, never the same twice, across the pool's refills", () => {
    const nonces = Array.from({ length: 1_000 }, newNonce); // the pool holds 256: three refills
    expect(new Set(nonces).size).toBe(1_000);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    // Random bits, not a counter: about half of the 128,000 bits set (a counter would set few).
    const set = nonces.reduce(
      (n, nonce) => n + [...Buffer.from(nonce, "base64")].reduce((b, byte) => b + popcount(byte), 0),
      0,
    );
    expect(set).toBeGreaterThan(63_000);
    expect(set).toBeLessThan(65_000);
  });

  it("allows each response's own inline scripts only", async () => {
    const app = await serve(cspNonce(), securityHeaders({ development: false, https: false }));
    try {
      const nonceOf = async () =>
        /'nonce-([^']+)'/.exec((await fetch(app.base)).headers.get("content-security-policy") ?? "")?.[1];
      const [first, second] = [await nonceOf(), await nonceOf()];
      expect(first).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(second).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(second).not.toBe(first);
    } finally {
      await app.close();
    }
  });
});

const popcount = (byte: number) => byte.toString(2).replaceAll("0", "").length;

describe("cross-site writes", () => {
  let app: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => (app = await serve(sameOriginWrites())));
  afterAll(() => app.close());
  const post = (origin?: string) =>
    fetch(`${app.base}/signin`, { method: "POST", headers: origin ? { origin } : {} }).then((r) => r.status);

  it("compares the whole origin: scheme, host and port", async () => {
    expect(await post(app.base)).toBe(200);
    expect(await post()).toBe(200); // no Origin at all: not a browser's cross-site form
    expect(await post(app.base.replace("http:", "https:"))).toBe(403);
    expect(await post(app.base.replace(/:\d+$/, ":1"))).toBe(403);
    expect(await post("https://evil.example")).toBe(403);
    expect(await post("null")).toBe(403);
  });
});

describe("private answers", () => {
  let app: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => (app = await serve(privateResponses())));
  afterAll(() => app.close());
  const cacheControl = (path: string, cookie?: string) =>
    fetch(`${app.base}${path}`, { headers: cookie ? { cookie } : {} }).then((r) => r.headers.get("cache-control"));

  it("marks private pages and their data requests for everyone, signed in or not", async () => {
    for (const path of [
      "/account",
      "/account/orders/ABCDEFGH",
      "/account.data",
      "/cart",
      "/cart-address.data",
      "/payment",
      "/payment/return?ref=ABCDEFGH-1&result=success",
      "/payment/return.data",
      "/admin",
      "/admin/orders.data",
      "/wishlist",
      "/api/wishlist-items",
      "/api/me",
      "/api/search/x",
      "/api/searches",
    ]) {
      expect(await cacheControl(path), path).toBe("private, no-store");
    }
    for (const path of ["/", "/products", "/flavour/abc", "/cartoons", "/accounting", "/api/search"])
      expect(await cacheControl(path), path).toBeNull();
    // A catalogue page carries nothing personal (docs/decisions/017): the page cache decides, from what it read.
    expect(await cacheControl("/products", "age_verified=yes; shop.session_token=abc.def")).toBeNull();
    expect(await cacheControl("/account", "age_verified=yes; shop.session_token=abc.def")).toBe("private, no-store");
  });
});

describe("security headers", () => {
  it("refuse framing with DENY, and send HSTS only for an https shop", async () => {
    for (const https of [false, true]) {
      const app = await serve(securityHeaders({ development: false, https }));
      const response = await fetch(`${app.base}/`);
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("strict-transport-security")).toBe(
        https ? "max-age=31536000; includeSubDomains" : null,
      );
      await app.close();
    }
  });
});

describe("one session cookie (issue 26)", () => {
  /** What the routes behind the middleware see of the Cookie header, and the Set-Cookie lines sent back. */
  async function seen(baseURL: string, cookie: string) {
    const app = express();
    app.use(oneSessionCookie({ baseURL, advanced: { cookiePrefix: "shop" } }));
    app.all("/{*path}", (req, res) => void res.json({ cookie: req.headers.cookie ?? null }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const response = await fetch(`http://127.0.0.1:${port}/account`, { headers: { cookie } });
      const body = (await response.json()) as { cookie: string | null };
      return { cookie: body.cookie, cleared: response.headers.getSetCookie().map((line) => line.split("=")[0]) };
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it("passes one session cookie under the deployment's name, and the shop's other cookies, as they came", async () => {
    const cookie = "age_verified=yes; shop.session_token=a.b; shop.dont_remember=x.y";
    expect(await seen("http://shop.test", cookie)).toEqual({ cookie, cleared: [] });
    const secure = "__Secure-shop.session_token=a.b; age_verified=yes";
    expect(await seen("https://shop.test", secure)).toEqual({ cookie: secure, cleared: [] });
  });

  it("drops a session cookie sent twice or under both names (signed out), and tells a foreign-named one to go", async () => {
    expect(await seen("http://shop.test", "shop.session_token=a.b; age_verified=yes; shop.session_token=c.d")).toEqual({
      cookie: "age_verified=yes",
      cleared: [],
    });
    expect(await seen("http://shop.test", "__Secure-shop.session_token=a.b; shop.session_token=c.d")).toEqual({
      cookie: null,
      cleared: ["__Secure-shop.session_token"],
    });
    expect(await seen("https://shop.test", "shop.session_token=a.b; __Secure-shop.session_token=c.d; x=1")).toEqual({
      cookie: "x=1",
      cleared: ["shop.session_token"],
    });
    expect(await seen("https://shop.test", "shop.two_factor=a.b; __Secure-shop.session_token=c.d")).toEqual({
      cookie: "__Secure-shop.session_token=c.d",
      cleared: ["shop.two_factor"],
    });
  });
});

describe("addresses with a NUL character", () => {
  it("are refused with 400 before any route reads them (issue 26)", async () => {
    const app = await serve(noNulInAddress());
    try {
      for (const path of ["/flavours?device=%00", "/flavour/a%00b", "/search?q=x%00"])
        expect((await fetch(`${app.base}${path}`)).status, path).toBe(400);
      for (const path of ["/flavours?device=blue", "/search?q=%2500", "/search?q=%E2%88%95"])
        expect((await fetch(`${app.base}${path}`)).status, path).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe("body limits", () => {
  let app: Awaited<ReturnType<typeof serve>>;
  const csv = { path: "/admin/catalogue-import", maxBytes: 200_000, tooBig: "The file is too big: at most 0.2 MB." };
  const photoId = { path: "/account/age-check", maxBytes: 300_000, tooBig: "The file is too big: at most 0.3 MB." };
  beforeAll(
    async () => (app = await serve(bodyLimit(1_000, { pathPrefix: "/admin/", maxBytes: 100_000 }, [csv, photoId]))),
  );
  afterAll(() => app.close());
  const send = async (path: string, bytes: number, type = "multipart/form-data; boundary=x") => {
    const response = await fetch(`${app.base}${path}`, {
      method: "POST",
      headers: { "content-type": type },
      body: "x".repeat(bytes),
    });
    return [response.status, await response.text()];
  };

  it("lets the catalogue file be larger than an image, and says in words when it is too big", async () => {
    expect(await send("/admin/catalogue-import", 150_000)).toEqual([200, "ok"]);
    expect(await send("/admin/catalogue-import", 300_000)).toEqual([413, csv.tooBig]); // file + 64 kB form
    expect(await send("/admin/products/new", 200_000)).toEqual([413, "Request too large"]); // image + 64 kB form
    expect(await send("/admin/products/new", 50_000)).toEqual([200, "ok"]);
    // Only a multipart form gets the larger limit; anything else keeps the default.
    expect(await send("/admin/catalogue-import", 5_000, "application/x-www-form-urlencoded")).toEqual([
      413,
      "Request too large",
    ]);
  });

  it("gives a page's own limit to the form its script posts (the page's .data address) too", async () => {
    expect(await send("/account/age-check", 250_000)).toEqual([200, "ok"]);
    expect(await send("/account/age-check.data", 250_000)).toEqual([200, "ok"]);
    expect(await send("/account/age-check.data", 400_000)).toEqual([413, photoId.tooBig]);
    expect(await send("/account/orders", 250_000)).toEqual([413, "Request too large"]);
  });
});

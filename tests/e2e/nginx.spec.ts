// The production recipe (deploy/nginx/, issue 32): Debian's nginx with that configuration, started by
// deploy/nginx/try.sh, in front of the built shop. Pages the same for everyone come from nginx's micro-cache; signed-in
// pages and /api/me never do; a stored page carries no nonce; a change shows within SHARED_PAGE_SECONDS; the client's
// address reaches the rate limits.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { newShopper, sellableFlavour, type Shopper } from "./support/http-shoppers";
import { freePort, startShop, waitForHealth, type ShopProcess } from "./support/processes";
import { watchConsole } from "./support/shop";
import { sqliteQuery } from "./support/sqlite-query";

const SHARED_SECONDS = 2;

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** A request to nginx from a chosen loopback address (127.0.0.x), as a client on another machine would come. */
function call(
  base: string,
  path: string,
  options: { from?: string; cookie?: string; method?: string; form?: Record<string, string>; encoding?: string } = {},
): Promise<Answer> {
  const body = options.form ? new URLSearchParams(options.form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method: options.method ?? (body ? "POST" : "GET"),
        localAddress: options.from ?? "127.0.0.1",
        headers: {
          cookie: options.cookie ?? "age_verified=yes",
          "accept-encoding": options.encoding ?? "identity",
          ...(body ? { "content-type": "application/x-www-form-urlencoded", origin: base } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

test.describe("nginx in front of the shop (deploy/nginx/)", () => {
  test.describe.configure({ mode: "serial" });
  let dir: string;
  let shop: ShopProcess;
  let nginx: ChildProcess;
  let base: string;
  let shopper: Shopper;
  const query = () => sqliteQuery(join(dir, "shop.db"));

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dir = mkdtempSync(join(tmpdir(), "shop-nginx-test-"));
    shop = startShop({
      PORT: String(await freePort()),
      DATABASE_URL: `file:${dir}/shop.db`,
      UPLOAD_DIR: `${dir}/uploads`,
      TRUST_PROXY: "1",
      SHARED_PAGE_SECONDS: String(SHARED_SECONDS),
      CONTENT_VERSION_POLL_MS: "100",
      JOB_POLL_MS: "100",
      LOG_LEVEL: "warn",
    });
    await waitForHealth(shop);
    const port = await freePort();
    nginx = spawn("bash", ["deploy/nginx/try.sh"], {
      env: { ...process.env, SHOP_URL: shop.base, LISTEN_PORT: String(port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    nginx.stderr!.on("data", (chunk) => (output += chunk));
    base = await new Promise<string>((resolve, reject) => {
      nginx.stdout!.on("data", (chunk: Buffer) => {
        const match = /nginx listens on (http:\/\/\S+) in front of/.exec(String(chunk));
        if (match) resolve(match[1]!);
      });
      nginx.on("exit", (code) => reject(new Error(`try.sh exited (${code}): ${output}`)));
    });
    shopper = await newShopper(base, await sellableFlavour(query()), query());
  });

  test.afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once("exit", resolve));
      nginx.kill("SIGTERM");
      await exited;
    }
    shop?.child.kill("SIGTERM");
    await shop?.exited;
    rmSync(dir, { recursive: true, force: true });
  });

  test("pages the same for everyone come from nginx; the build's files from disk with a year's cache", async () => {
    const first = await call(base, "/products?page=2");
    expect(first.status).toBe(200);
    const again = await call(base, "/products?page=2");
    expect(again.headers["x-cache"]).toBe("HIT");
    expect(again.body).toBe(first.body);
    // Another visitor's other cookies share the page; a visitor who has not answered the age question has their own.
    expect((await call(base, "/products?page=2", { cookie: "age_verified=yes; theme=dark" })).headers["x-cache"]).toBe(
      "HIT",
    );
    const unanswered = await call(base, "/products?page=2", { cookie: "" });
    expect(unanswered.headers["x-cache"]).not.toBe("HIT");
    expect(unanswered.body).toContain("Are you 18 or over?");

    const script = /\/assets\/[\w-]+\.js/.exec(first.body)![0];
    const asset = await call(base, script);
    expect(asset.status).toBe(200);
    expect(asset.headers["x-cache"]).toBe("STATIC");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("a page nginx keeps names its scripts' hashes, never a nonce: the MISS and the HIT, and its scripts run", async ({
    page,
  }) => {
    // The first answer is the one nginx stores and gives every visitor after (issue 65): no nonce in it to share.
    const path = `/about?hashes=${Date.now()}`;
    const miss = await call(base, path);
    const hit = await call(base, path);
    expect([miss.headers["x-cache"], hit.headers["x-cache"]]).toEqual(["MISS", "HIT"]);
    for (const answer of [miss, hit]) {
      expect(answer.headers["cache-control"]).toContain("public");
      const csp = String(answer.headers["content-security-policy"]);
      expect(csp).not.toContain("'nonce-");
      expect(csp).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/);
      expect(answer.body).not.toContain("nonce=");
    }
    expect(hit.headers["content-security-policy"]).toBe(miss.headers["content-security-policy"]);

    // In a browser, from nginx's first answer and from its stored copy: the page's scripts run (the header's search
    // suggests as one types) and nothing is refused.
    const problems = watchConsole(page);
    await page.context().addCookies([{ name: "age_verified", value: "yes", url: base }]);
    // The reload comes after the suggestions were tried, perhaps past the micro-cache's second: nginx then answers
    // its stored copy as STALE while it asks again, which is the stored copy all the same.
    for (const [fresh, state] of [
      [`/about?hashes-browser=${Date.now()}`, /^MISS$/],
      [undefined, /^(HIT|STALE)$/],
    ] as const) {
      const response = fresh ? await page.goto(base + fresh) : await page.reload();
      expect(response!.headers()["x-cache"]).toMatch(state);
      expect(response!.headers()["content-security-policy"]).not.toContain("'nonce-");
      const box = page.getByRole("banner").getByRole("combobox", { name: "Search devices and flavours" });
      await box.fill("watermelon");
      await expect(page.getByRole("listbox", { name: "Search suggestions" })).toBeVisible();
    }
    expect(problems).toEqual([]);
  });

  test("signed-in pages and /api/me never come from the cache; a page the same for everyone does, signed in too", async () => {
    const signedIn = `age_verified=yes; ${shopper.cookie}`;
    // The catalogue is one page for everyone (the header's name and cart come from /api/me after load).
    const stored = await call(base, "/products");
    const forShopper = await call(base, "/products", { cookie: signedIn });
    expect(forShopper.headers["x-cache"]).toBe("HIT");
    expect(forShopper.body).toBe(stored.body);
    expect(forShopper.body).not.toContain(shopper.cookie.split("=")[1]!);
    // Their own pages, asked twice each: from the shop every time, private, with what is theirs.
    for (const path of ["/account", "/cart", "/api/me"]) {
      for (let i = 0; i < 2; i++) {
        const answer = await call(base, path, { cookie: signedIn });
        expect(answer.status, path).toBe(200);
        expect(answer.headers["x-cache"], path).not.toBe("HIT");
        expect(answer.headers["cache-control"], path).toContain("private");
      }
    }
    // Asked as a browser asks: the stored page in Brotli (made a moment after the page is stored, gzip until then),
    // the page rendered for the shopper in gzip (decision 067).
    const browser = "gzip, deflate, br, zstd";
    await expect
      .poll(
        async () =>
          (await call(base, "/products", { cookie: signedIn, encoding: browser })).headers["content-encoding"],
        {
          timeout: (SHARED_SECONDS + 5) * 1000,
        },
      )
      .toBe("br");
    expect((await call(base, "/cart", { cookie: signedIn, encoding: browser })).headers["content-encoding"]).toBe(
      "gzip",
    );
    expect((await call(base, "/api/me", { cookie: signedIn })).body).toContain("Fault");
    expect((await call(base, "/account", { cookie: signedIn })).body).toContain("Fault");
    // Signed out, the same addresses: never the signed-in copy.
    expect((await call(base, "/account")).status).not.toBe(200);
    expect((await call(base, "/api/me")).body).not.toContain("Fault");
  });

  test(`a change to the catalogue shows through nginx within ${SHARED_SECONDS} seconds`, async () => {
    const [device] = await query()(`select id, name from devices where archived = 0 order by position limit 1`);
    const page = `/productdetail/${String(device!.id)}`;
    await call(base, page);
    expect((await call(base, page)).headers["x-cache"]).toBe("HIT");
    const renamed = `${String(device!.name)} Mk II`;
    // What saving a device in the back office writes: the row, and the content version every copy watches.
    await query()(`update devices set name = '${renamed}' where id = '${String(device!.id)}'`);
    await query()(`update content_versions set version = version + 1`);
    const changed = Date.now();
    // Within the cache's time nginx may still give the stored page; then the new one.
    await expect
      .poll(async () => (await call(base, page)).body.includes(renamed), {
        timeout: (SHARED_SECONDS + 5) * 1000,
        intervals: [200],
      })
      .toBe(true);
    expect(Date.now() - changed).toBeLessThan((SHARED_SECONDS + 5) * 1000);
  });

  test("the client's own address reaches the shop's rate limits (X-Forwarded-For), not nginx's", async () => {
    // Each from its own e-mail address (one address may be given in three messages an hour).
    const message = (n: number) => ({
      firstName: "Nora",
      lastName: "Ginx",
      email: `nora${n}@example.com`,
      phone: "",
      subject: "Support",
      message: "Hello from behind the proxy",
      website: "",
    });
    // Five messages an hour from one address: the sixth is refused. A forged X-Forwarded-For changes nothing: nginx
    // adds the address it sees, and the shop (TRUST_PROXY=1) reads that one.
    for (let i = 0; i < 5; i++)
      expect((await call(base, "/api/contact", { from: "127.0.0.2", form: message(i) })).status).toBe(200);
    const sixth = await call(base, "/api/contact", { from: "127.0.0.2", form: message(5) });
    expect(sixth.status).toBe(429);
    // Another client, behind the same nginx, is not held back.
    expect((await call(base, "/api/contact", { from: "127.0.0.3", form: message(6) })).status).toBe(200);
    // Started as the recipe says (TRUST_PROXY=1): no warning of a proxy it does not trust.
    expect(shop.output()).not.toContain("TRUST_PROXY is off");
  });
});

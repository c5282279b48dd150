// /metrics and request ids, on a shop of two server copies (the primary adds up both copies' metrics).
import { expect, test } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { newShopper, placeOrder, readyToOrder, sellableFlavour } from "./support/http-shoppers";
import { sqliteQuery } from "./support/sqlite-query";
import { freePort, startShop, waitForHealth, type ShopProcess } from "./support/processes";

const TOKEN = "metrics-token-for-the-journeys-0123456789";

/** One sample's value from Prometheus text, or 0 when the series is not there yet. */
const sample = (text: string, series: string) => {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

test.describe("metrics", () => {
  test.describe.configure({ mode: "serial" });
  let shop: ShopProcess;
  let dir: string;
  const scrape = async () => {
    const answer = await fetch(`${shop.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/plain");
    return answer.text();
  };

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dir = mkdtempSync(join(tmpdir(), "shop-metrics-"));
    // Loopback is not allowed here, so only the token opens /metrics (the default allows 127.0.0.1).
    shop = startShop({
      PORT: String(await freePort()),
      DATABASE_URL: `file:${dir}/shop.db`,
      UPLOAD_DIR: `${dir}/uploads`,
      WEB_CONCURRENCY: "2",
      METRICS_TOKEN: TOKEN,
      METRICS_ALLOW: "192.0.2.250",
      TRUST_PROXY: "1",
    });
    await waitForHealth(shop, 60_000);
  });
  test.afterAll(async () => {
    shop?.child.kill("SIGTERM");
    await shop?.exited;
    rmSync(dir, { recursive: true, force: true });
  });

  test("/metrics is refused without the token, or with a wrong one, and from a forwarded address", async () => {
    const refused: Array<Record<string, string>> = [
      {},
      { authorization: "Bearer wrong-token-wrong-token-wrong" },
      { "x-forwarded-for": "192.0.2.250" },
    ];
    for (const headers of refused) {
      const answer = await fetch(`${shop.base}/metrics`, { headers });
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain("shop_http_requests_total");
    }
  });

  test("its counters move with traffic: requests by route and status, the page cache, orders placed and jobs", async () => {
    test.setTimeout(120_000);
    const before = await scrape();
    const flavours = 'shop_http_requests_total{method="GET",route="/flavours",status="200"}';
    const missing = 'shop_http_requests_total{method="GET",route="/flavour/:id",status="404"}';
    for (let i = 0; i < 6; i++) await fetch(`${shop.base}/flavours`, { headers: { cookie: "age_verified=yes" } });
    await fetch(`${shop.base}/flavour/no-such-flavour`, { headers: { cookie: "age_verified=yes" } });
    const query = sqliteQuery(`${dir}/shop.db`);
    const flavour = await sellableFlavour(query);
    const shopper = await newShopper(shop.base, flavour, query);
    await readyToOrder(shopper, flavour);
    expect((await placeOrder(shopper)).ok).toBe(true);

    const after = await scrape();
    // Both copies' figures, added up by the primary: every request counted once, whichever copy answered it.
    expect(sample(after, flavours) - sample(before, flavours)).toBe(6);
    expect(sample(after, missing) - sample(before, missing)).toBe(1);
    expect(sample(after, 'shop_page_cache_total{result="hit"}')).toBeGreaterThan(
      sample(before, 'shop_page_cache_total{result="hit"}'),
    );
    expect(sample(after, "shop_orders_placed_total") - sample(before, "shop_orders_placed_total")).toBe(1);
    expect(after).toMatch(
      /shop_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/flavours",status="200"\} \d+/,
    );
    expect(after).toMatch(/shop_jobs\{kind="order-confirmation",status="\w+"\} 1/);
    expect(after).toContain("process_cpu_seconds_total");
  });

  test("every answer carries a request id, the proxy's own when it sends a sane one", async () => {
    const fresh = await fetch(`${shop.base}/flavours`, { headers: { cookie: "age_verified=yes" } });
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const again = await fetch(`${shop.base}/flavours`, { headers: { cookie: "age_verified=yes" } });
    expect(again.headers.get("x-request-id")).not.toBe(fresh.headers.get("x-request-id"));
    const given = await fetch(`${shop.base}/healthz`, { headers: { "x-request-id": "edge-42" } });
    expect(given.headers.get("x-request-id")).toBe("edge-42");
    const odd = await fetch(`${shop.base}/healthz`, { headers: { "x-request-id": "<script>" } });
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

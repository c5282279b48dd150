// Order placement under load: 20 shoppers, each round every shopper fills a cart and picks shipping (not timed),
// then all 20 place their order at once (timed). Afterwards the orders in the database must equal the answers.
import { randomBytes } from "node:crypto";
import { createDatabase, type Db } from "~/db/database.server";
import { BENCH_BASE, percentile, startBenchServer } from "./bench-support";

const SHOPPERS = 20;
const ROUNDS = Number(process.env.BENCH_ORDER_ROUNDS ?? 30);
const ORIGIN = BENCH_BASE.replace("127.0.0.1", "localhost");

type Shopper = { cookie: string; ip: string };

async function post(shopper: Shopper | null, path: string, form: Record<string, string>, ip = shopper?.ip ?? "198.18.1.1") {
  return fetch(BENCH_BASE + path, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: `age_verified=yes${shopper ? `; ${shopper.cookie}` : ""}`,
      origin: BENCH_BASE,
      "x-forwarded-for": ip,
    },
    body: new URLSearchParams(form),
  });
}

type Flavour = { id: string; size: number };
const addLine = (s: Shopper, flavour: Flavour) =>
  post(s, "/cart", { intent: "add", kind: "flavour", itemId: flavour.id, flavor: "", nicotineStrength: String(flavour.size), puffCount: "", quantity: "1" });

async function newShopper(i: number, flavour: Flavour): Promise<Shopper> {
  const ip = `198.18.2.${i + 1}`;
  const response = await post(null, "/signup", {
    firstName: "Bench", lastName: `Shopper ${i}`, email: `bench${i}.${Date.now()}@example.com`,
    password: "bench password 123", dateOfBirth: "1990-01-01", terms: "on", redirectTo: "/",
  }, ip);
  const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).filter((c) => !/=$/.test(c!)).join("; ");
  if (!cookie.includes("shop.session_token")) throw new Error(`sign-up failed (${response.status})`);
  const shopper = { cookie, ip };
  await addLine(shopper, flavour); // the address step needs a cart
  const saved = await post(shopper, "/cart-address", { intent: "save", title: "Home", type: "HOME", address: `${i} Bench Street, Leeds`, phone: "07700900000" });
  if (saved.headers.get("location") !== "/cart-address") throw new Error(`address failed (${saved.status} ${saved.headers.get("location")})`);
  return shopper;
}

async function sellableFlavour(db: Db) {
  const row = await db.selectFrom("flavours").select(["id", "sizes"]).where("stock_status", "=", "in_stock").orderBy("slug").executeTakeFirstOrThrow();
  return { id: row.id, size: (JSON.parse(row.sizes) as number[])[0]! };
}

export type OrderBenchResult = { database: string; orders: number; ordersPerSecond: number; p50: number; p99: number; errors: number; countedInDatabase: number };

export async function benchOrders(label: string, databaseUrl: string): Promise<OrderBenchResult> {
  // As `npm start` runs by default: no SMTP_URL, so confirmation e-mails go to the outbox table.
  const server = await startBenchServer(databaseUrl, { TRUST_PROXY: "1", APP_URL: ORIGIN });
  const db = createDatabase(databaseUrl);
  try {
    const flavour = await sellableFlavour(db);
    const shoppers = await Promise.all(Array.from({ length: SHOPPERS }, (_, i) => newShopper(i, flavour)));
    const latencies: number[] = [];
    let placementMs = 0;
    let ok = 0;
    let errors = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(
        shoppers.map(async (s) => {
          if (round > 0) await addLine(s, flavour);
          await post(s, "/cart-shipping", { method: "free" });
        }),
      );
      const started = performance.now();
      await Promise.all(
        shoppers.map(async (s) => {
          const t0 = performance.now();
          const response = await post(s, "/api/orders", { idempotencyKey: randomBytes(18).toString("base64url") });
          const answer = (await response.json()) as { ok: boolean };
          latencies.push(performance.now() - t0);
          if (response.ok && answer.ok) ok++;
          else errors++;
        }),
      );
      placementMs += performance.now() - started;
    }
    const counted = await db.selectFrom("orders").select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow();
    return {
      database: label,
      orders: ok,
      ordersPerSecond: Math.round((ok / placementMs) * 1000),
      p50: Math.round(percentile(latencies, 50)),
      p99: Math.round(percentile(latencies, 99)),
      errors,
      countedInDatabase: Number(counted.n),
    };
  } finally {
    await db.destroy();
    await server.stop();
  }
}

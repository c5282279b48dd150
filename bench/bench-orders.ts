// Order placement under load: 20 (or 50) shoppers, each round every shopper fills a cart and picks shipping (not
// timed), then all of them place their order at once (timed). Afterwards the orders in the database must equal the answers, and
// the stock taken must equal the units sold (counted from the order lines). Each shopper buys a flavour of their own, or (sameItem) all the same one.
import { randomBytes } from "node:crypto";
import { createDatabase, type Db } from "~/db/database.server";
import { numberList } from "~/db/json-text";
import { OPEN_ORDER_LIMITS } from "~/testing/open-order-limits";
import { startSmtpSink } from "~/testing/smtp-sink";
import { measureMailRate } from "./bench-mail";
import { BENCH_BASE, percentile, startBenchServer } from "./bench-support";

const ROUNDS = Number(process.env.BENCH_ORDER_ROUNDS ?? 30);
const ORIGIN = BENCH_BASE.replace("127.0.0.1", "localhost");

export type Shopper = { cookie: string; ip: string };

async function post(
  shopper: Shopper | null,
  path: string,
  form: Record<string, string>,
  ip = shopper?.ip ?? "198.18.1.1",
) {
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

export type Flavour = { id: string; size: number };
const addLine = (s: Shopper, flavour: Flavour) =>
  post(s, "/cart", {
    intent: "add",
    kind: "flavour",
    itemId: flavour.id,
    flavour: "",
    nicotineStrength: String(flavour.size),
    puffCount: "",
    quantity: "1",
  });

/** Signs up and follows the link of the confirmation e-mail (read from its queued job), as a new customer does. */
export async function newShopper(db: Db, i: number, flavour: Flavour): Promise<Shopper> {
  const ip = `198.18.2.${i + 1}`;
  const email = `bench${i}.${Date.now()}@example.com`;
  const signedUp = await post(
    null,
    "/signup",
    {
      firstName: "Bench",
      lastName: `Shopper ${i}`,
      email,
      password: "bench password 123",
      dateOfBirth: "1990-01-01",
      terms: "on",
      redirectTo: "/",
    },
    ip,
  );
  if (signedUp.status !== 200) throw new Error(`sign-up failed (${signedUp.status})`);
  const job = await db
    .selectFrom("jobs")
    .select("payload")
    .where("kind", "=", "notice")
    .where("recipient", "=", email)
    .executeTakeFirstOrThrow();
  const link = new URL((JSON.parse(job.payload) as { action: { url: string } }).action.url);
  const confirmed = await fetch(`${BENCH_BASE}${link.pathname}${link.search}`, {
    redirect: "manual",
    headers: { cookie: "age_verified=yes", "x-forwarded-for": ip },
  });
  const cookie = confirmed.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !/=$/.test(c!))
    .join("; ");
  if (!cookie.includes("shop.session_token")) throw new Error(`confirming the e-mail failed (${confirmed.status})`);
  const shopper = { cookie, ip };
  await addLine(shopper, flavour); // the address step needs a cart
  const saved = await post(shopper, "/cart-address", {
    intent: "save",
    title: "Home",
    type: "HOME",
    recipient: `Bench Shopper ${i}`,
    line1: `${i} Bench Street`,
    town: "Leeds",
    postcode: "LS1 1AA",
    phone: "07700900000",
  });
  if (saved.headers.get("location") !== "/cart-address")
    throw new Error(`address failed (${saved.status} ${saved.headers.get("location")})`);
  return shopper;
}

/** `count` flavours on sale, each stocked with plenty (so the run measures taking stock, not running out). */
export async function stockedFlavours(db: Db, count: number, units: number): Promise<Flavour[]> {
  const rows = await db
    .selectFrom("flavours")
    .select(["id", "sizes"])
    .where("archived", "=", 0)
    .orderBy("slug")
    .limit(count)
    .execute();
  await db
    .updateTable("variants")
    .set({ stock_quantity: units, track_stock: 1 })
    .where("kind", "=", "flavour")
    .where(
      "item_id",
      "in",
      rows.map((r) => r.id),
    )
    .execute();
  return rows.map((row) => ({ id: row.id, size: numberList(row.sizes)[0]! }));
}

export type OrderBenchResult = {
  database: string;
  shoppers: number;
  orders: number;
  ordersPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** Every unexpected answer of the run (placements and the untimed steps), by status and message. */
  failures: Record<string, number>;
  countedInDatabase: number;
  /** Order confirmation e-mails queued (one per order, in the order's transaction). */
  confirmationJobs: number;
  /** E-mails a second the job worker sends to a local SMTP server. */
  emailsPerSecond: number;
  /** Units in stock before and after, and the units the successful orders bought. */
  stock: { before: number; after: number; sold: number };
};

export async function benchOrders(
  label: string,
  databaseUrl: string,
  options: { sameItem?: boolean; shoppers?: number } = {},
): Promise<OrderBenchResult> {
  const SHOPPERS = options.shoppers ?? 20;
  // Confirmations go through the job worker (default settings) to a real SMTP server in this process.
  const sink = await startSmtpSink();
  // Every shopper places an order each round and pays none: the limits on unpaid orders and on orders an hour
  // (docs/decisions/070) are opened wide, so every placement is measured (the checks themselves still run).
  const server = await startBenchServer(databaseUrl, {
    TRUST_PROXY: "1",
    APP_URL: ORIGIN,
    SMTP_URL: sink.url,
    ...OPEN_ORDER_LIMITS,
  });
  const db = createDatabase(databaseUrl);
  try {
    const UNITS = 100_000;
    const flavours = await stockedFlavours(db, options.sameItem ? 1 : SHOPPERS, UNITS);
    const flavourOf = (i: number) => flavours[i % flavours.length]!;
    const shoppers = await Promise.all(Array.from({ length: SHOPPERS }, (_, i) => newShopper(db, i, flavourOf(i))));
    const stockIds = flavours.map((f) => f.id);
    const stockNow = async () => {
      const row = await db
        .selectFrom("variants")
        .select((eb) => eb.fn.sum<number | string>("stock_quantity").as("n"))
        .where("kind", "=", "flavour")
        .where("item_id", "in", stockIds)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const before = await stockNow();
    const latencies: number[] = [];
    let placementMs = 0;
    let ok = 0;
    let errors = 0;
    // Every answer that is not what a shopper expects counts, the untimed steps' too, by what it was.
    const failures: Record<string, number> = {};
    const failed = (what: string) => (failures[what] = (failures[what] ?? 0) + 1);
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(
        shoppers.map(async (s, i) => {
          if (round > 0) {
            const added = await addLine(s, flavourOf(i));
            if (added.status !== 302) failed(`add to cart ${added.status}`);
          }
          const shipping = await post(s, "/cart-shipping", { method: "free" });
          if (shipping.status !== 302) failed(`shipping ${shipping.status}`);
        }),
      );
      const started = performance.now();
      await Promise.all(
        shoppers.map(async (s) => {
          const t0 = performance.now();
          const response = await post(s, "/api/orders", { idempotencyKey: randomBytes(18).toString("base64url") });
          const answer = (await response.json()) as { ok: boolean; message?: string };
          latencies.push(performance.now() - t0);
          if (response.ok && answer.ok) ok++;
          else {
            errors++;
            failed(`order ${response.status} ${answer.message ?? ""}`.trim());
          }
        }),
      );
      placementMs += performance.now() - started;
    }
    const counted = await db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    const jobs = await db
      .selectFrom("jobs")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("kind", "=", "order-confirmation")
      .executeTakeFirstOrThrow();
    // Units, not orders: a refused order leaves its line in the cart, and the next round's order buys two.
    const sold = await db
      .selectFrom("order_lines")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("quantity"), eb.lit(0)).as("n"))
      .executeTakeFirstOrThrow();
    const mail = await measureMailRate(db, sink);
    return {
      database: label,
      shoppers: SHOPPERS,
      orders: ok,
      ordersPerSecond: Math.round((ok / placementMs) * 1000),
      p50: Math.round(percentile(latencies, 50)),
      p99: Math.round(percentile(latencies, 99)),
      errors,
      failures,
      countedInDatabase: Number(counted.n),
      confirmationJobs: Number(jobs.n),
      emailsPerSecond: mail.emailsPerSecond,
      stock: { before, after: await stockNow(), sold: Number(sold.n) },
    };
  } finally {
    await db.destroy();
    await server.stop();
    await sink.close();
  }
}

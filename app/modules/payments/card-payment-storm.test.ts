// The storm (issue 61): 200 orders paid through the sandbox, every event delivered twice and a third of them out of
// order, across two server copies on one PostgreSQL database: exactly 200 paid orders, 200 payment e-mails, and
// refunds sent through a provider answering 500s from both copies at once, never twice. PostgreSQL only (two copies
// need a shared server); skipped without TEST_DATABASE_URL.
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createShopServices, type ShopServices } from "~/context.server";
import { createDatabase, type Db } from "~/db/database.server";
import { createPostgresTestDatabase, type TestDatabase } from "~/db/testing/test-database";
import { loadConfig } from "~/lib/config.server";
import { createLogger } from "~/lib/log.server";
import { alice, insertOrder, insertUsers, staff } from "~/modules/admin/orders/testing/orders-fixture";
import { startPaymentSandbox } from "../../../server/payment-sandbox/sandbox-server";
import { paymentWebhook } from "../../../server/payment-webhook";
import { requestCardRefund, sendRefund, startCardPayment } from "./card-payments.service.server";
import { ProviderUnavailable } from "./payment-provider.server";
import { cardProviderFor, paymentShop } from "./providers.server";

const SECRET = "storm-webhook-secret-0123456789";
const ORDERS = 200;
const REFUNDS = 50;
const log = createLogger("silent");
const pgUrl = process.env.TEST_DATABASE_URL;

const listen = async (server: Server) => {
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

describe.skipIf(!pgUrl)("the card payment storm: two server copies, every event twice [postgres]", () => {
  let database: TestDatabase;
  let second: Db;
  let copies: ShopServices[] = [];
  const servers: Server[] = [];
  let sandbox: Awaited<ReturnType<typeof startPaymentSandbox>>;
  const control = (body: unknown) =>
    fetch(`${sandbox.url}/sandbox/control`, { method: "POST", body: JSON.stringify(body) }).then((r) => {
      if (!r.ok) throw new Error(`sandbox control ${r.status}`);
    });

  beforeAll(async () => {
    database = await createPostgresTestDatabase(pgUrl!);
    second = createDatabase(database.url, { poolSize: 5 });
    await insertUsers(database.db, [alice, staff]);
    // The webhook goes through a balancer that sends each delivery to the next copy: an event's two copies land on
    // the two servers at about the same time.
    const copyUrls: string[] = [];
    let next = 0;
    const balancer = createServer((req, res) => {
      const target = new URL(req.url ?? "/", copyUrls[next++ % copyUrls.length]);
      const forward = httpRequest(target, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      forward.on("error", () => res.writeHead(502).end());
      req.pipe(forward);
    });
    servers.push(balancer);
    const webhookUrl = `${await listen(balancer)}/webhooks/payments/worldpay`;
    sandbox = await startPaymentSandbox({ port: 0, webhookUrl, webhookSecret: SECRET, retryDelayMs: 50 });
    const port = new URL(sandbox.url).port;
    const config = loadConfig({
      PAYMENT_PROVIDER: "sandbox",
      PAYMENT_WEBHOOK_SECRET: SECRET,
      PAYMENT_SANDBOX_PORT: port,
      SHOP_NAME: "Vapour Lane",
    });
    copies = await Promise.all([database.db, second].map((db) => createShopServices(config, db, log)));
    for (const services of copies) {
      const app = express();
      app.post("/webhooks/payments/worldpay", ...paymentWebhook(services));
      const server = createServer(app);
      servers.push(server);
      copyUrls.push(await listen(server));
    }
  }, 60_000);

  afterAll(async () => {
    await sandbox?.close();
    await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
    await second?.destroy();
    await database?.drop();
  });

  const countWhere = async (db: Db, table: "orders" | "order_payments", paid = false) => {
    let query = db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n"));
    if (paid && table === "orders") query = query.where("payment_status" as never, "=", "paid" as never);
    return Number((await query.executeTakeFirstOrThrow()).n);
  };

  it("200 payments, every event twice, a third out of order: 200 paid orders and 200 e-mails; no double refund", async () => {
    const { db } = database;
    const started = Date.now();
    const references: string[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const orderId = await insertOrder(db, { userId: alice.id, totalCents: 1000 + i });
      const services = copies[i % 2]!;
      const provider = cardProviderFor(services.config)!;
      const attempt = await startCardPayment(services.db, provider, paymentShop(services.config), {
        orderId,
        customerId: alice.id,
      });
      if (!attempt.ok) throw new Error(attempt.message);
      references.push(attempt.reference);
    }
    const approve = (reference: string) =>
      fetch(`${sandbox.url}/sandbox/payments/${encodeURIComponent(reference)}/outcome`, {
        method: "POST",
        body: JSON.stringify({ outcome: "approve" }),
      }).then((r) => expect(r.status).toBe(200));
    const third = Math.floor(ORDERS / 3);
    await control({ delivery: "twice", outOfOrder: true });
    for (let i = 0; i < third; i += 20) await Promise.all(references.slice(i, Math.min(i + 20, third)).map(approve));
    await control({ delivery: "twice", outOfOrder: false });
    for (let i = third; i < ORDERS; i += 20) await Promise.all(references.slice(i, i + 20).map(approve));

    await vi.waitFor(async () => expect(await countWhere(db, "orders", true)).toBe(ORDERS), {
      timeout: 120_000,
      interval: 200,
    });
    const paidAfterMs = Date.now() - started;
    expect(await countWhere(db, "order_payments")).toBe(ORDERS);
    const mails = await db
      .selectFrom("jobs")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("kind", "=", "order-status")
      .where("payload", "like", '%"status":"paid"%')
      .executeTakeFirstOrThrow();
    expect(Number(mails.n)).toBe(ORDERS);
    const ledger = await db
      .selectFrom("payment_events")
      .select(["outcome", (eb) => eb.fn.countAll<number>().as("n")])
      .where("source", "=", "webhook")
      .groupBy("outcome")
      .execute();
    // Each payment's two events (authorized, sentForSettlement) are in the ledger once each.
    expect(ledger.reduce((sum, row) => sum + Number(row.n), 0)).toBe(2 * ORDERS);

    // Refunds: staff on both copies press Refund at once with the same key; the provider fails its first ten
    // answers with 500; both copies' jobs send each refund at the same time, retrying until it is sent.
    const refunded = references.slice(0, REFUNDS);
    const refundIds: string[] = [];
    for (const reference of refunded) {
      const orderId = reference.replace(/-\d+$/, "");
      const ask = (services: ShopServices) =>
        requestCardRefund(services.db, {
          orderId,
          amount: "2.50",
          reason: "Storm refund",
          idempotencyKey: `storm-${orderId}`,
          actor: { kind: "staff", id: staff.id, name: staff.name },
        });
      const both = await Promise.all(copies.map(ask));
      if (!both[0]!.ok || !both[1]!.ok) throw new Error(`refund refused: ${JSON.stringify(both)}`);
      expect(both[0]!.refundId).toBe(both[1]!.refundId);
      refundIds.push(both[0]!.refundId);
    }
    await control({ apiFaults: { mode: "500", count: 10 } });
    let retries = 0;
    const sendUntilDone = async (services: ShopServices, refundId: string) => {
      const provider = cardProviderFor(services.config)!;
      for (let tries = 0; tries < 20; tries++) {
        try {
          return await sendRefund(services.db, provider, paymentShop(services.config), refundId);
        } catch (error) {
          if (!(error instanceof ProviderUnavailable)) throw error;
          retries++;
        }
      }
      throw new Error(`refund ${refundId} never went`);
    };
    for (const refundId of refundIds) await Promise.all(copies.map((services) => sendUntilDone(services, refundId)));
    expect(retries).toBeGreaterThanOrEqual(10);

    const refundRows = await db.selectFrom("refunds").select(["state"]).execute();
    expect(refundRows).toHaveLength(REFUNDS);
    expect(refundRows.every((r) => r.state === "sent" || r.state === "confirmed")).toBe(true);
    for (const reference of refunded) {
      const held = (await (await fetch(`${sandbox.url}/sandbox/payments/${encodeURIComponent(reference)}`)).json()) as {
        refunds: unknown[];
      };
      expect(held.refunds, reference).toHaveLength(1);
    }
    console.info(
      `storm: ${ORDERS} card payments paid through 2 server copies in ${paidAfterMs} ms (events twice, ${third} out of order); ${REFUNDS} refunds, ${retries} retries after 500s, none sent twice`,
    );
  }, 240_000);
});

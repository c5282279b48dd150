import { ukAddress } from "~/modules/checkout/testing/address-fixture";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { taxIncluded } from "~/lib/pricing";
import { addToCart } from "~/modules/cart/cart.service.server";
import { addAddress } from "~/modules/checkout/addresses.service.server";
import { chooseShipping } from "~/modules/checkout/checkout.service.server";
import { placeOrder } from "~/modules/checkout/place-order.service.server";
import type { RaceAnswer, RaceWork } from "~/testing/write-race-worker";
import { setItemStock, unitsOfItems } from "~/db/testing/variant-stock";

const WORKER = fileURLToPath(new URL("../../testing/write-race-worker.ts", import.meta.url));
const PER_PROCESS = 20;

/**
 * Starts the work in a server process of its own (node + tsx, its own database connection): `ready` resolves once it
 * is connected, `go()` lets it run its writes, `answers` are what they answered.
 */
function inOtherProcess(work: RaceWork) {
  const child = spawn(process.execPath, ["--import", "tsx", WORKER, JSON.stringify(work)], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stderr.on("data", (chunk: Buffer) => (err += chunk));
  const answers = new Promise<RaceAnswer[]>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) reject(new Error(`worker exited ${code}: ${err}`));
      else resolve(JSON.parse(out.trim().split("\n").pop()!) as RaceAnswer[]);
    });
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk;
      if (out.startsWith("ready\n")) resolve();
    });
    answers.then(() => reject(new Error("the worker ended without saying it was ready")), reject);
  });
  return { ready, answers, go: () => child.stdin.end("go\n") };
}

const key = () => randomBytes(18).toString("base64url");

// Two server copies on one database, each answering many writes at once: on SQLite (the default, one file) and on
// PostgreSQL every write is answered, none refused as 'try again' (docs/decisions/031).
describeEachDatabase(
  "two server processes writing at once",
  (testDb) => {
    let flavourIds: string[] = [];
    let firstVariants: string[] = [];
    const customers = Array.from({ length: 3 * PER_PROCESS }, (_, i) => `racer-${i}`);

    beforeAll(async () => {
      const { db } = testDb();
      const rows = await db
        .selectFrom("flavours")
        .select(["id", "sizes"])
        .where("archived", "=", 0)
        .orderBy("slug")
        .limit(3)
        .execute();
      flavourIds = rows.map((r) => r.id);
      for (const id of flavourIds) await setItemStock(db, "flavour", id, 1000);
      firstVariants = await Promise.all(
        flavourIds.map(
          async (id) =>
            (
              await db
                .selectFrom("variants")
                .select("id")
                .where("kind", "=", "flavour")
                .where("item_id", "=", id)
                .where("position", "=", 0)
                .executeTakeFirstOrThrow()
            ).id,
        ),
      );
      const now = new Date().toISOString();
      for (const [i, id] of customers.entries()) {
        await db
          .insertInto("user")
          .values({
            id,
            name: id,
            email: `${id}@example.com`,
            emailVerified: 1,
            createdAt: now,
            updatedAt: now,
            role: "customer",
            dateOfBirth: "1990-01-01",
          })
          .execute();
        const row = rows[i % rows.length]!;
        const added = await addToCart(db, id, {
          kind: "flavour",
          itemId: row.id,
          flavour: "",
          nicotineStrength: JSON.parse(row.sizes)[0],
          puffCount: null,
          quantity: 1,
        });
        expect(added).toEqual({ ok: true });
        await addAddress(db, id, ukAddress({ phone: "07700900111", line1: `${i} Race Street` }));
        expect(await chooseShipping(db, id, "free", null)).toEqual({ ok: true });
      }
    });

    const stockOf = (ids: string[]) => unitsOfItems(testDb().db, "flavour", ids);

    it("places, cancels and adjusts stock from two processes at once: every write answered", async () => {
      const { db, url } = testDb();
      // The last third already ordered: their orders are cancelled during the race.
      const earlier = customers.slice(2 * PER_PROCESS);
      const cancel: RaceWork["cancel"] = [];
      for (const userId of earlier) {
        const placed = await placeOrder(db, userId, key(), taxIncluded(20));
        if (!placed.ok) throw new Error(placed.message);
        cancel.push({ userId, orderId: placed.order.id });
      }
      const before = await stockOf(flavourIds);
      const adjust = (n: number) =>
        Array.from({ length: n }, (_, i) => ({
          kind: "flavour" as const,
          id: flavourIds[i % 3]!,
          variantId: firstVariants[i % 3]!,
          change: 2,
        }));
      const processes = [
        inOtherProcess({
          url,
          place: customers.slice(0, PER_PROCESS).map((userId) => ({ userId, key: key() })),
          cancel: cancel.slice(0, PER_PROCESS / 2),
          adjust: adjust(10),
        }),
        inOtherProcess({
          url,
          place: customers.slice(PER_PROCESS, 2 * PER_PROCESS).map((userId) => ({ userId, key: key() })),
          cancel: cancel.slice(PER_PROCESS / 2),
          adjust: adjust(10),
        }),
      ];
      // Both loaded and connected, then both told to go at once.
      await Promise.all(processes.map((p) => p.ready));
      for (const p of processes) p.go();
      const [first, second] = await Promise.all(processes.map((p) => p.answers));
      const answers = [...first!, ...second!];
      expect(answers.filter((a) => !a.ok)).toEqual([]);
      expect(answers.filter((a) => a.op === "place")).toHaveLength(2 * PER_PROCESS);
      expect(answers.filter((a) => a.op === "cancel")).toHaveLength(PER_PROCESS);
      expect(answers.filter((a) => a.op === "adjust")).toHaveLength(20);

      // Nothing lost or doubled: 40 units sold, 20 back from the cancellations, 20 × 2 received.
      expect(await stockOf(flavourIds)).toBe(before - 2 * PER_PROCESS + PER_PROCESS + 40);
      const orders = await db.selectFrom("orders").select(["status"]).execute();
      expect(orders.filter((o) => o.status === "pending")).toHaveLength(2 * PER_PROCESS);
      expect(orders.filter((o) => o.status === "cancelled")).toHaveLength(PER_PROCESS);
      const confirmations = await db.selectFrom("jobs").select("id").where("kind", "=", "order-confirmation").execute();
      expect(confirmations).toHaveLength(2 * PER_PROCESS);
    }, 60_000);
  },
  { seed: true },
);

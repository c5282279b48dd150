import { ukAddress } from "~/modules/checkout/testing/address-fixture";
import { beforeAll, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { firstSizeInStock, variantUnits } from "~/db/testing/variant-stock";
import { loadConfig } from "~/lib/config.server";
import { createLogger } from "~/lib/log.server";
import { createMailer } from "~/lib/mailer.server";
import { taxAdded } from "~/lib/pricing";
import { createShopJobWorker } from "~/context.server";
import { changeOrderStep } from "~/modules/admin/orders/orders-admin.service.server";
import { alice, insertUsers, payInFull, staff } from "~/modules/admin/orders/testing/orders-fixture";
import { addToCart } from "~/modules/cart/cart.service.server";
import { addAddress } from "~/modules/checkout/addresses.service.server";
import { chooseShipping } from "~/modules/checkout/checkout.service.server";
import { placeOrder } from "~/modules/checkout/place-order.service.server";
import { GIVE_UP_AFTER_MS } from "~/modules/jobs/jobs";
import { orderEvents } from "./orders.service.server";
import { UNPAID_ACTOR } from "./payments.service.server";

const DAY = 86_400_000;
const placedAt = new Date("2026-11-02T10:00:00.000Z");
const day = (n: number) => new Date(placedAt.getTime() + n * DAY + 60_000); // a minute after day n began
const log = createLogger("silent");

// An order left unpaid is reminded two days before its payment is due, then cancelled with its stock back; one paid
// or cancelled meanwhile is left alone (docs/decisions/045). The clock is the worker's, injected.
describeEachDatabase(
  "unpaid orders: the reminder and the cancellation",
  (testDb) => {
    let flavour: { id: string; sizes: string };
    const stock = (db: Db) => variantUnits(db, "flavour", flavour.id);
    const place = async (db: Db, key: string) => {
      await addToCart(db, alice.id, {
        kind: "flavour",
        itemId: flavour.id,
        flavour: "",
        nicotineStrength: JSON.parse(flavour.sizes)[0],
        puffCount: null,
        quantity: 2,
      });
      await chooseShipping(db, alice.id, "free", null);
      const placed = await placeOrder(db, alice.id, `key-${key}-aaaaaaaaaaaaaa`, taxAdded(10), {
        now: placedAt,
        unpaid: { days: 7, shopName: "Vapour Lane" },
      });
      if (!placed.ok) throw new Error(placed.message);
      return placed.order;
    };
    /** A worker whose clock says `when`: it runs every job due by then, as the server's would. */
    const runAt = async (db: Db, when: Date) => {
      const worker = createShopJobWorker(
        {
          db,
          mailer: createMailer({ from: "shop@example.com", log }),
          log,
          config: loadConfig({ APP_URL: "http://shop.test" }),
        },
        { pollMs: 20, now: () => when },
      );
      let ran = 0;
      for (let n = await worker.runOnce(); n > 0; n = await worker.runOnce()) ran += n;
      return ran;
    };
    const notices = (db: Db, orderId: string) =>
      db
        .selectFrom("jobs")
        .select(["recipient", "subject", "payload", "run_at"])
        .where("kind", "=", "notice")
        .where("subject", "like", `%${orderId}%`)
        .orderBy("run_at")
        .execute();
    const statusOf = async (db: Db, id: string) =>
      db.selectFrom("orders").select(["status", "payment_status"]).where("id", "=", id).executeTakeFirstOrThrow();

    beforeAll(async () => {
      const { db } = testDb();
      await insertUsers(db, [staff, alice]);
      await db.updateTable("user").set({ dateOfBirth: "1990-01-01" }).where("id", "=", alice.id).execute();
      await addAddress(db, alice.id, ukAddress());
      flavour = await db
        .selectFrom("flavours")
        .select(["id", "sizes"])
        .where(firstSizeInStock(20))
        .orderBy("slug")
        .executeTakeFirstOrThrow();
    });

    it("queues the reminder and the cancellation with the order, due 5 and 7 days later, each given up a day after", async () => {
      const { db } = testDb();
      const order = await place(db, "queued");
      const jobs = await db
        .selectFrom("jobs")
        .select(["kind", "run_at", "give_up_at", "status", "payload"])
        .where("kind", "in", ["unpaid-order-reminder", "unpaid-order-cancel"])
        .where("payload", "like", `%${order.id}%`)
        .orderBy("run_at")
        .execute();
      const due = (days: number) => new Date(placedAt.getTime() + days * DAY);
      expect(jobs).toEqual([
        {
          kind: "unpaid-order-reminder",
          run_at: due(5).toISOString(),
          give_up_at: new Date(due(5).getTime() + GIVE_UP_AFTER_MS).toISOString(),
          status: "queued",
          payload: JSON.stringify({ orderId: order.id, shopName: "Vapour Lane", days: 7 }),
        },
        {
          kind: "unpaid-order-cancel",
          run_at: due(7).toISOString(),
          give_up_at: new Date(due(7).getTime() + GIVE_UP_AFTER_MS).toISOString(),
          status: "queued",
          payload: JSON.stringify({ orderId: order.id, shopName: "Vapour Lane", days: 7 }),
        },
      ]);
    });

    it("reminds the customer on day 5, cancels on day 7 with the stock back and the customer told; a paid order and a cancelled one are left alone", async () => {
      const { db } = testDb();
      await db.deleteFrom("jobs").execute();
      const start = await stock(db);
      const unpaid = await place(db, "unpaid");
      const paid = await place(db, "paid");
      const cancelled = await place(db, "cancelled");
      expect(await stock(db)).toBe(start - 6);
      await payInFull(db, paid.id, day(1));
      expect(
        await changeOrderStep(db, staff, { orderId: cancelled.id, step: "cancel", from: "pending" }, day(2)),
      ).toMatchObject({ ok: true });
      expect(await stock(db)).toBe(start - 4);

      // Day 4: nothing is due yet.
      await runAt(db, day(4));
      expect(await notices(db, unpaid.id)).toEqual([]);
      expect(await statusOf(db, unpaid.id)).toEqual({ status: "pending", payment_status: "pending" });

      // Day 5: the unpaid order's reminder; none for the paid or the cancelled one.
      await runAt(db, day(5));
      const [reminder, ...others] = await notices(db, unpaid.id);
      expect(others).toEqual([]);
      expect(reminder).toMatchObject({
        recipient: alice.email,
        subject: `Vapour Lane: order ${unpaid.id} is waiting for your payment`,
      });
      const reminderText = JSON.parse(reminder!.payload) as { paragraphs: string[]; action: { url: string } };
      expect(reminderText.paragraphs.join(" ")).toContain(`£${(unpaid.totalCents / 100).toFixed(2)}`);
      expect(reminderText.paragraphs.join(" ")).toContain("Mon 9 Nov 2026");
      expect(reminderText.action.url).toBe(`http://shop.test/account/orders/${unpaid.id}`);
      expect(await statusOf(db, unpaid.id)).toEqual({ status: "pending", payment_status: "pending" });
      expect(await notices(db, paid.id)).toEqual([]);

      // Day 7: the unpaid order is cancelled, its stock back, its history says by whom, the customer told.
      await runAt(db, day(7));
      expect(await statusOf(db, unpaid.id)).toEqual({ status: "cancelled", payment_status: "pending" });
      expect(await stock(db)).toBe(start - 2);
      expect((await orderEvents(db, unpaid.id)).at(-1)).toEqual({
        field: "status",
        from: "pending",
        to: "cancelled",
        byName: UNPAID_ACTOR,
        actorKind: "shop",
        at: day(7).toISOString(),
      });
      const movement = await db
        .selectFrom("stock_movements")
        .select(["reason", "change", "by_name"])
        .where("order_id", "=", unpaid.id)
        .where("reason", "=", "cancelled")
        .execute();
      expect(movement).toEqual([{ reason: "cancelled", change: 2, by_name: UNPAID_ACTOR }]);
      const subjects = (await notices(db, unpaid.id)).map((n) => n.subject);
      expect(subjects).toEqual([
        `Vapour Lane: order ${unpaid.id} is waiting for your payment`,
        `Vapour Lane: order ${unpaid.id} is cancelled (no payment)`,
      ]);

      // The paid order and the one cancelled by staff: untouched, no e-mail, the stock not returned twice.
      expect(await statusOf(db, paid.id)).toEqual({ status: "pending", payment_status: "paid" });
      expect(await statusOf(db, cancelled.id)).toEqual({ status: "cancelled", payment_status: "pending" });
      expect(await notices(db, paid.id)).toEqual([]);
      expect(await notices(db, cancelled.id)).toEqual([]);
      expect((await orderEvents(db, cancelled.id)).filter((e) => e.to === "cancelled")).toHaveLength(1);

      // Every unpaid-order job is done: none left to run again.
      const left = await db
        .selectFrom("jobs")
        .select(["kind", "status"])
        .where("kind", "in", ["unpaid-order-reminder", "unpaid-order-cancel"])
        .where("status", "!=", "done")
        .execute();
      expect(left).toEqual([]);
    });
  },
  { seed: true },
);

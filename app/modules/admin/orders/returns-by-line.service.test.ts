import { beforeAll, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { StaffOnlyError } from "~/modules/accounts/staff";
import { reportFault, requestReturn, returnRequestOf } from "~/modules/orders/customer-orders.service.server";
import { returnMessages } from "~/modules/orders/returns";
import { paymentMessages } from "~/modules/orders/payments";
import { decideReturn, listReturnRequests } from "./returns-admin.service.server";
import { payByCard } from "./testing/card-payment-fixture";
import {
  deliveredDaysAgo,
  insertOrder,
  insertUsers,
  packer,
  payInFull,
  shopper,
  staff,
} from "./testing/orders-fixture";

// Returns by line (issue 64, docs/decisions/083): the customer chooses lines and units with a reason each, staff
// decide each line (back in stock or written off, or refused), and the refund is the accepted lines' amount.

const mail = { shopName: "Test Shop", staffEmail: "staff@shop.test", baseUrl: "http://shop.test" };
const now = new Date("2026-11-29T12:00:00.000Z");
const key = (n: number) => `return-key-${String(n).padStart(12, "0")}`;
const rowan = shopper("rowan");
// Each account may e-mail staff only so often (docs/decisions/070): the fault reports are another customer's.
const fenna = shopper("fenna");

type Variant = { kind: "flavour"; item_id: string; id: string };

/** A delivered order of two lines: 2 × £5.00 of one variant and 1 × £7.00 of another, shipping £3.95. */
async function twoLineOrder(db: Db, variants: [Variant, Variant], deliveredDays = 3, userId = rowan.id) {
  const id = await insertOrder(db, { userId, totalCents: 2095, status: "dispatched" });
  await db.updateTable("orders").set({ shipping_cents: 395 }).where("id", "=", id).execute();
  await db
    .updateTable("order_lines")
    .set({
      item_id: variants[0].item_id,
      variant_id: variants[0].id,
      name: "Blue Razz",
      unit_price_cents: 500,
      quantity: 2,
      line_total_cents: 1000,
    })
    .where("order_id", "=", id)
    .execute();
  await db
    .insertInto("order_lines")
    .values({
      order_id: id,
      position: 1,
      kind: "flavour",
      item_id: variants[1].item_id,
      name: "Mango Ice",
      image: null,
      flavour: "Mango Ice",
      nicotine_strength: 10,
      puff_count: null,
      variant_id: variants[1].id,
      unit_price_cents: 700,
      quantity: 1,
      line_total_cents: 700,
    })
    .execute();
  await deliveredDaysAgo(db, id, deliveredDays, now);
  return id;
}

const stockOf = async (db: Db, variantId: string) =>
  Number(
    (await db.selectFrom("variants").select("stock_quantity").where("id", "=", variantId).executeTakeFirstOrThrow())
      .stock_quantity,
  );
const refundsOf = (db: Db, orderId: string) =>
  db
    .selectFrom("refunds")
    .select(["amount_cents", "method", "reference", "state"])
    .where("order_id", "=", orderId)
    .execute();
const linesOf = async (db: Db, orderId: string) => (await returnRequestOf(db, orderId))?.lines ?? [];

describeEachDatabase(
  "returns by line",
  (testDb) => {
    let variants: [Variant, Variant];
    beforeAll(async () => {
      const { db } = testDb();
      await insertUsers(db, [rowan, fenna, staff, packer]);
      const rows = await db
        .selectFrom("variants")
        .select(["kind", "item_id", "id"])
        .where("kind", "=", "flavour")
        .where("position", "=", 0)
        .orderBy("id")
        .limit(2)
        .execute();
      variants = rows as [Variant, Variant];
      for (const v of variants)
        await db.updateTable("variants").set({ stock_quantity: 10, track_stock: 1 }).where("id", "=", v.id).execute();
    });

    it("returns one of two lines; more units than ordered, a repeat or nothing at all are refused with nothing changed", async () => {
      const { db } = testDb();
      const id = await twoLineOrder(db, variants);
      await payInFull(db, id, now);
      const jobs = async () => (await db.selectFrom("jobs").select("id").execute()).length;
      const before = await jobs();
      expect(await requestReturn(db, rowan, id, { "qty-0": "3", "reason-0": "Too sweet" }, mail, now)).toMatchObject({
        ok: false,
        fieldErrors: { "qty-0": returnMessages.tooMany(2, 0) },
      });
      expect(await requestReturn(db, rowan, id, { "qty-0": "0", "qty-1": "0" }, mail, now)).toMatchObject({
        ok: false,
        fieldErrors: { "qty-0": returnMessages.noneChosen },
      });
      expect(await returnRequestOf(db, id)).toBeNull();
      expect(await jobs()).toBe(before);

      expect(await requestReturn(db, rowan, id, { "qty-0": "1", "reason-0": "Too sweet" }, mail, now)).toEqual({
        ok: true,
        message: returnMessages.requested,
      });
      expect(await linesOf(db, id)).toEqual([
        expect.objectContaining({ position: 0, quantity: 1, reason: "Too sweet", status: "requested" }),
      ]);
      // The unit in the return counts: one more of that line is all that is left; the same again is refused.
      expect(await requestReturn(db, rowan, id, { "qty-0": "2", "reason-0": "Again" }, mail, now)).toMatchObject({
        ok: false,
        fieldErrors: { "qty-0": returnMessages.tooMany(1, 1) },
      });
      expect(await linesOf(db, id)).toHaveLength(1);
      expect((await listReturnRequests(db, staff, "requested")).map((r) => r.orderId)).toContain(id);

      // A packer may not decide; a line left undecided is refused under it.
      await expect(decideReturn(db, packer, id, { note: "ok" }, mail, now)).rejects.toThrow(StaffOnlyError);
      const [line] = await linesOf(db, id);
      expect(await decideReturn(db, staff, id, { note: "Thanks" }, mail, now)).toMatchObject({
        ok: false,
        fieldErrors: { [`line-${line!.id}`]: returnMessages.lineDecisionRequired },
      });
      // Accepted back into stock: the refund is that line's amount, recorded with how it was sent.
      expect(
        await decideReturn(db, staff, id, { note: "Thanks", [`line-${line!.id}`]: "restock" }, mail, now),
      ).toMatchObject({
        ok: false,
        fieldErrors: { method: paymentMessages.refundMethodMissing },
      });
      expect(await stockOf(db, variants[0].id)).toBe(10);
      const decided = await decideReturn(
        db,
        staff,
        id,
        { note: "Thanks", [`line-${line!.id}`]: "restock", method: "bank-transfer", reference: "BACS-R1" },
        mail,
        now,
      );
      expect(decided).toMatchObject({ ok: true, refundCents: 500 });
      expect(await stockOf(db, variants[0].id)).toBe(11);
      expect(await stockOf(db, variants[1].id)).toBe(10);
      expect(await refundsOf(db, id)).toEqual([
        { amount_cents: 500, method: "bank-transfer", reference: "BACS-R1", state: "confirmed" },
      ]);
      const moves = await db
        .selectFrom("stock_movements")
        .select(["change", "reason", "order_id"])
        .where("order_id", "=", id)
        .execute();
      expect(moves).toEqual([{ change: 1, reason: "returned", order_id: id }]);
      expect(await linesOf(db, id)).toEqual([expect.objectContaining({ status: "accepted", outcome: "restocked" })]);
      const audit = await db
        .selectFrom("audit_log")
        .select(["action", "details"])
        .where("entity_id", "=", id)
        .where("action", "=", "return.decide")
        .execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(String(audit[0]!.details))).toMatchObject({
        lines: [{ position: 0, quantity: 1, outcome: "restocked" }],
        refundCents: 500,
        method: "bank-transfer",
      });
      // Decided once.
      expect(await decideReturn(db, staff, id, { note: "Again" }, mail, now)).toMatchObject({
        ok: false,
        message: returnMessages.notOpen,
      });
    });

    it("written off does not raise the stock; the whole order back within 14 days refunds the shipping too", async () => {
      const { db } = testDb();
      const id = await twoLineOrder(db, variants);
      await payInFull(db, id, now);
      expect(
        await requestReturn(
          db,
          rowan,
          id,
          { "qty-0": "2", "reason-0": "Leaks", "qty-1": "1", "reason-1": "Changed my mind" },
          mail,
          now,
        ),
      ).toMatchObject({ ok: true });
      const [a, b] = await linesOf(db, id);
      const stock = [await stockOf(db, variants[0].id), await stockOf(db, variants[1].id)];
      const decided = await decideReturn(
        db,
        staff,
        id,
        {
          note: "Refunded",
          [`line-${a!.id}`]: "write-off",
          [`line-${b!.id}`]: "restock",
          method: "bank-transfer",
          reference: "BACS-R2",
        },
        mail,
        now,
      );
      expect(decided).toMatchObject({ ok: true, refundCents: 1000 + 700 + 395 });
      expect(await stockOf(db, variants[0].id)).toBe(stock[0]);
      expect(await stockOf(db, variants[1].id)).toBe(stock[1]! + 1);
      expect((await returnRequestOf(db, id))?.shippingRefunded).toBe(true);
      const mailJob = await db
        .selectFrom("jobs")
        .select(["subject", "payload"])
        .where("recipient", "=", rowan.email)
        .where("subject", "like", `%your return of order ${id}%`)
        .executeTakeFirstOrThrow();
      expect(String(mailJob.payload)).toContain("£20.95");
    });

    it("a card-paid order is refunded through the provider; one refund on its way at a time", async () => {
      const { db } = testDb();
      const id = await twoLineOrder(db, variants);
      await payByCard(db, { id, userId: rowan.id, totalCents: 2095 });
      expect(
        await requestReturn(db, rowan, id, { "qty-1": "1", "reason-1": "Wrong flavour" }, mail, now),
      ).toMatchObject({
        ok: true,
      });
      const [line] = await linesOf(db, id);
      // A form without its key (stale or crafted) sends nothing and decides nothing.
      expect(
        await decideReturn(db, staff, id, { note: "Refunding", [`line-${line!.id}`]: "restock" }, mail, now),
      ).toMatchObject({ ok: false, code: "changed" });
      expect(await refundsOf(db, id)).toEqual([]);
      expect((await linesOf(db, id))[0]?.status).toBe("requested");
      const decided = await decideReturn(
        db,
        staff,
        id,
        { note: "Refunding to your card", [`line-${line!.id}`]: "restock", idempotencyKey: key(1) },
        mail,
        now,
      );
      expect(decided).toMatchObject({ ok: true, refundCents: 700 });
      expect(await refundsOf(db, id)).toEqual([
        expect.objectContaining({ amount_cents: 700, method: "card-online", state: "requested" }),
      ]);
      // Another line while that refund is on its way: refused, nothing written (the line stays open, stock as it was).
      expect(await requestReturn(db, rowan, id, { "qty-0": "1", "reason-0": "Too sweet" }, mail, now)).toMatchObject({
        ok: true,
      });
      const open = (await linesOf(db, id)).find((l) => l.status === "requested")!;
      const stock = await stockOf(db, variants[0].id);
      const refused = await decideReturn(
        db,
        staff,
        id,
        { note: "ok", [`line-${open.id}`]: "restock", idempotencyKey: key(2) },
        mail,
        now,
      );
      expect(refused).toMatchObject({ ok: false });
      expect(await stockOf(db, variants[0].id)).toBe(stock);
      expect((await linesOf(db, id)).find((l) => l.id === open.id)?.status).toBe("requested");
      expect(await refundsOf(db, id)).toHaveLength(1);
    });

    it("a faulty item: a refund up to 30 days after delivery, a repair or replacement up to 6 months, then contact the shop", async () => {
      const { db } = testDb();
      const recent = await twoLineOrder(db, variants, 20, fenna.id);
      // Past the 14 days: no return for a change of mind, but a fault may be reported for a refund.
      expect(await requestReturn(db, fenna, recent, { "qty-0": "1", "reason-0": "x" }, mail, now)).toMatchObject({
        ok: false,
        message: expect.stringMatching(/^The 14 days to return this order ended on/),
      });
      const fault = { position: "1", quantity: "1", description: "It does not fire", remedy: "refund" };
      expect(await reportFault(db, fenna, recent, fault, mail, now)).toEqual({
        ok: true,
        message: returnMessages.faultReported,
      });
      expect(await linesOf(db, recent)).toEqual([
        expect.objectContaining({ position: 1, kind: "faulty", remedy: "refund", reason: "It does not fire" }),
      ]);
      expect((await listReturnRequests(db, staff, "requested")).find((r) => r.orderId === recent)?.reason).toMatch(
        /^Faulty/,
      );

      const older = await twoLineOrder(db, variants, 60, fenna.id);
      expect(await reportFault(db, fenna, older, fault, mail, now)).toMatchObject({
        ok: false,
        fieldErrors: { remedy: returnMessages.remedyTooLate },
      });
      expect(await reportFault(db, fenna, older, { ...fault, remedy: "repair" }, mail, now)).toMatchObject({
        ok: true,
      });

      const old = await twoLineOrder(db, variants, 200, fenna.id);
      expect(await reportFault(db, fenna, old, { ...fault, remedy: "repair" }, mail, now)).toMatchObject({
        ok: false,
        message: returnMessages.faultTooLate,
      });
      expect(await returnRequestOf(db, old)).toBeNull();
    });
  },
  { seed: true },
);

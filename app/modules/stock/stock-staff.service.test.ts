import { expect, it } from "vitest";
import { fail, failFields } from "~/lib/result";
import { describeEachDatabase } from "~/db/testing/test-database";
import { staff } from "~/modules/admin/orders/testing/orders-fixture";
import { requestBackInStock } from "./back-in-stock.service.server";
import { createLogger } from "~/lib/log.server";
import { createMailer } from "~/lib/mailer.server";
import { startTestWorker } from "~/testing/job-worker";
import { mailText, startSmtpSink } from "~/testing/smtp-sink";
import { adjustStock, lowStockItems, setStockFromForm, stockHistory } from "./stock.service.server";
import { variantUnits } from "~/db/testing/variant-stock";
import { optionsLabel } from "~/modules/catalog/variants";
import { shoppers, useStockFixture } from "./testing/stock-fixture";

describeEachDatabase(
  "stock as staff keep it",
  (testDb) => {
    const { item, of, stockNow, setStock } = useStockFixture(testDb);

    it("records staff adjustments with who, why and a note; refuses below zero, wrong signs and fractions", async () => {
      const { db } = testDb();
      await setStock(db, 3);
      expect(
        await adjustStock(db, staff, of(), {
          reason: "received",
          change: "12",
          note: "Delivery 4471",
        }),
      ).toMatchObject({ ok: true, quantity: 15 });
      expect(await adjustStock(db, staff, of(), { reason: "damaged", change: "-2", note: "Leaking" })).toMatchObject({
        ok: true,
        quantity: 13,
      });
      const refusals: Array<[Record<string, string>, string]> = [
        [
          { reason: "correction", change: "-14", note: "" },
          "That would take the stock below zero: there are only 13 left.",
        ],
        [{ reason: "received", change: "-1", note: "" }, "Received stock adds units: enter a positive number"],
        [
          { reason: "damaged", change: "2", note: "" },
          "Damaged stock removes units: enter a negative number, such as -2",
        ],
        [{ reason: "received", change: "1.5", note: "" }, "Enter a whole number of units, such as 12 or -2"],
        [{ reason: "received", change: "0", note: "" }, "Enter a change other than 0"],
      ];
      for (const [values, message] of refusals)
        expect(await adjustStock(db, staff, of(), values)).toEqual(failFields({ change: message }));
      expect(await stockNow(db)).toBe(13);
      await expect(
        adjustStock(db, shoppers[0]!, of(), { reason: "received", change: "5", note: "" }),
      ).rejects.toThrow();
      expect(await stockNow(db)).toBe(13);
      const [last, before] = await stockHistory(db, staff, { kind: "flavour", itemId: item.flavour.id });
      expect([last, before].map((m) => [m!.reason, m!.change, m!.quantityAfter, m!.note, m!.byName])).toEqual([
        ["Damaged or lost", -2, 13, "Leaking", staff.name],
        ["Received", 12, 15, "Delivery 4471", staff.name],
      ]);
      // Only that size changed, and its history names it; the other size's history does not hold these.
      expect(await variantUnits(db, "flavour", item.flavour.id, item.other.nicotineStrength)).toBe(30);
      expect([last!.variantId, last!.sku, last!.variant]).toEqual([
        item.size.id,
        item.size.sku,
        optionsLabel(item.size),
      ]);
      const otherHistory = await stockHistory(db, staff, {
        kind: "flavour",
        itemId: item.flavour.id,
        variantId: item.other.id,
      });
      expect(otherHistory.map((m) => m.id)).not.toContain(last!.id);
      // A variant of another item, or none, is not this item's: nothing to adjust.
      const elsewhere = { ...of(), itemId: "no-such-item" };
      const received = { reason: "received", change: "5", note: "" };
      expect(await adjustStock(db, staff, elsewhere, received)).toEqual(fail("not-found", "There is no such item."));
      expect(await adjustStock(db, staff, { ...of(), variantId: "nope" }, received)).toEqual(
        fail("not-found", "There is no such item."),
      );
      await setStock(db, 13); // (tracking back on: untracked, it refuses)
      await db.updateTable("variants").set({ track_stock: 0 }).where("id", "=", item.size.id).execute();
      expect(await adjustStock(db, staff, of(), received)).toEqual(
        failFields({
          change: "This variant's stock is not tracked. Tick its Track stock in the variants above first.",
        }),
      );
      await setStock(db, 13);
      expect(await stockNow(db)).toBe(13);
    });

    it("sets a quantity typed in the variant grid only if no order took stock meanwhile; 'counted' ends 'to check'", async () => {
      const { db } = testDb();
      await setStock(db, 7); // the page showed 8; an order took one while it was open
      await db.updateTable("variants").set({ stock_to_check: 1 }).where("id", "=", item.size.id).execute();
      const set = (seen: number, typed: number) =>
        db.transaction().execute((trx) => setStockFromForm(trx, staff, of(), seen, typed));
      const toCheck = async () =>
        (
          await db
            .selectFrom("variants")
            .select("stock_to_check")
            .where("id", "=", item.size.id)
            .executeTakeFirstOrThrow()
        ).stock_to_check;
      const historyBefore = await stockHistory(db, staff, { kind: "flavour", itemId: item.flavour.id });
      for (const typed of [20, 8])
        expect(await set(8, typed)).toEqual({
          ok: false,
          code: "changed",
          message: "The stock changed while you were editing (it is now 7). Check it and save again.",
        });
      expect([await stockNow(db), Number(await toCheck())]).toEqual([7, 1]);
      // The same number, confirmed as counted: no change to record, no longer to check.
      expect(await set(7, 7)).toEqual({ ok: true, backInStock: false });
      expect([await stockNow(db), Number(await toCheck())]).toEqual([7, 0]);
      expect(await stockHistory(db, staff, { kind: "flavour", itemId: item.flavour.id })).toEqual(historyBefore);
      expect(await set(7, 20)).toEqual({ ok: true, backInStock: false });
      expect(await stockNow(db)).toBe(20);
      const [last] = await stockHistory(db, staff, { kind: "flavour", itemId: item.flavour.id });
      expect([last!.reason, last!.change, last!.quantityAfter, last!.variantId]).toEqual([
        "Set on the item's page",
        13,
        20,
        item.size.id,
      ]);
    });

    it("lists low variants for the dashboard, fewest first", async () => {
      const { db } = testDb();
      await setStock(db, 1);
      const low = await lowStockItems(db, 5, 1000); // (the dashboard shows the first 10: many are out)
      expect(low.length).toBeGreaterThan(1);
      expect(low.map((i) => i.quantity)).toEqual([...low.map((i) => i.quantity)].sort((a, b) => a - b));
      expect(low).toContainEqual({
        kind: "flavour",
        id: item.flavour.id,
        name: item.flavour.name,
        variantId: item.size.id,
        sku: item.size.sku,
        variant: optionsLabel(item.size),
        quantity: 1,
      });
      expect(low.map((i) => i.variantId)).not.toContain(item.other.id); // its other size has 30
      expect(low.every((i) => i.quantity <= 5)).toBe(true);
    });

    it("keeps one 'Email me when it's back' request per address and variant, only for a variant that is out", async () => {
      const { db } = testDb();
      await setStock(db, 0);
      const ask = (email: string, ip = "203.0.113.5") =>
        requestBackInStock(
          db,
          { kind: "flavour", itemId: item.flavour.id, variantId: item.size.id, email },
          { userId: null, clientIp: ip },
        );
      expect(await ask("waiting@example.com")).toEqual({ ok: true });
      expect(await ask("Waiting@Example.com")).toEqual({ ok: true });
      expect(await ask("not an email")).toMatchObject({ ok: false, code: "invalid" });
      expect(
        await requestBackInStock(
          db,
          { kind: "flavour", itemId: "no-such-item", variantId: item.size.id, email: "a@b.co" },
          { userId: null, clientIp: "203.0.113.5" },
        ),
      ).toMatchObject({ ok: false, code: "not-found" });
      const alerts = await db
        .selectFrom("stock_alerts")
        .select(["email", "variant_id"])
        .where("item_id", "=", item.flavour.id)
        .execute();
      expect(alerts).toEqual([{ email: "waiting@example.com", variant_id: item.size.id }]);
      // The other size is in stock: nothing to wait for.
      expect(
        await requestBackInStock(
          db,
          { kind: "flavour", itemId: item.flavour.id, variantId: item.other.id, email: "waiting@example.com" },
          { userId: null, clientIp: "203.0.113.5" },
        ),
      ).toMatchObject({ ok: false, code: "wrong-state" });
      // Restocked: one e-mail per request, queued with the change; the requests are gone, so a later restock sends none.
      expect(await adjustStock(db, staff, of(), { reason: "received", change: "4", note: "" })).toMatchObject({
        ok: true,
        backInStock: true,
      });
      const queued = async () =>
        db.selectFrom("jobs").select(["recipient", "subject"]).where("kind", "=", "back-in-stock").execute();
      expect(await queued()).toEqual([{ recipient: "waiting@example.com", subject: `Back in stock: ${item.name}` }]);
      expect(await db.selectFrom("stock_alerts").select("id").where("item_id", "=", item.flavour.id).execute()).toEqual(
        [],
      );
      expect(await ask("late@example.com")).toEqual({
        ok: false,
        code: "wrong-state",
        message: "This item is in stock: you can add it to your cart now.",
      });
      await adjustStock(db, staff, of(), { reason: "damaged", change: "-4", note: "" });
      await adjustStock(db, staff, of(), { reason: "received", change: "2", note: "" });
      expect(await queued()).toHaveLength(1);
      // The e-mail itself, as the worker sends it.
      const sink = await startSmtpSink();
      const worker = startTestWorker(
        testDb(),
        createMailer({ smtpUrl: sink.url, from: "shop@example.com", log: createLogger("silent") }),
      );
      try {
        const [mail] = await sink.waitFor(1);
        expect(mail!.to).toEqual(["waiting@example.com"]);
        expect(mailText(mail!)).toContain(`http://shop.test/flavour/${item.flavour.id}`);
      } finally {
        await worker.stop();
        await sink.close();
      }
    });
  },
  { seed: true },
);

import { ukAddress } from "~/modules/checkout/testing/address-fixture";
import { beforeAll, expect, it } from "vitest";
import { fail, failFields } from "~/lib/result";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { changeOrderStep } from "~/modules/admin/orders/orders-admin.service.server";
import { insertUsers, staff } from "~/modules/admin/orders/testing/orders-fixture";
import type { SessionUser } from "~/modules/accounts/accounts";
import { addToCart, changeQuantity, getCart } from "~/modules/cart/cart.service.server";
import { addAddress } from "~/modules/checkout/addresses.service.server";
import { chooseShipping } from "~/modules/checkout/checkout.service.server";
import { placeOrder } from "~/modules/checkout/place-order.service.server";
import { requestBackInStock } from "./back-in-stock.service.server";
import { createLogger } from "~/lib/log.server";
import { createMailer } from "~/lib/mailer.server";
import { startTestWorker } from "~/testing/job-worker";
import { mailText, startSmtpSink } from "~/testing/smtp-sink";
import { adjustStock, lowStockItems, setStockFromForm, stockHistory } from "./stock.service.server";
import { taxAdded } from "~/lib/pricing";
import { firstSizeInStock, variantUnits } from "~/db/testing/variant-stock";
import { getFlavour } from "~/modules/catalog/catalog.service.server";
import { optionsLabel, variantName, type VariantOffer } from "~/modules/catalog/variants";

const home = ukAddress();
const shopper = (id: string): SessionUser => ({
  id,
  name: id,
  email: `${id}@example.com`,
  firstName: id,
  lastName: null,
  dateOfBirth: "1990-01-01",
  role: "customer",
  authProvider: "email",
});
const shoppers = ["buyer-1", "buyer-2", "buyer-3", "buyer-4"].map(shopper);

describeEachDatabase(
  "stock that cannot be oversold",
  (testDb) => {
    // Stock is kept per variant (docs/decisions/043): these tests sell a flavour's first size, named as shoppers see it
    // ('Mango Ice (10 mg)'); its other sizes keep their own stock.
    let flavour: { id: string; name: string };
    let size: VariantOffer;
    let other: VariantOffer;
    let name: string;
    const of = () => ({ kind: "flavour" as const, itemId: flavour.id, variantId: size.id });
    const line = (quantity: number) => ({
      kind: "flavour",
      itemId: flavour.id,
      flavour: "",
      nicotineStrength: size.nicotineStrength,
      puffCount: null,
      quantity,
    });
    const stockNow = (db: Db) => variantUnits(db, "flavour", flavour.id);
    const setStock = (db: Db, quantity: number, variantId = size.id) =>
      db
        .updateTable("variants")
        .set({ stock_quantity: quantity, track_stock: 1 })
        .where("id", "=", variantId)
        .execute();
    const readyToPay = async (db: Db, userId: string, quantity: number) => {
      expect(await addToCart(db, userId, line(quantity))).toEqual({ ok: true });
      await chooseShipping(db, userId, "free", null);
    };
    beforeAll(async () => {
      const { db } = testDb();
      await insertUsers(db, [...shoppers, staff]);
      for (const s of shoppers) await addAddress(db, s.id, home);
      const row = await db
        .selectFrom("flavours")
        .select("id")
        .where(firstSizeInStock(10))
        .where("sizes", "like", "%,%") // more than one size
        .orderBy("slug")
        .executeTakeFirstOrThrow();
      const found = (await getFlavour(db, row.id))!;
      flavour = { id: found.id, name: found.name };
      [size, other] = found.variants as [VariantOffer, VariantOffer];
      name = variantName(flavour.name, size);
      await setStock(db, 30, other.id);
    });

    it("gives the last unit to one of two shoppers placing at the same moment; the other is refused and keeps the cart", async () => {
      const { db } = testDb();
      await setStock(db, 1);
      await readyToPay(db, "buyer-1", 1);
      await readyToPay(db, "buyer-2", 1);
      const results = await Promise.all([
        placeOrder(db, "buyer-1", "key-last-unit-one-aaaa", taxAdded(10)),
        placeOrder(db, "buyer-2", "key-last-unit-two-bbbb", taxAdded(10)),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([
        { ok: false, message: `Sorry, ${name} is out of stock`, status: 400 },
      ]);
      expect(await stockNow(db)).toBe(0);
      const loser = results[0]!.ok ? "buyer-2" : "buyer-1";
      expect((await getCart(db, loser, taxAdded(10))).lines).toHaveLength(1); // nothing saved, the cart kept
      expect(await db.selectFrom("orders").select("id").where("user_id", "=", loser).execute()).toEqual([]);
    });

    it("refuses an order for more than is left, naming the item and how many are left; nothing changes", async () => {
      const { db } = testDb();
      await setStock(db, 5);
      await readyToPay(db, "buyer-3", 5);
      await setStock(db, 2); // others bought some after it went into the cart
      expect(await placeOrder(db, "buyer-3", "key-too-many-aaaaaaaaa", taxAdded(10))).toEqual({
        ok: false,
        message: `Only 2 left of ${name}`,
        status: 400,
      });
      expect(await stockNow(db)).toBe(2);
      expect(
        await db
          .selectFrom("stock_movements")
          .select("id")
          .where("order_id", "is not", null)
          .where("item_id", "=", flavour.id)
          .where("change", "=", -5)
          .execute(),
      ).toEqual([]);
      // The pages bring the cart down to what is left and say so; then the order goes through.
      const capped = await getCart(db, "buyer-3", taxAdded(10), { capToStock: true });
      expect(capped.capped).toEqual([`Only 2 left of ${name}`]);
      expect(capped.lines[0]!.quantity).toBe(2);
      const placed = await placeOrder(db, "buyer-3", "key-too-many-bbbbbbbbb", taxAdded(10));
      expect(placed.ok).toBe(true);
      expect(await stockNow(db)).toBe(0);
    });

    it("refuses to add an out-of-stock item, or more than is left, to a cart", async () => {
      const { db } = testDb();
      await setStock(db, 0);
      expect(await addToCart(db, "buyer-4", line(1))).toEqual({
        ok: false,
        message: `Sorry, ${name} is out of stock`,
        status: 400,
      });
      await setStock(db, 3);
      expect(await addToCart(db, "buyer-4", line(4))).toEqual({
        ok: false,
        message: `Only 3 left of ${name}`,
        status: 400,
      });
      expect(await addToCart(db, "buyer-4", line(3))).toEqual({ ok: true });
      const cart = await getCart(db, "buyer-4", taxAdded(10));
      expect(await changeQuantity(db, "buyer-4", cart.lines[0]!, 1)).toBe(`Only 3 left of ${name}`);
      expect((await getCart(db, "buyer-4", taxAdded(10))).lines[0]!.quantity).toBe(3);
      await db.deleteFrom("cart_lines").where("user_id", "=", "buyer-4").execute();
    });

    it("puts a cancelled order's stock back once, recorded; cancelling twice does not double it", async () => {
      const { db } = testDb();
      await setStock(db, 10);
      await readyToPay(db, "buyer-4", 4);
      const placed = await placeOrder(db, "buyer-4", "key-cancel-me-aaaaaaaa", taxAdded(10));
      if (!placed.ok) throw new Error(placed.message);
      expect(await stockNow(db)).toBe(6);
      expect(
        await changeOrderStep(db, staff, { orderId: placed.order.id, step: "cancel", from: "pending" }),
      ).toMatchObject({ ok: true, to: "cancelled" });
      expect(await stockNow(db)).toBe(10);
      expect(
        await changeOrderStep(db, staff, { orderId: placed.order.id, step: "cancel", from: "pending" }),
      ).toMatchObject({ ok: false });
      expect(await stockNow(db)).toBe(10);
      const history = await stockHistory(db, staff, { kind: "flavour", itemId: flavour.id });
      expect(history.slice(0, 2).map((m) => [m.reason, m.change, m.quantityAfter, m.orderId])).toEqual([
        ["Order cancelled", 4, 10, placed.order.id],
        ["Order", -4, 6, placed.order.id],
      ]);
      expect(history[0]!.byName).toBe(staff.name);
    });

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
      const [last, before] = await stockHistory(db, staff, { kind: "flavour", itemId: flavour.id });
      expect([last, before].map((m) => [m!.reason, m!.change, m!.quantityAfter, m!.note, m!.byName])).toEqual([
        ["Damaged or lost", -2, 13, "Leaking", staff.name],
        ["Received", 12, 15, "Delivery 4471", staff.name],
      ]);
      // Only that size changed, and its history names it; the other size's history does not hold these.
      expect(await variantUnits(db, "flavour", flavour.id, other.nicotineStrength)).toBe(30);
      expect([last!.variantId, last!.sku, last!.variant]).toEqual([size.id, size.sku, optionsLabel(size)]);
      const otherHistory = await stockHistory(db, staff, { kind: "flavour", itemId: flavour.id, variantId: other.id });
      expect(otherHistory.map((m) => m.id)).not.toContain(last!.id);
      // A variant of another item, or none, is not this item's: nothing to adjust.
      const elsewhere = { ...of(), itemId: "no-such-item" };
      const received = { reason: "received", change: "5", note: "" };
      expect(await adjustStock(db, staff, elsewhere, received)).toEqual(fail("There is no such item.", 404));
      expect(await adjustStock(db, staff, { ...of(), variantId: "nope" }, received)).toEqual(
        fail("There is no such item.", 404),
      );
      await setStock(db, 13); // (tracking back on: untracked, it refuses)
      await db.updateTable("variants").set({ track_stock: 0 }).where("id", "=", size.id).execute();
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
      await db.updateTable("variants").set({ stock_to_check: 1 }).where("id", "=", size.id).execute();
      const set = (seen: number, typed: number) =>
        db.transaction().execute((trx) => setStockFromForm(trx, staff, of(), seen, typed));
      const toCheck = async () =>
        (await db.selectFrom("variants").select("stock_to_check").where("id", "=", size.id).executeTakeFirstOrThrow())
          .stock_to_check;
      const historyBefore = await stockHistory(db, staff, { kind: "flavour", itemId: flavour.id });
      for (const typed of [20, 8])
        expect(await set(8, typed)).toEqual({
          ok: false,
          message: "The stock changed while you were editing (it is now 7). Check it and save again.",
        });
      expect([await stockNow(db), Number(await toCheck())]).toEqual([7, 1]);
      // The same number, confirmed as counted: no change to record, no longer to check.
      expect(await set(7, 7)).toEqual({ ok: true, backInStock: false });
      expect([await stockNow(db), Number(await toCheck())]).toEqual([7, 0]);
      expect(await stockHistory(db, staff, { kind: "flavour", itemId: flavour.id })).toEqual(historyBefore);
      expect(await set(7, 20)).toEqual({ ok: true, backInStock: false });
      expect(await stockNow(db)).toBe(20);
      const [last] = await stockHistory(db, staff, { kind: "flavour", itemId: flavour.id });
      expect([last!.reason, last!.change, last!.quantityAfter, last!.variantId]).toEqual([
        "Set on the item's page",
        13,
        20,
        size.id,
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
        id: flavour.id,
        name: flavour.name,
        variantId: size.id,
        sku: size.sku,
        variant: optionsLabel(size),
        quantity: 1,
      });
      expect(low.map((i) => i.variantId)).not.toContain(other.id); // its other size has 30
      expect(low.every((i) => i.quantity <= 5)).toBe(true);
    });

    it("keeps one 'Email me when it's back' request per address and variant, only for a variant that is out", async () => {
      const { db } = testDb();
      await setStock(db, 0);
      const ask = (email: string, ip = "203.0.113.5") =>
        requestBackInStock(
          db,
          { kind: "flavour", itemId: flavour.id, variantId: size.id, email },
          { userId: null, clientIp: ip },
        );
      expect(await ask("waiting@example.com")).toEqual({ ok: true });
      expect(await ask("Waiting@Example.com")).toEqual({ ok: true });
      expect(await ask("not an email")).toMatchObject({ ok: false, status: 400 });
      expect(
        await requestBackInStock(
          db,
          { kind: "flavour", itemId: "no-such-item", variantId: size.id, email: "a@b.co" },
          { userId: null, clientIp: "203.0.113.5" },
        ),
      ).toMatchObject({ ok: false, status: 404 });
      const alerts = await db
        .selectFrom("stock_alerts")
        .select(["email", "variant_id"])
        .where("item_id", "=", flavour.id)
        .execute();
      expect(alerts).toEqual([{ email: "waiting@example.com", variant_id: size.id }]);
      // The other size is in stock: nothing to wait for.
      expect(
        await requestBackInStock(
          db,
          { kind: "flavour", itemId: flavour.id, variantId: other.id, email: "waiting@example.com" },
          { userId: null, clientIp: "203.0.113.5" },
        ),
      ).toMatchObject({ ok: false, status: 409 });
      // Restocked: one e-mail per request, queued with the change; the requests are gone, so a later restock sends none.
      expect(await adjustStock(db, staff, of(), { reason: "received", change: "4", note: "" })).toMatchObject({
        ok: true,
        backInStock: true,
      });
      const queued = async () =>
        db.selectFrom("jobs").select(["recipient", "subject"]).where("kind", "=", "back-in-stock").execute();
      expect(await queued()).toEqual([{ recipient: "waiting@example.com", subject: `Back in stock: ${name}` }]);
      expect(await db.selectFrom("stock_alerts").select("id").where("item_id", "=", flavour.id).execute()).toEqual([]);
      expect(await ask("late@example.com")).toEqual({
        ok: false,
        error: "This item is in stock: you can add it to your cart now.",
        status: 409,
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
        expect(mailText(mail!)).toContain(`http://shop.test/flavour/${flavour.id}`);
      } finally {
        await worker.stop();
        await sink.close();
      }
    });
  },
  { seed: true },
);

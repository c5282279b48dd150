import { beforeAll, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { firstSizeInStock, variantUnits } from "~/db/testing/variant-stock";
import { taxIncluded } from "~/lib/pricing";
import { insertUsers, payInFull, shopper, staff } from "~/modules/admin/orders/testing/orders-fixture";
import { addToCart, getCart } from "~/modules/cart/cart.service.server";
import { cancelOwnOrder } from "~/modules/orders/customer-orders.service.server";
import { addAddress, selectAddress } from "./addresses.service.server";
import { chooseShipping } from "./checkout.service.server";
import { orderLimitMessages, type UnpaidLimits } from "./order-limits";
import { paymentStepHold } from "./order-limits.service.server";
import { placeOrder, type PlaceOptions } from "./place-order.service.server";
import { ukAddress } from "./testing/address-fixture";

// An unpaid order keeps its stock off sale until it is paid or cancelled (docs/decisions/070): the attacker, a
// new account, placed ten unpaid orders of 3 units of a variant with 30 in stock and other shoppers were refused for a
// week. One account, and one delivery address, may hold only so many orders and units; a new account's order waits
// for its payment for the shorter time.

const limits: UnpaidLimits = { account: { orders: 3, units: 20 }, address: { orders: 4, units: 30 } };
const DAY = 86_400_000;
const mail = { shopName: "Test Shop", staffEmail: "staff@shop.test", baseUrl: "http://shop.test" };

describeEachDatabase(
  "limits on orders waiting for payment",
  (testDb) => {
    let flavour: { id: string; strength: number };
    let keys = 0;
    const people = ["hoarder", "next", "big", "twin-a", "twin-b", "neighbour", "new", "race-a", "race-b"];

    const stock = (db: Db) => variantUnits(db, "flavour", flavour.id);
    const setStock = (db: Db, units: number) =>
      db
        .updateTable("variants")
        .set({ stock_quantity: units, track_stock: 1 })
        .where("kind", "=", "flavour")
        .where("item_id", "=", flavour.id)
        .where("position", "=", 0)
        .execute();
    const deliverTo = async (db: Db, userId: string, line1: string, postcode = "LS1 1AA") => {
      const address = await addAddress(db, userId, ukAddress({ line1, postcode }));
      await selectAddress(db, userId, address.id);
    };
    const ready = async (db: Db, userId: string, quantity: number) => {
      const line = { kind: "flavour", itemId: flavour.id, flavour: "", puffCount: null, quantity };
      expect(await addToCart(db, userId, { ...line, nicotineStrength: flavour.strength })).toEqual({ ok: true });
      expect(await chooseShipping(db, userId, "free", null)).toEqual({ ok: true });
    };
    const place = (db: Db, userId: string, options: PlaceOptions = {}) =>
      placeOrder(db, userId, `limits-key-${++keys}-aaaaaaaaaaaa`, taxIncluded(20), { limits, ...options });
    const ordersOf = (db: Db, userId: string) =>
      db.selectFrom("orders").select("id").where("user_id", "=", userId).execute();

    beforeAll(async () => {
      const { db } = testDb();
      await insertUsers(db, [staff, ...people.map(shopper)]);
      const row = await db
        .selectFrom("flavours")
        .select(["id", "sizes"])
        .where(firstSizeInStock(0))
        .orderBy("slug")
        .executeTakeFirstOrThrow();
      flavour = { id: row.id, strength: (JSON.parse(row.sizes) as number[])[0]! };
    });

    it("the issue's attack: ten orders of 3 from one account hold 9 units, not 30; the rest stay on sale", async () => {
      const { db } = testDb();
      await setStock(db, 30);
      await deliverTo(db, "hoarder", "1 Hoard Road");
      const answers = [];
      for (let i = 0; i < 10; i++) {
        await ready(db, "hoarder", 3);
        answers.push(await place(db, "hoarder"));
      }
      expect(answers.filter((a) => a.ok)).toHaveLength(3);
      // Each refusal says why, in plain words and by name (the JSON's `limit`), and changes nothing.
      expect(answers.slice(3)[0]).toEqual({
        ok: false,
        message: orderLimitMessages.accountOrders(3),
        code: "wrong-state",
        limit: "account-orders",
      });
      expect(orderLimitMessages.accountOrders(3)).toBe(
        "You already have 3 orders waiting for payment, the most we keep for one customer at a time. Pay for one of them, or cancel one you no longer want in Your orders, and then place this one. For a larger or bulk order, message us on WhatsApp.",
      );
      expect(await ordersOf(db, "hoarder")).toHaveLength(3);
      expect(await stock(db)).toBe(21);
      // The refused order's cart is kept; another shopper buys what is left.
      expect((await getCart(db, "hoarder", taxIncluded(20))).lines[0]!.quantity).toBe(21);
      await deliverTo(db, "next", "2 Other Road");
      await ready(db, "next", 5);
      expect((await place(db, "next")).ok).toBe(true);
      expect(await stock(db)).toBe(16);
    });

    it("lets the account order again once one of its orders is paid or cancelled", async () => {
      const { db } = testDb();
      const [first, second] = await ordersOf(db, "hoarder");
      await db.deleteFrom("cart_lines").where("user_id", "=", "hoarder").execute();
      await payInFull(db, first!.id);
      await ready(db, "hoarder", 3);
      expect((await place(db, "hoarder")).ok).toBe(true);
      await ready(db, "hoarder", 3);
      expect(await place(db, "hoarder")).toMatchObject({ ok: false, limit: "account-orders" });
      expect((await cancelOwnOrder(db, shopper("hoarder"), second!.id, mail)).ok).toBe(true);
      expect((await place(db, "hoarder")).ok).toBe(true);
    });

    it("counts units: an order that would take one account past its units is refused, saying how many", async () => {
      const { db } = testDb();
      await setStock(db, 100);
      await deliverTo(db, "big", "3 Bulk Street");
      await ready(db, "big", 21);
      expect(await place(db, "big")).toEqual({
        ok: false,
        message: orderLimitMessages.accountUnits(20, 21),
        code: "wrong-state",
        limit: "account-units",
      });
      expect(await stock(db)).toBe(100);
      await db.deleteFrom("cart_lines").where("user_id", "=", "big").execute();
      await ready(db, "big", 15);
      expect((await place(db, "big")).ok).toBe(true);
      await ready(db, "big", 6);
      expect(await place(db, "big")).toMatchObject({ ok: false, limit: "account-units" });
      expect(orderLimitMessages.accountUnits(20, 21)).toContain("up to 20 items for one customer");
      expect(orderLimitMessages.accountUnits(20, 21)).toContain("yours would hold 21 items");
    });

    it("counts one delivery address across accounts, however its first line is written", async () => {
      const { db } = testDb();
      await setStock(db, 100);
      const two = { ...limits, address: { orders: 2, units: 30 } };
      await deliverTo(db, "twin-a", "12 Mill Lane", "LS2 7AB");
      await deliverTo(db, "twin-b", "12, mill  LANE.", "LS2 7AB");
      await deliverTo(db, "neighbour", "14 Mill Lane", "LS2 7AB");
      for (const who of ["twin-a", "twin-a", "twin-b"]) {
        await ready(db, who, 1);
        if (who === "twin-a") expect((await place(db, who, { limits: two })).ok).toBe(true);
      }
      expect(await place(db, "twin-b", { limits: two })).toEqual({
        ok: false,
        message: orderLimitMessages.addressOrders(2),
        code: "wrong-state",
        limit: "address-orders",
      });
      // Next door is another place; and the payment step says the same before the button is pressed.
      await ready(db, "neighbour", 1);
      expect((await place(db, "neighbour", { limits: two })).ok).toBe(true);
      const before = await paymentStepHold(
        db,
        "twin-b",
        { address: { line1: "12 MILL LANE", postcode: "LS2 7AB" }, units: 1 },
        { limits: two, days: { verified: 7, ageUnchecked: 3 } },
      );
      expect(before.refusal).toEqual({ limit: "address-orders", message: orderLimitMessages.addressOrders(2) });
      const units = { ...limits, address: { orders: 10, units: 5 } };
      await ready(db, "twin-b", 3);
      expect(await place(db, "twin-b", { limits: units })).toEqual({
        ok: false,
        message: orderLimitMessages.addressUnits(5, 6),
        code: "wrong-state",
        limit: "address-units",
      });
    });

    it("two accounts ordering to one address at the same moment cannot both pass its limit", async () => {
      const { db } = testDb();
      await setStock(db, 100);
      const one = { ...limits, address: { orders: 1, units: 30 } };
      await deliverTo(db, "race-a", "7 Race Court", "HU1 1AA");
      await deliverTo(db, "race-b", "7 Race Court", "HU1 1AA");
      await ready(db, "race-a", 1);
      await ready(db, "race-b", 1);
      const both = await Promise.all([place(db, "race-a", { limits: one }), place(db, "race-b", { limits: one })]);
      expect(both.filter((r) => r.ok)).toHaveLength(1);
      expect(both.find((r) => !r.ok)).toMatchObject({ limit: "address-orders" });
    });

    it("a new account's unpaid order holds its stock for the shorter time until its age is verified", async () => {
      const { db } = testDb();
      await setStock(db, 100);
      await deliverTo(db, "new", "5 New Road");
      const now = new Date("2026-11-29T10:00:00.000Z");
      const unpaid = { days: 7, ageUncheckedDays: 3, shopName: "Test Shop" };
      const cancelDue = async (orderId: string) => {
        const job = await db
          .selectFrom("jobs")
          .select(["run_at", "payload"])
          .where("kind", "=", "unpaid-order-cancel")
          .where("payload", "like", `%${orderId}%`)
          .executeTakeFirstOrThrow();
        return {
          days: (JSON.parse(job.payload) as { days: number }).days,
          after: Date.parse(job.run_at) - now.getTime(),
        };
      };
      await ready(db, "new", 1);
      const unchecked = await place(db, "new", { now, unpaid });
      if (!unchecked.ok) throw new Error(unchecked.message);
      expect(await cancelDue(unchecked.order.id)).toEqual({ days: 3, after: 3 * DAY });
      expect(
        (
          await paymentStepHold(
            db,
            "new",
            { address: null, units: 1 },
            { limits, days: { verified: 7, ageUnchecked: 3 } },
          )
        ).days,
      ).toBe(3);
      await db.updateTable("age_verifications").set({ status: "verified" }).where("user_id", "=", "new").execute();
      await ready(db, "new", 1);
      const verified = await place(db, "new", { now, unpaid });
      if (!verified.ok) throw new Error(verified.message);
      expect(await cancelDue(verified.order.id)).toEqual({ days: 7, after: 7 * DAY });
    });
  },
  { seed: true },
);

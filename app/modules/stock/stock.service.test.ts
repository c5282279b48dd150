import { expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { changeOrderStep } from "~/modules/admin/orders/orders-admin.service.server";
import { staff } from "~/modules/admin/orders/testing/orders-fixture";
import { addToCart, changeQuantity, getCart } from "~/modules/cart/cart.service.server";
import { placeOrder } from "~/modules/checkout/place-order.service.server";
import { stockHistory } from "./stock.service.server";
import { taxAdded } from "~/lib/pricing";
import { fail } from "~/lib/result";
import { useStockFixture } from "./testing/stock-fixture";

describeEachDatabase(
  "stock that cannot be oversold",
  (testDb) => {
    const { item, line, stockNow, setStock, readyToPay } = useStockFixture(testDb);

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
        { ok: false, message: `Sorry, ${item.name} is out of stock`, code: "out-of-stock" },
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
        message: `Only 2 left of ${item.name}`,
        code: "out-of-stock",
      });
      expect(await stockNow(db)).toBe(2);
      expect(
        await db
          .selectFrom("stock_movements")
          .select("id")
          .where("order_id", "is not", null)
          .where("item_id", "=", item.flavour.id)
          .where("change", "=", -5)
          .execute(),
      ).toEqual([]);
      // The pages bring the cart down to what is left and say so; then the order goes through.
      const capped = await getCart(db, "buyer-3", taxAdded(10), { capToStock: true });
      expect(capped.capped).toEqual([`Only 2 left of ${item.name}`]);
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
        message: `Sorry, ${item.name} is out of stock`,
        code: "invalid",
      });
      await setStock(db, 3);
      expect(await addToCart(db, "buyer-4", line(4))).toEqual({
        ok: false,
        message: `Only 3 left of ${item.name}`,
        code: "invalid",
      });
      expect(await addToCart(db, "buyer-4", line(3))).toEqual({ ok: true });
      const cart = await getCart(db, "buyer-4", taxAdded(10));
      expect(await changeQuantity(db, "buyer-4", cart.lines[0]!, 1)).toEqual(
        fail("invalid", `Only 3 left of ${item.name}`),
      );
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
      const history = await stockHistory(db, staff, { kind: "flavour", itemId: item.flavour.id });
      expect(history.slice(0, 2).map((m) => [m.reason, m.change, m.quantityAfter, m.orderId])).toEqual([
        ["Order cancelled", 4, 10, placed.order.id],
        ["Order", -4, 6, placed.order.id],
      ]);
      expect(history[0]!.byName).toBe(staff.name);
    });
  },
  { seed: true },
);

import { ukAddress } from "~/modules/checkout/testing/address-fixture";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { addToCart, changeQuantity, getCart, mergeGuestCart } from "~/modules/cart/cart.service.server";
import {
  addAddress,
  deleteAddress,
  editAddress,
  getAddressBook,
  selectAddress,
} from "~/modules/checkout/addresses.service.server";
import { chooseShipping } from "~/modules/checkout/checkout.service.server";
import { addDays, shopDate } from "~/lib/shop-time";
import { pickableDays, shippingOptions } from "~/modules/checkout/shipping";
import { placeOrder } from "~/modules/checkout/place-order.service.server";
import { findOrder } from "./orders.service.server";
import { taxAdded } from "~/lib/pricing";
import { firstSizeInStock } from "~/db/testing/variant-stock";

const home = ukAddress();

describeEachDatabase(
  "cart, checkout and orders",
  (testDb) => {
    let device: {
      id: string;
      flavours: string;
      nicotine_strengths: string;
      puff_counts: string | null;
      price_cents: number;
    };
    let flavour: { id: string; sizes: string; price_cents: number };
    const users = ["shopper-a", "shopper-b", "shopper-c"];
    beforeAll(async () => {
      const { db } = testDb();
      const now = new Date().toISOString();
      for (const id of users) {
        await db
          .insertInto("user")
          .values({
            id,
            name: id,
            email: `${id}@example.com`,
            emailVerified: 0,
            createdAt: now,
            updatedAt: now,
            role: "customer",
          })
          .execute();
      }
      device = await db
        .selectFrom("devices")
        .select(["id", "flavours", "nicotine_strengths", "puff_counts", "price_cents"])
        .where("slug", "=", "hayati-pro-max-6000")
        .executeTakeFirstOrThrow();
      flavour = await db
        .selectFrom("flavours")
        .select(["id", "sizes", "price_cents"])
        .where(firstSizeInStock())
        .orderBy("slug")
        .executeTakeFirstOrThrow();
    });
    const deviceLine = (changes: Record<string, unknown> = {}) => ({
      kind: "device",
      itemId: device.id,
      flavour: JSON.parse(device.flavours)[0],
      nicotineStrength: 10,
      puffCount: 5000,
      quantity: 1,
      ...changes,
    });
    const flavourLine = (changes: Record<string, unknown> = {}) => ({
      kind: "flavour",
      itemId: flavour.id,
      flavour: "",
      nicotineStrength: JSON.parse(flavour.sizes)[0],
      puffCount: null,
      quantity: 2,
      ...changes,
    });

    it("adds lines checked against the catalogue; the same line raises its quantity", async () => {
      const { db } = testDb();
      expect(await addToCart(db, "shopper-a", deviceLine())).toEqual({ ok: true });
      expect(await addToCart(db, "shopper-a", deviceLine({ puffCount: 6000 }))).toEqual({ ok: true });
      expect(await addToCart(db, "shopper-a", flavourLine())).toEqual({ ok: true });
      for (const bad of [
        deviceLine({ flavour: "Made Up" }),
        deviceLine({ nicotineStrength: 30 }),
        deviceLine({ puffCount: 123 }),
        deviceLine({ quantity: -3 }),
        deviceLine({ quantity: 1000 }),
        deviceLine({ itemId: "nope" }),
        flavourLine({ nicotineStrength: 7 }),
      ]) {
        expect((await addToCart(db, "shopper-a", bad)).ok).toBe(false);
      }
      const cart = await getCart(db, "shopper-a", taxAdded(10));
      expect(cart.lines.map((l) => l.quantity)).toEqual([2, 2]);
      const subtotal = device.price_cents * 2 + flavour.price_cents * 2;
      expect(cart.totals).toEqual({
        subtotalCents: subtotal,
        taxCents: Math.round(subtotal / 10),
        shippingCents: 0,
        totalCents: subtotal + Math.round(subtotal / 10),
        taxIncluded: false,
      });
      await changeQuantity(db, "shopper-a", cart.lines[0]!, -1);
      await changeQuantity(db, "shopper-a", cart.lines[0]!, -1);
      expect((await getCart(db, "shopper-a", taxAdded(10))).lines[0]!.quantity).toBe(1);
    });

    it("drops, with a notice, lines whose item is no longer sold, and shows today's price", async () => {
      const { db } = testDb();
      const gone = await db
        .selectFrom("flavours")
        .select(["id", "sizes"])
        .where(firstSizeInStock())
        .orderBy("slug", "desc")
        .executeTakeFirstOrThrow();
      await addToCart(db, "shopper-b", flavourLine({ itemId: gone.id, nicotineStrength: JSON.parse(gone.sizes)[0] }));
      await addToCart(db, "shopper-b", deviceLine());
      await db.updateTable("flavours").set({ archived: 1 }).where("id", "=", gone.id).execute();
      await db.updateTable("devices").set({ price_cents: 4321 }).where("id", "=", device.id).execute();
      try {
        const cart = await getCart(db, "shopper-b", taxAdded(10));
        expect(cart.dropped).toHaveLength(1);
        expect(cart.lines.map((l) => [l.itemId, l.unitPriceCents])).toEqual([[device.id, 4321]]);
        expect((await getCart(db, "shopper-b", taxAdded(10))).dropped).toEqual([]);
      } finally {
        await db.updateTable("flavours").set({ archived: 0 }).where("id", "=", gone.id).execute();
        await db.updateTable("devices").set({ price_cents: device.price_cents }).where("id", "=", device.id).execute();
        await db.deleteFrom("cart_lines").where("user_id", "=", "shopper-b").execute();
      }
    });

    it("merges a guest cart once, however often the shopper signs in", async () => {
      const { db } = testDb();
      expect(
        await mergeGuestCart(db, "shopper-c", "guest-token-1", [
          deviceLine({ quantity: 3 }),
          flavourLine({ nicotineStrength: 99 }),
        ]),
      ).toEqual({ merged: true, skipped: 1 });
      expect(await mergeGuestCart(db, "shopper-c", "guest-token-1", [deviceLine({ quantity: 3 })])).toEqual({
        merged: false,
        skipped: 0,
      });
      expect((await getCart(db, "shopper-c", taxAdded(10))).lines.map((l) => l.quantity)).toEqual([3]);
    });

    it("keeps address books apart and follows the default/selection rules", async () => {
      const { db } = testDb();
      const first = await addAddress(db, "shopper-a", home);
      const office = await addAddress(db, "shopper-a", { ...home, title: "Office", type: "OFFICE" });
      let book = await getAddressBook(db, "shopper-a");
      expect(book.selectedId).toBe(first.id);
      expect(book.addresses.map((a) => a.isDefault)).toEqual([true, false]);
      const notTheirs = { ok: false, code: "not-found", message: "This address was not found." };
      expect(await selectAddress(db, "shopper-b", first.id)).toEqual(notTheirs);
      expect(await editAddress(db, "shopper-b", first.id, { ...home, title: "Stolen" })).toEqual(notTheirs);
      expect(await deleteAddress(db, "shopper-b", first.id)).toEqual(notTheirs);
      expect(
        await editAddress(db, "shopper-a", office.id, { ...home, title: "Work", type: "OFFICE", isDefault: true }),
      ).toEqual({ ok: true });
      book = await getAddressBook(db, "shopper-a");
      expect(book.addresses.map((a) => [a.title, a.isDefault])).toEqual([
        ["Home", false],
        ["Work", true],
      ]);
      await deleteAddress(db, "shopper-a", office.id);
      book = await getAddressBook(db, "shopper-a");
      expect(book.addresses.map((a) => [a.title, a.isDefault])).toEqual([["Home", true]]);
      expect(book.selectedId).toBe(first.id);
    });

    it("accepts only the shipping rules: today + 3 for express, a day from then to 15 days ahead for schedule", async () => {
      const { db } = testDb();
      const today = shopDate();
      expect(await chooseShipping(db, "shopper-a", "schedule", "2000-01-01")).toEqual({
        ok: false,
        message: "Please pick a delivery day from the list: Monday to Saturday, from 3 to 15 days ahead",
        code: "invalid",
      });
      expect(await chooseShipping(db, "shopper-a", "teleport", null)).toEqual({
        ok: false,
        message: "Please choose a shipping method",
        code: "invalid",
      });
      expect(await chooseShipping(db, "shopper-b", "free", null)).toEqual({
        ok: false,
        message: "Please select a shipping address",
        code: "invalid",
      });
      expect(await chooseShipping(db, "shopper-a", "schedule", addDays(today, 1))).toMatchObject({ ok: false });
      expect(
        await chooseShipping(db, "shopper-a", "schedule", pickableDays(shippingOptions.schedule, today).at(-1)),
      ).toEqual({ ok: true });
      expect(await chooseShipping(db, "shopper-a", "express", null)).toEqual({ ok: true });
    });

    it("places an order with server prices, pending statuses, and empties the cart; the key makes it once", async () => {
      const { db } = testDb();
      const before = await getCart(db, "shopper-a", taxAdded(10));
      const placed = await placeOrder(db, "shopper-a", "key-aaaaaaaaaaaaaaaa", taxAdded(10));
      if (!placed.ok) throw new Error(placed.message);
      expect(placed.order.id).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
      expect(placed.order).toMatchObject({
        status: "pending",
        paymentStatus: "pending",
        subtotalCents: before.totals.subtotalCents,
        shipping: { method: "Express Shipping", costCents: 850 },
      });
      expect(placed.order.totalCents).toBe(before.totals.subtotalCents + before.totals.taxCents + 850);
      expect(placed.order.lines).toHaveLength(2);
      expect((await getCart(db, "shopper-a", taxAdded(10))).lines).toEqual([]);
      const again = await placeOrder(db, "shopper-a", "key-aaaaaaaaaaaaaaaa", taxAdded(10));
      expect(again).toMatchObject({ ok: true, created: false, order: { id: placed.order.id } });
      expect(await findOrder(db, "shopper-b", placed.order.id)).toBeNull();
    });

    it("refuses what cannot be ordered, saving nothing", async () => {
      const { db } = testDb();
      expect(await placeOrder(db, "shopper-b", "key-bbbbbbbbbbbbbbbb", taxAdded(10))).toEqual({
        ok: false,
        message: "Please select a shipping address",
        code: "invalid",
      });
      expect(await placeOrder(db, "shopper-a", undefined, taxAdded(10))).toMatchObject({
        ok: false,
        message: expect.stringMatching(/expired/),
        code: "invalid",
      });
      // The address stays selected after an order; the cart and the shipping choice do not.
      expect((await getAddressBook(db, "shopper-a")).selectedId).not.toBeNull();
      expect(await placeOrder(db, "shopper-a", "key-bbbbbbbbbbbbbbbb", taxAdded(10))).toEqual({
        ok: false,
        message: "Your cart is empty",
        code: "invalid",
      });
      await addToCart(db, "shopper-a", flavourLine());
      expect(await placeOrder(db, "shopper-a", "key-bbbbbbbbbbbbbbbb", taxAdded(10))).toEqual({
        ok: false,
        message: "Please choose a shipping method",
        code: "invalid",
      });
      await selectAddress(db, "shopper-a", (await getAddressBook(db, "shopper-a")).addresses[0]!.id);
      const count = await db
        .selectFrom("orders")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });

    it("turns two concurrent placements with one key into one order", async () => {
      const { db } = testDb();
      await addToCart(db, "shopper-c", flavourLine());
      await addAddress(db, "shopper-c", home);
      await chooseShipping(db, "shopper-c", "free", null);
      const results = await Promise.all([
        placeOrder(db, "shopper-c", "key-cccccccccccccccc", taxAdded(10)),
        placeOrder(db, "shopper-c", "key-cccccccccccccccc", taxAdded(10)),
        placeOrder(db, "shopper-c", "key-cccccccccccccccc", taxAdded(10)),
      ]);
      const ids = results.map((r) => (r.ok ? r.order.id : r.message));
      expect(new Set(ids).size).toBe(1);
      const orders = await db.selectFrom("orders").select("id").where("user_id", "=", "shopper-c").execute();
      expect(orders).toHaveLength(1);
    });

    it("lets one of two tabs placing at once with different keys take the cart; the other is told it is empty", async () => {
      const { db } = testDb();
      await addToCart(db, "shopper-c", flavourLine());
      await chooseShipping(db, "shopper-c", "free", null);
      const results = await Promise.all([
        placeOrder(db, "shopper-c", "key-tab-one-aaaaaaaaaa", taxAdded(10)),
        placeOrder(db, "shopper-c", "key-tab-two-bbbbbbbbbb", taxAdded(10)),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, message: "Your cart is empty", code: "invalid" }]);
      const orders = await db.selectFrom("orders").select("id").where("user_id", "=", "shopper-c").execute();
      expect(orders).toHaveLength(2); // the one from the test before, and one of these two
    });
  },
  { seed: true },
);

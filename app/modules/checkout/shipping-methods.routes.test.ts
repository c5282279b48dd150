// Shipping methods set in the back office (issue 64, docs/decisions/082): the defaults the migration seeds, the
// owner's edits (audited, dropping cached pages), bad input refused with nothing changed, a packer refused, orders
// keeping the method, price and day they were placed with, 'free over', and a retired method refused at checkout.
import { beforeAll, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { readStorefrontVersion } from "~/db/content-version.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { firstSizeInStock } from "~/db/testing/variant-stock";
import { taxRule, loadConfig } from "~/lib/config.server";
import { addDays, shopDate } from "~/lib/shop-time";
import { alice, insertUsers } from "~/modules/admin/orders/testing/orders-fixture";
import { addToCart } from "~/modules/cart/cart.service.server";
import { ukAddress } from "~/modules/checkout/testing/address-fixture";
import { findOrder, orderWhatsappText } from "~/modules/orders/orders.service.server";
import { action, loader } from "~/routes/admin/shipping";
import { provedSecondFactor, signUpConfirmed } from "~/testing/accounts";
import { answerOf } from "~/testing/route-answer";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import { addAddress } from "./addresses.service.server";
import { chooseShipping } from "./checkout.service.server";
import { placeOrder } from "./place-order.service.server";
import { defaultShippingMethods, promisedDay, shippingFormMessages, shippingMessages } from "./shipping";
import { activeShippingMethods, listShippingMethods } from "./shipping-methods.service.server";

const auditOf = (db: Db) =>
  db.selectFrom("audit_log").selectAll().where("action", "like", "shipping.%").orderBy("at").orderBy("id").execute();

describeEachDatabase(
  "shipping methods in the back office",
  (testDb) => {
    let make: Awaited<ReturnType<typeof createTestContext>>;
    let ownerCookie = "";
    let packerCookie = "";
    const args = (request: Request) => ({ request, context: make("198.51.100.9"), params: {} }) as never;
    const post = (cookie: string, fields: Record<string, string | string[]>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields))
        for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
      return new Request("http://shop.test/admin/shipping", {
        method: "POST",
        headers: { cookie, origin: "http://shop.test" },
        body,
      });
    };
    const express = (fields: Partial<Record<string, string | string[]>> = {}) => ({
      intent: "edit",
      id: "express",
      name: "Express Shipping",
      price: "8.50",
      days: "3",
      weekdays: ["0", "1", "2", "3", "4", "5", "6"],
      freeOver: "",
      ...fields,
    });
    const tax = taxRule(loadConfig({}));
    let keys = 0;
    async function order(db: Db, method = "express") {
      const flavour = await db
        .selectFrom("flavours")
        .select(["id", "sizes"])
        .where(firstSizeInStock())
        .orderBy("slug")
        .executeTakeFirstOrThrow();
      const line = {
        kind: "flavour" as const,
        itemId: flavour.id,
        flavour: "",
        nicotineStrength: JSON.parse(flavour.sizes)[0],
        puffCount: null,
        quantity: 1,
      };
      expect(await addToCart(db, alice.id, line)).toEqual({ ok: true });
      expect(await chooseShipping(db, alice.id, method, null)).toEqual({ ok: true });
      return placeOrder(db, alice.id, `key-shipping-${String(++keys).padStart(6, "0")}`, tax);
    }

    beforeAll(async () => {
      const { db } = testDb();
      make = await createTestContext(testDb());
      await insertUsers(db, [alice]);
      await addAddress(db, alice.id, ukAddress());
      const signUp = async (email: string, roles: string) => {
        const values = { firstName: "Kim", lastName: "Lee", email, password: "correct horse battery" };
        const result = await signUpConfirmed(make(), { ...values, dateOfBirth: "1990-05-05", terms: "on" });
        if (!result.ok) throw new Error(`sign-up failed: ${result.message}`);
        await db.updateTable("user").set({ role: "staff", staffRoles: roles }).where("email", "=", email).execute();
        return provedSecondFactor(db, cookieHeader(result.headers));
      };
      ownerCookie = await signUp("olive-shipping@example.com", "owner");
      packerCookie = await signUp("pat-shipping@example.com", "packer");
    });

    it("has the specification's three after the migration, with their old ids, in order", async () => {
      const { db } = testDb();
      expect(await listShippingMethods(db)).toEqual(defaultShippingMethods);
      const page = await answerOf(() => loader(args(requestWith(ownerCookie, "http://shop.test/admin/shipping"))));
      expect(page.status).toBe(200);
      expect((page.body as { methods: unknown[] }).methods).toHaveLength(3);
      const unknown = await answerOf(() =>
        loader(args(requestWith(ownerCookie, "http://shop.test/admin/shipping?edit=nope"))),
      );
      expect(unknown.status).toBe(404);
    });

    it("refuses a packer (403) the page and its forms, and changes nothing", async () => {
      const { db } = testDb();
      const page = await answerOf(() => loader(args(requestWith(packerCookie, "http://shop.test/admin/shipping"))));
      expect(page.status).toBe(403);
      const edit = await answerOf(() => action(args(post(packerCookie, express({ price: "0.01" })))));
      expect(edit.status).toBe(403);
      expect(await listShippingMethods(db)).toEqual(defaultShippingMethods);
      expect(await auditOf(db)).toHaveLength(0);
    });

    it("refuses bad input under each field and changes nothing", async () => {
      const { db } = testDb();
      const version = await readStorefrontVersion(db);
      const bad = await answerOf(() =>
        action(args(post(ownerCookie, express({ name: " ", price: "-1", days: "0", weekdays: [], freeOver: "lots" })))),
      );
      expect(bad.status).toBe(400);
      expect((bad.body as { errors: Record<string, string> }).errors).toEqual({
        name: shippingFormMessages.name,
        price: shippingFormMessages.price,
        days: shippingFormMessages.days,
        weekdays: shippingFormMessages.weekdays,
        freeOver: shippingFormMessages.freeOver,
      });
      const long = await answerOf(() =>
        action(args(post(ownerCookie, { ...express({ name: "x".repeat(61) }), intent: "add" }))),
      );
      expect((long.body as { errors: Record<string, string> }).errors).toEqual({ name: shippingFormMessages.nameLong });
      const none = await answerOf(() => action(args(post(ownerCookie, express({ days: "" })))));
      expect((none.body as { errors: Record<string, string> }).errors).toEqual({ days: shippingFormMessages.days });
      expect(await listShippingMethods(db)).toEqual(defaultShippingMethods);
      expect(await auditOf(db)).toHaveLength(0);
      expect(await readStorefrontVersion(db)).toBe(version);
    });

    it("an order keeps its method, price and day after the owner edits the method; a new order gets the new ones", async () => {
      const { db } = testDb();
      const today = shopDate();
      const before = await order(db);
      if (!before.ok) throw new Error(before.message);
      expect(before.order.shipping).toEqual({
        method: "Express Shipping",
        costCents: 850,
        deliveryDate: addDays(today, 3),
      });

      const version = await readStorefrontVersion(db);
      const edited = await answerOf(() =>
        action(args(post(ownerCookie, express({ name: "Express", price: "6.95", days: "2" })))),
      );
      expect(edited.status).toBe(302);
      expect(edited.location).toBe("/admin/shipping?saved=Express");
      expect(await readStorefrontVersion(db)).toBeGreaterThan(version);
      const [entry] = await auditOf(db);
      expect(entry).toMatchObject({ action: "shipping.edit", entity: "shipping-method", entity_id: "express" });
      expect(JSON.parse(entry!.details!)).toEqual({
        changes: { name: ["Express Shipping", "Express"], priceCents: [850, 695], deliveryDays: [3, 2] },
      });

      const kept = await findOrder(db, alice.id, before.order.id);
      expect(kept!.shipping).toEqual(before.order.shipping);
      expect(orderWhatsappText(kept!)).toContain("Express Shipping");

      const after = await order(db);
      if (!after.ok) throw new Error(after.message);
      expect(after.order.shipping).toEqual({ method: "Express", costCents: 695, deliveryDate: addDays(today, 2) });
      expect(after.order.totalCents).toBe(after.order.subtotalCents + 695);
      const again = await findOrder(db, alice.id, after.order.id);
      expect(again!.shipping).toEqual(after.order.shipping);
    });

    it("costs nothing once the cart's subtotal reaches the method's 'free over'", async () => {
      const { db } = testDb();
      expect((await answerOf(() => action(args(post(ownerCookie, express({ freeOver: "0.01" })))))).status).toBe(302);
      const free = await order(db);
      if (!free.ok) throw new Error(free.message);
      expect(free.order.shipping.costCents).toBe(0);
      expect((await answerOf(() => action(args(post(ownerCookie, express({ freeOver: "9999.00" })))))).status).toBe(
        302,
      );
      const paid = await order(db);
      if (!paid.ok) throw new Error(paid.message);
      expect(paid.order.shipping.costCents).toBe(850);
    });

    it("adds a method, moves it up, retires one (refused at checkout) and brings it back", async () => {
      const { db } = testDb();
      const added = await answerOf(() =>
        action(
          args(
            post(ownerCookie, {
              intent: "add",
              name: "Next Day",
              price: "12",
              days: "1",
              weekdays: ["1", "2", "3", "4", "5"],
              freeOver: "",
            }),
          ),
        ),
      );
      expect(added.status).toBe(302);
      const nextDay = (await listShippingMethods(db)).at(-1)!;
      expect(nextDay).toMatchObject({ name: "Next Day", priceCents: 1200, deliveryDays: 1, weekdays: [1, 2, 3, 4, 5] });
      expect(await answerOf(() => action(args(post(ownerCookie, { intent: "up", id: nextDay.id }))))).toMatchObject({
        status: 200,
      });
      expect((await activeShippingMethods(db)).map((m) => m.id)).toEqual(["free", "express", nextDay.id, "schedule"]);
      const placed = await order(db, nextDay.id);
      if (!placed.ok) throw new Error(placed.message);
      expect(placed.order.shipping).toEqual({
        method: "Next Day",
        costCents: 1200,
        deliveryDate: promisedDay(nextDay, shopDate()),
      });

      // Chosen, then retired before the order is placed: refused with a clear message, nothing placed.
      const flavour = await db
        .selectFrom("flavours")
        .select(["id", "sizes"])
        .where(firstSizeInStock())
        .executeTakeFirstOrThrow();
      await addToCart(db, alice.id, {
        kind: "flavour",
        itemId: flavour.id,
        flavour: "",
        nicotineStrength: JSON.parse(flavour.sizes)[0],
        puffCount: null,
        quantity: 1,
      });
      expect(await chooseShipping(db, alice.id, "express", null)).toEqual({ ok: true });
      expect((await answerOf(() => action(args(post(ownerCookie, { intent: "retire", id: "express" }))))).status).toBe(
        200,
      );
      expect((await activeShippingMethods(db)).map((m) => m.id)).not.toContain("express");
      expect(await placeOrder(db, alice.id, "key-shipping-retired-0001", tax)).toEqual({
        ok: false,
        code: "invalid",
        message: shippingMessages.notOffered,
      });
      expect(await chooseShipping(db, alice.id, "express", null)).toEqual({
        ok: false,
        code: "invalid",
        message: shippingMessages.notOffered,
      });
      expect((await answerOf(() => action(args(post(ownerCookie, { intent: "restore", id: "express" }))))).status).toBe(
        200,
      );
      expect(await chooseShipping(db, alice.id, "express", null)).toEqual({ ok: true });
      expect((await auditOf(db)).map((e) => e.action)).toEqual(
        expect.arrayContaining(["shipping.add", "shipping.move", "shipping.retire", "shipping.restore"]),
      );
    });
  },
  { seed: true },
);

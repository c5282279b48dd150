import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { randomBytes } from "node:crypto";
import express from "express";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { setItemStock } from "~/db/testing/variant-stock";
import type { ShopContext } from "~/context";
import { addToCart } from "~/modules/cart/cart.service.server";
import { loader } from "~/routes/payment";
import { signUpConfirmed } from "~/testing/accounts";
import { cookieHeader, createTestContext } from "~/testing/test-context";
import { orderEndpoint } from "../../../server/order-endpoint";
import { addAddress, selectAddress } from "./addresses.service.server";
import { chooseShipping } from "./checkout.service.server";
import { orderLimitMessages } from "./order-limits";
import { ukAddress } from "./testing/address-fixture";
import { setOrderState } from "~/modules/admin/orders/testing/orders-fixture";

// The limits on orders waiting for payment and on orders an hour, as a shopper meets them (docs/decisions/070): said
// at the payment step before the button is pressed, and in the JSON of POST /api/orders (`message` and `limit`;
// 429 with Retry-After for orders an hour). Settings made small here: one unpaid order, two orders an hour.

describeEachDatabase(
  "limits on placing orders, at the payment step and in POST /api/orders",
  (testDb) => {
    let context: ShopContext;
    let server: Server;
    let base = "";
    let flavour: { id: string; size: number };

    const post = async (cookie: string, key: string) => {
      const response = await fetch(`${base}/api/orders`, {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ idempotencyKey: key }),
      });
      return { status: response.status, retryAfter: response.headers.get("retry-after"), body: await response.json() };
    };
    const ready = async (userId: string) => {
      const line = {
        kind: "flavour",
        itemId: flavour.id,
        flavour: "",
        nicotineStrength: flavour.size,
        puffCount: null,
      };
      expect(await addToCart(testDb().db, userId, { ...line, quantity: 1 })).toEqual({ ok: true });
      expect(await chooseShipping(testDb().db, userId, "free", null)).toEqual({ ok: true });
    };
    const paymentPage = (cookie: string) =>
      loader({
        request: new Request("http://shop.test/payment", { headers: { cookie } }),
        context,
        params: {},
      } as never);
    const markPaid = (orderId: string) => setOrderState(testDb().db, orderId, { paymentStatus: "paid" });
    const key = () => randomBytes(18).toString("base64url");

    beforeAll(async () => {
      const contextFor = await createTestContext(testDb(), {
        env: { UNPAID_ORDERS_PER_ACCOUNT: "1", ORDERS_PER_HOUR_PER_ACCOUNT: "2" },
      });
      context = contextFor("192.0.2.90");
      const app = express();
      app.post("/api/orders", ...orderEndpoint(context));
      server = app.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const row = await testDb()
        .db.selectFrom("flavours")
        .select(["id", "sizes"])
        .where("archived", "=", 0)
        .orderBy("slug")
        .executeTakeFirstOrThrow();
      await setItemStock(testDb().db, "flavour", row.id, 100);
      flavour = { id: row.id, size: (JSON.parse(row.sizes) as number[])[0]! };
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("says each limit in plain words before and after the button, and counts only orders really placed", async () => {
      const email = "limits@example.com";
      const signedUp = await signUpConfirmed(context, {
        firstName: "Lee",
        lastName: "Limits",
        email,
        password: "limits password 1",
        dateOfBirth: "1990-01-01",
        terms: "on",
      });
      if (!signedUp.ok) throw new Error("sign-up failed");
      const cookie = cookieHeader(signedUp.headers);
      const { id } = await testDb()
        .db.selectFrom("user")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      const address = await addAddress(testDb().db, id, ukAddress({ line1: "9 Limit Lane" }));
      await selectAddress(testDb().db, id, address.id);

      // Before ordering: how long the order is kept unpaid (a new account: 3 days, its age not checked yet).
      await ready(id);
      const fresh = await paymentPage(cookie);
      expect(fresh.limitRefusal).toBeNull();
      expect(fresh.payWithin).toBe(
        "Pay within 3 days of ordering: we keep your order's items for you until then, and an order still unpaid is cancelled (nothing is owed). Up to 1 order (20 items in all) can wait for payment at a time.",
      );
      const first = await post(cookie, key());
      expect(first).toMatchObject({ status: 200, body: { ok: true } });

      // One order waiting for payment is the most: the payment step says so first, the endpoint refuses with it.
      await ready(id);
      expect((await paymentPage(cookie)).limitRefusal).toBe(orderLimitMessages.accountOrders(1));
      expect(await post(cookie, key())).toEqual({
        status: 409,
        retryAfter: null,
        body: { ok: false, code: "wrong-state", message: orderLimitMessages.accountOrders(1), limit: "account-orders" },
      });

      // Paid: the next one goes through (the refusal did not count towards the two an hour).
      await markPaid(first.body.orderId);
      const secondKey = key();
      const second = await post(cookie, secondKey);
      expect(second).toMatchObject({ status: 200, body: { ok: true } });

      // Two orders placed within the hour: a third is refused with 429 and how long to wait.
      await markPaid(second.body.orderId);
      await ready(id);
      const third = await post(cookie, key());
      expect(third).toMatchObject({
        status: 429,
        body: { ok: false, code: "too-many", limit: "orders-per-hour" },
      });
      expect(third.body.message).toMatch(
        /^You have placed several orders in a short time\. Please try again in (a minute|about \d+ minutes|about an hour), or message us on WhatsApp\.$/,
      );
      expect(Number(third.retryAfter)).toBeGreaterThan(0);
      // A retry of the order already placed is still answered with it.
      expect(await post(cookie, secondKey)).toMatchObject({
        status: 200,
        body: { ok: true, orderId: second.body.orderId },
      });
      const orders = await testDb().db.selectFrom("orders").select("id").where("user_id", "=", id).execute();
      expect(orders).toHaveLength(2);
    });
  },
  { seed: true },
);

import { ukAddress } from "~/modules/checkout/testing/address-fixture";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { randomBytes } from "node:crypto";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { ShopContext } from "~/context";
import { addToCart } from "~/modules/cart/cart.service.server";
import { orderMessages } from "~/modules/orders/orders";
import { action } from "~/routes/payment";
import { orderEndpoint } from "../../../server/order-endpoint";
import { signUpConfirmed } from "~/testing/accounts";
import { cookieHeader, createTestContext } from "~/testing/test-context";
import { addAddress, selectAddress } from "./addresses.service.server";
import { chooseShipping } from "./checkout.service.server";
import { httpStatus } from "~/lib/result";
import { missingSteps, type MissingStep } from "./checkout-guard.server";
import type { PlaceAnswer } from "./place-order.action.server";
import { setItemStock } from "~/db/testing/variant-stock";

// Placing an order has two ways in: the payment page's form (no JavaScript) and POST /api/orders (Express). Both must
// run the same check (signed in, adult by date of birth, a cart, an address, a shipping choice) and the same work:
// every case below runs against both, and each answers in its own way (a redirect to the step, or JSON).

type Outcome = { placed: string } | { missing: MissingStep } | { refused: string };
type WayIn = { name: string; place: (cookie: string, key: string) => Promise<Outcome> };

/** Which step a page redirect sends the shopper to. */
function missingFromLocation(location: string): MissingStep {
  if (location.startsWith("/signin")) return "signed-out";
  if (location.startsWith("/account/date-of-birth?redirectTo=")) return "no-date-of-birth";
  if (location === "/account/date-of-birth") return "underage";
  const steps: Record<string, MissingStep> = {
    "/cart?continue=checkout": "empty-cart",
    "/cart-address": "no-address",
    "/cart-shipping": "no-shipping",
  };
  const step = steps[location];
  if (!step) throw new Error(`unexpected redirect to ${location}`);
  return step;
}

describeEachDatabase(
  "placing an order, by the payment page's form and by POST /api/orders",
  (testDb) => {
    let context: (ip?: string) => ShopContext;
    let server: Server;
    let base = "";
    let flavour: { id: string; size: number };

    const form = (cookie: string, key: string) =>
      new Request("http://shop.test/payment", {
        method: "POST",
        headers: {
          ...(cookie ? { cookie } : {}),
          origin: "http://shop.test",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ idempotencyKey: key }),
      });

    const wayIns: WayIn[] = [
      {
        name: "the payment page's form",
        place: async (cookie, key) => {
          let result: unknown;
          try {
            result = await action({ request: form(cookie, key), context: context(), params: {} } as never);
          } catch (thrown) {
            result = thrown;
          }
          if (result instanceof Response) {
            const location = result.headers.get("location") ?? "";
            const placed = /^\/success\?order=(.+)$/.exec(location);
            return placed ? { placed: placed[1]! } : { missing: missingFromLocation(location) };
          }
          const wrapped = result as { data: { message: string } };
          return { refused: wrapped.data.message };
        },
      },
      {
        name: "POST /api/orders",
        place: async (cookie, key) => {
          const response = await fetch(`${base}/api/orders`, {
            method: "POST",
            headers: { ...(cookie ? { cookie } : {}), "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ idempotencyKey: key }),
          });
          const answer = (await response.json()) as PlaceAnswer;
          if (answer.ok) return { placed: answer.orderId };
          if (!answer.missing) return { refused: answer.message };
          // Said with the status and words of its step.
          const step = missingSteps[answer.missing];
          expect({ status: response.status, message: answer.message, code: answer.code }).toEqual({
            status: httpStatus(step.code),
            message: step.message,
            code: step.code,
          });
          return { missing: answer.missing };
        },
      },
    ];

    /** A new signed-in adult customer with nothing in the cart; their cookie and id. */
    let customers = 0;
    async function customer(): Promise<{ cookie: string; id: string }> {
      const email = `buyer-${++customers}@example.com`;
      const signedUp = await signUpConfirmed(context(`192.0.2.${60 + customers}`), {
        firstName: "Bea",
        lastName: "Buyer",
        email,
        password: "buyer password 1",
        dateOfBirth: "1990-01-01",
        terms: "on",
      });
      if (!signedUp.ok) throw new Error("sign-up failed");
      const user = await testDb()
        .db.selectFrom("user")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      return { cookie: cookieHeader(signedUp.headers), id: user.id };
    }

    const fillCart = async (userId: string) =>
      expect(
        await addToCart(testDb().db, userId, {
          kind: "flavour",
          itemId: flavour.id,
          flavour: "",
          nicotineStrength: flavour.size,
          puffCount: null,
          quantity: 1,
        }),
      ).toEqual({ ok: true });
    const chooseAddress = async (userId: string) => {
      const address = await addAddress(
        testDb().db,
        userId,
        ukAddress({ phone: "07700900111", line1: "1 Test Street" }),
      );
      await selectAddress(testDb().db, userId, address.id);
    };
    const chooseFree = async (userId: string) =>
      expect(await chooseShipping(testDb().db, userId, "free", null)).toEqual({ ok: true });
    const key = () => randomBytes(18).toString("base64url");

    beforeAll(async () => {
      context = await createTestContext(testDb());
      const app = express();
      app.post("/api/orders", ...orderEndpoint(context()));
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

    for (const wayIn of wayIns) {
      describe(wayIn.name, () => {
        it("asks a visitor who is not signed in to sign in, and places nothing", async () => {
          expect(await wayIn.place("", key())).toEqual({ missing: "signed-out" });
        });

        it("refuses an account without a date of birth, or under 18 by it", async () => {
          const { cookie, id } = await customer();
          await fillCart(id);
          await chooseAddress(id);
          await chooseFree(id);
          const { db } = testDb();
          await db.updateTable("user").set({ dateOfBirth: null }).where("id", "=", id).execute();
          expect(await wayIn.place(cookie, key())).toEqual({ missing: "no-date-of-birth" });
          const sixteen = `${new Date().getUTCFullYear() - 16}-01-01`;
          await db.updateTable("user").set({ dateOfBirth: sixteen }).where("id", "=", id).execute();
          expect(await wayIn.place(cookie, key())).toEqual({ missing: "underage" });
          expect(await db.selectFrom("orders").select("id").where("user_id", "=", id).execute()).toEqual([]);
        });

        it("needs a cart with lines, then an address, then a shipping choice, in that order", async () => {
          const { cookie, id } = await customer();
          expect(await wayIn.place(cookie, key())).toEqual({ missing: "empty-cart" });
          await fillCart(id);
          expect(await wayIn.place(cookie, key())).toEqual({ missing: "no-address" });
          await chooseAddress(id);
          expect(await wayIn.place(cookie, key())).toEqual({ missing: "no-shipping" });
          expect(await testDb().db.selectFrom("orders").select("id").where("user_id", "=", id).execute()).toEqual([]);
        });

        it("places the order once ready, empties the cart, and answers the same order to a retry of its key", async () => {
          const { cookie, id } = await customer();
          await fillCart(id);
          await chooseAddress(id);
          await chooseFree(id);
          const orderKey = key();
          const first = await wayIn.place(cookie, orderKey);
          expect(first).toEqual({ placed: expect.stringMatching(/\S/) });
          const { db } = testDb();
          const orders = await db.selectFrom("orders").select("id").where("user_id", "=", id).execute();
          expect(orders.map((o) => ({ placed: o.id }))).toEqual([first]);
          expect(await db.selectFrom("cart_lines").select("item_id").where("user_id", "=", id).execute()).toEqual([]);
          // A double click or a lost answer sends the key again: the same order, nothing new.
          expect(await wayIn.place(cookie, orderKey)).toEqual(first);
          // Another key on the emptied cart is a new attempt: the cart is empty.
          expect(await wayIn.place(cookie, key())).toEqual({ missing: "empty-cart" });
          expect(await db.selectFrom("orders").select("id").where("user_id", "=", id).execute()).toHaveLength(1);
          // A key that is no key (control characters, a NUL PostgreSQL refuses) is never looked up: no 500.
          const odd = await wayIn.place(cookie, "\u0000\u0007 not a key");
          expect(odd).not.toHaveProperty("placed");
          expect(odd).not.toEqual({ refused: orderMessages.failed });
        });

        it("refuses an order form without its key, saying the form has expired", async () => {
          const { cookie, id } = await customer();
          await fillCart(id);
          await chooseAddress(id);
          await chooseFree(id);
          expect(await wayIn.place(cookie, "")).toEqual({ refused: orderMessages.missingKey });
        });
      });
    }
  },
  { seed: true },
);

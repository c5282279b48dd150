import { ukAddress } from "~/modules/checkout/testing/address-fixture";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { ShopContext } from "~/context";
import { getAdminOrder } from "~/modules/admin/orders/orders-admin.service.server";
import { insertOrder, insertUsers, staff, setOrderState } from "~/modules/admin/orders/testing/orders-fixture";
import { signUpConfirmed } from "~/testing/accounts";
import { createTestContext, requestWith } from "~/testing/test-context";
import type { SessionUser } from "~/modules/accounts/accounts";
import { dataRightsMessages, DELETED_CUSTOMER } from "./data-rights";
import { deleteAccount, exportAccountData } from "./data-rights.service.server";
import { getSessionUser } from "~/modules/accounts/session.service.server";
import { recordManualRefund } from "~/modules/payments/card-payments.service.server";
import {
  ada,
  customer,
  everyTable,
  fillAccount,
  leftovers,
  password,
  zeb,
  zebAddress,
  zebMessage,
} from "./testing/data-rights-fixture";

describeEachDatabase("shoppers' data rights", (testDb) => {
  let context: (ip?: string) => ShopContext;
  let zebUser: SessionUser;
  let zebCookie: string;
  let zebOrders: { delivered: string; cancelled: string };
  let adaUser: SessionUser;
  let adaCookie: string;

  beforeAll(async () => {
    const { db } = testDb();
    context = await createTestContext(testDb());
    await insertUsers(db, [staff]);
    ({ user: zebUser, cookie: zebCookie } = await customer(context, zeb, "198.51.100.1"));
    ({ user: adaUser, cookie: adaCookie } = await customer(context, ada, "198.51.100.2"));
    zebOrders = await fillAccount(db, zebUser, zebAddress, zebMessage);
    await fillAccount(
      db,
      adaUser,
      ukAddress({
        title: "Ada's flat",
        phone: "07700 900222",
        line1: "5 Brightwater Row",
        town: "Bath",
        postcode: "BA1 1AA",
      }),
      "Ada's own question",
    );
  });

  describe("Download my data", () => {
    it("holds the requester's profile, addresses, orders, wishlist, cart and messages, and nobody else's data", async () => {
      // A part refund of the delivered order, recorded by staff (a card's goes through the provider: the same rows).
      await recordManualRefund(testDb().db, {
        orderId: zebOrders.delivered,
        amountCents: 499,
        currency: "GBP",
        method: "bank-transfer",
        reference: "BACS-RF-1",
        reason: "One bottle returned",
        actor: { kind: "staff", id: staff.id, name: staff.name },
        now: new Date("2026-11-20T10:00:00.000Z"),
      });
      const copy = (await exportAccountData(testDb().db, zebUser.id))!;
      expect(copy.profile).toMatchObject({
        firstName: "Zebulon",
        lastName: "Quartermaine",
        email: zeb.email,
        dateOfBirth: zeb.dateOfBirth,
        signInMethods: ["password"],
      });
      expect(copy.addresses).toEqual([
        expect.objectContaining({
          recipient: zebAddress.recipient,
          line1: zebAddress.line1,
          town: zebAddress.town,
          postcode: zebAddress.postcode,
          phone: zebAddress.phone,
        }),
      ]);
      expect(copy.orders.map((o) => [o.id, o.status, o.totalCents]).sort()).toEqual(
        [
          [zebOrders.cancelled, "cancelled", 1100],
          [zebOrders.delivered, "delivered", 2599],
        ].sort(),
      );
      // The payment the shop recorded: how, its reference, the amount and when, any refund (not who recorded it).
      expect(copy.orders.find((o) => o.id === zebOrders.delivered)?.payment).toEqual({
        method: "bank-transfer",
        reference: `BACS-${zebOrders.delivered}`,
        amountCents: 2599,
        currency: "GBP",
        receivedAt: expect.any(String),
        refundedCents: null,
        refundedAt: null,
      });
      expect(copy.orders.find((o) => o.id === zebOrders.cancelled)?.payment).toBeNull();
      // Each refund: how much, in which currency, where it stands, how, when and why (not who made it).
      expect(copy.orders.find((o) => o.id === zebOrders.delivered)?.refunds).toEqual([
        {
          amountCents: 499,
          currency: "GBP",
          state: "confirmed",
          method: "bank-transfer",
          date: "2026-11-20T10:00:00.000Z",
          reason: "One bottle returned",
        },
      ]);
      expect(copy.orders.find((o) => o.id === zebOrders.cancelled)?.refunds).toEqual([]);
      expect(copy.wishlist).toEqual([expect.objectContaining({ kind: "flavour", itemId: "blue-razz" })]);
      expect(copy.cart).toEqual([expect.objectContaining({ itemId: "blue-razz", quantity: 2 })]);
      expect(copy.messages).toEqual([expect.objectContaining({ message: zebMessage, email: zeb.email })]);
      expect(copy.backInStockAlerts).toHaveLength(1);
      const text = JSON.stringify(copy);
      for (const other of ["Adaline", "Brightwater", ada.email, "Ada's own question", staff.name])
        expect(text).not.toContain(other);
    });
  });

  describe("Delete my account", () => {
    it("refuses without the right password or the tick, and changes nothing", async () => {
      const ctx = context("198.51.100.5");
      const before = await everyTable(testDb());
      const wrong = await deleteAccount(ctx, requestWith(zebCookie), zebUser, {
        password: "not my password",
        confirm: "on",
      });
      expect(wrong).toMatchObject({ ok: false, fieldErrors: { password: dataRightsMessages.wrongPassword } });
      const unticked = await deleteAccount(ctx, requestWith(zebCookie), zebUser, { password, confirm: "" });
      expect(unticked).toMatchObject({ ok: false, fieldErrors: { confirm: dataRightsMessages.notConfirmed } });
      const after = await everyTable(testDb());
      after.delete("rate_limit_hits"); // the wrong password is counted, like a sign-in
      before.delete("rate_limit_hits");
      expect(after).toEqual(before);
      expect(await getSessionUser(context(), requestWith(zebCookie))).not.toBeNull();
    });

    it("refuses while an order is still open", async () => {
      const { db } = testDb();
      const open = await insertOrder(db, { userId: zebUser.id, status: "dispatched" });
      const result = await deleteAccount(context(), requestWith(zebCookie), zebUser, { password, confirm: "on" });
      expect(result).toMatchObject({ ok: false, code: "changed", message: dataRightsMessages.openOrders([open]) });
      await setOrderState(db, open, { status: "delivered" });
    });

    it("erases every piece of personal data across the schema, keeps the orders and their totals, and signs the account out", async () => {
      const { db } = testDb();
      const totalsBefore = await db
        .selectFrom("orders")
        .select(["id", "total_cents"])
        .where("user_id", "=", zebUser.id)
        .orderBy("id")
        .execute();
      expect(leftovers(await everyTable(testDb())).length).toBeGreaterThan(5); // the scan finds them while they are there
      const result = await deleteAccount(context(), requestWith(zebCookie), zebUser, { password, confirm: "on" });
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.headers.getSetCookie().join("\n")).toMatch(/shop\.session_token=; Max-Age=0/);

      expect(leftovers(await everyTable(testDb()))).toEqual([]);
      expect(
        await db
          .selectFrom("orders")
          .select(["id", "total_cents"])
          .where("user_id", "=", zebUser.id)
          .orderBy("id")
          .execute(),
      ).toEqual(totalsBefore);
      expect(await getSessionUser(context(), requestWith(zebCookie))).toBeNull();
      const seen = await getAdminOrder(db, staff, zebOrders.delivered);
      expect(seen?.customer).toMatchObject({ name: DELETED_CUSTOMER, deleted: true });
      expect(seen?.order.address).toMatchObject({ recipient: "", line1: "Erased", town: "", postcode: "", phone: "" });
      // The other customer keeps everything.
      const adaCopy = (await exportAccountData(db, adaUser.id))!;
      expect(adaCopy.addresses).toHaveLength(1);
      expect(adaCopy.messages).toHaveLength(1);
      expect(await getSessionUser(context(), requestWith(adaCookie))).not.toBeNull();
    });

    it("a second deletion, or the deleted account's copy of its data, is refused; its e-mail can sign up afresh", async () => {
      const again = await deleteAccount(context(), requestWith(zebCookie), zebUser, { password, confirm: "on" });
      expect(again.ok).toBe(false);
      expect(await exportAccountData(testDb().db, zebUser.id)).toBeNull();
      const fresh = await signUpConfirmed(context("198.51.100.7"), { ...zeb, password, terms: "on" });
      expect(fresh.ok).toBe(true);
    });

    it("staff accounts are not deleted from the account page", async () => {
      const result = await deleteAccount(context(), requestWith(), staff, { password, confirm: "on" });
      expect(result).toMatchObject({ ok: false, message: dataRightsMessages.staff });
    });
  });
});

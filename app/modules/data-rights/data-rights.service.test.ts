import { ukAddress } from "~/modules/checkout/testing/address-fixture";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase, type TestDatabase } from "~/db/testing/test-database";
import type { Db } from "~/db/database.server";
import type { ShopContext } from "~/context";
import { getAdminOrder } from "~/modules/admin/orders/orders-admin.service.server";
import { insertOrder, insertUsers, payInFull, staff } from "~/modules/admin/orders/testing/orders-fixture";
import { addAddress } from "~/modules/checkout/addresses.service.server";
import { sendContactMessage } from "~/modules/content/contact.service.server";
import { cancelOwnOrder } from "~/modules/orders/customer-orders.service.server";
import { createLogger } from "~/lib/log.server";
import { signUpConfirmed } from "~/testing/accounts";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import type { SessionUser } from "~/modules/accounts/accounts";
import { dataRightsMessages, DELETED_CUSTOMER } from "./data-rights";
import { deleteAccount, exportAccountData } from "./data-rights.service.server";
import { getSessionUser } from "~/modules/accounts/session.service.server";

const password = "juniper crescent 77";
// Personal data of the customer who leaves: none of it may be left anywhere afterwards.
const zeb = {
  firstName: "Zebulon",
  lastName: "Quartermaine",
  email: "zebulon.q@example.com",
  dateOfBirth: "1984-07-09",
};
const zebAddress = ukAddress({
  title: "Juniper home",
  recipient: "Zebulon Quayle",
  line1: "77 Juniper Crescent",
  town: "York",
  postcode: "YO1 7HH",
  phone: "07700 900765",
});
const zebMessage = "A question about my Juniper Crescent delivery";
const personal = [
  zeb.firstName,
  zeb.lastName,
  zeb.email,
  zeb.dateOfBirth,
  zebAddress.recipient,
  zebAddress.line1,
  zebAddress.postcode,
  zebAddress.phone,
  "Juniper",
  "900765",
];
// Another customer, who stays.
const ada = {
  firstName: "Adaline",
  lastName: "Brightwater",
  email: "adaline.b@example.com",
  dateOfBirth: "1979-01-02",
};

/** Every row of every table of the shop, as text (SQLite's full-text shadow tables too). */
async function everyTable(test: TestDatabase): Promise<Map<string, string>> {
  const db = test.db;
  const names =
    test.kind === "sqlite"
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows.map(
          (r) => r.name,
        )
      : (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
            db,
          )
        ).rows.map((r) => r.name);
  const out = new Map<string, string>();
  for (const name of names) {
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db)).rows;
    out.set(
      name,
      JSON.stringify(rows, (_key, value: unknown) =>
        Buffer.isBuffer(value) ? value.toString("latin1") : value,
      ).toLowerCase(),
    );
  }
  return out;
}

const leftovers = (tables: Map<string, string>) =>
  [...tables].flatMap(([table, text]) =>
    personal.filter((p) => text.includes(p.toLowerCase())).map((p) => `${table}: ${p}`),
  );

async function customer(
  context: (ip?: string) => ShopContext,
  who: typeof zeb,
  ip: string,
): Promise<{ user: SessionUser; cookie: string }> {
  const result = await signUpConfirmed(context(ip), { ...who, password, terms: "on" });
  if (!result.ok) throw new Error(JSON.stringify(result));
  const cookie = cookieHeader(result.headers);
  return { user: (await getSessionUser(context(), requestWith(cookie)))!, cookie };
}

async function fillAccount(db: Db, user: SessionUser, address: typeof zebAddress, message: string) {
  await addAddress(db, user.id, address);
  await db
    .insertInto("wishlist_items")
    .values({ user_id: user.id, kind: "flavour", item_id: "blue-razz", created_at: new Date().toISOString() })
    .execute();
  await db
    .insertInto("cart_lines")
    .values({
      user_id: user.id,
      kind: "flavour",
      item_id: "blue-razz",
      flavour: "Blue Razz",
      nicotine_strength: 10,
      puff_count: null,
      quantity: 2,
      created_at: new Date().toISOString(),
    })
    .execute();
  await db
    .insertInto("stock_alerts")
    .values({
      id: `alert-${user.id}`,
      kind: "flavour",
      item_id: "blue-razz",
      variant_id: "blue-razz-10",
      email: user.email,
      user_id: user.id,
      created_at: new Date().toISOString(),
    })
    .execute();
  const sent = await sendContactMessage(
    { db, log: createLogger("silent"), staffEmail: "staff@shop.test", shopName: "Test Shop" },
    {
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      email: user.email,
      phone: address.phone,
      subject: "Support",
      message,
    },
    { honeypot: "", clientIp: "198.51.100.9", userId: user.id },
  );
  expect(sent.ok).toBe(true);
  const delivered = await insertOrder(db, { userId: user.id, status: "delivered", totalCents: 2599 });
  await db
    .updateTable("orders")
    .set({
      address_title: address.title,
      address_recipient: address.recipient,
      address_line1: address.line1,
      address_line2: address.line2,
      address_town: address.town,
      address_postcode: address.postcode,
      address_phone: address.phone,
    })
    .where("id", "=", delivered)
    .execute();
  await payInFull(db, delivered); // recorded by staff, whose name is not in the customer's copy
  // A second order the customer cancelled themselves: the history and stock records name them only as 'Customer'.
  const cancelled = await insertOrder(db, { userId: user.id, status: "pending", totalCents: 1100 });
  const mail = { shopName: "Test Shop", staffEmail: "staff@shop.test", baseUrl: "http://shop.test" };
  expect((await cancelOwnOrder(db, user, cancelled, mail)).ok).toBe(true);
  await db
    .insertInto("age_verifications")
    .values({
      user_id: user.id,
      status: "verified",
      method: "manual",
      reference: `Passport seen for ${user.firstName}`,
      note: `Passport seen for ${user.firstName}`,
      decided_at: new Date().toISOString(),
      decided_by_id: staff.id,
      decided_by_name: staff.name,
      requested_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .execute();
  return { delivered, cancelled };
}

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
      // The payment the shop recorded: how, its reference, the amount and when (not who recorded it).
      expect(copy.orders.find((o) => o.id === zebOrders.delivered)?.payment).toEqual({
        method: "bank-transfer",
        reference: `BACS-${zebOrders.delivered}`,
        amountCents: 2599,
        currency: "GBP",
        receivedAt: expect.any(String),
      });
      expect(copy.orders.find((o) => o.id === zebOrders.cancelled)?.payment).toBeNull();
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
      expect(result).toMatchObject({ ok: false, status: 409, message: dataRightsMessages.openOrders([open]) });
      await db.updateTable("orders").set({ status: "delivered" }).where("id", "=", open).execute();
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

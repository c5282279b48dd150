// The shared set-up of the data rights tests: the customer who leaves and the one who stays, an account filled with
// personal data in every part of the shop, and a scan of every table for what is left of it.
import { sql } from "kysely";
import { expect } from "vitest";
import type { ShopContext } from "~/context";
import type { Db } from "~/db/database.server";
import type { TestDatabase } from "~/db/testing/test-database";
import { createLogger } from "~/lib/log.server";
import type { SessionUser } from "~/modules/accounts/accounts";
import { getSessionUser } from "~/modules/accounts/session.service.server";
import { insertOrder, payInFull, staff } from "~/modules/admin/orders/testing/orders-fixture";
import { addAddress } from "~/modules/checkout/addresses.service.server";
import { ukAddress } from "~/modules/checkout/testing/address-fixture";
import { sendContactMessage } from "~/modules/content/contact.service.server";
import { cancelOwnOrder } from "~/modules/orders/customer-orders.service.server";
import { signUpConfirmed } from "~/testing/accounts";
import { cookieHeader, requestWith } from "~/testing/test-context";

export const password = "juniper crescent 77";
// Personal data of the customer who leaves: none of it may be left anywhere afterwards.
export const zeb = {
  firstName: "Zebulon",
  lastName: "Quartermaine",
  email: "zebulon.q@example.com",
  dateOfBirth: "1984-07-09",
};
export const zebAddress = ukAddress({
  title: "Juniper home",
  recipient: "Zebulon Quayle",
  line1: "77 Juniper Crescent",
  town: "York",
  postcode: "YO1 7HH",
  phone: "07700 900765",
});
export const zebMessage = "A question about my Juniper Crescent delivery";
export const personal = [
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
export const ada = {
  firstName: "Adaline",
  lastName: "Brightwater",
  email: "adaline.b@example.com",
  dateOfBirth: "1979-01-02",
};

/** Every row of every table of the shop, as text (SQLite's full-text shadow tables too). */
export async function everyTable(test: TestDatabase): Promise<Map<string, string>> {
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

export const leftovers = (tables: Map<string, string>) =>
  [...tables].flatMap(([table, text]) =>
    personal.filter((p) => text.includes(p.toLowerCase())).map((p) => `${table}: ${p}`),
  );

export async function customer(
  context: (ip?: string) => ShopContext,
  who: typeof zeb,
  ip: string,
): Promise<{ user: SessionUser; cookie: string }> {
  const result = await signUpConfirmed(context(ip), { ...who, password, terms: "on" });
  if (!result.ok) throw new Error(JSON.stringify(result));
  const cookie = cookieHeader(result.headers);
  return { user: (await getSessionUser(context(), requestWith(cookie)))!, cookie };
}

export async function fillAccount(db: Db, user: SessionUser, address: typeof zebAddress, message: string) {
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

import { ukAddress } from "~/modules/checkout/testing/address-fixture";
import { provedSecondFactor } from "~/testing/accounts";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { Insertable } from "kysely";
import type { OrdersTable } from "~/db/schema";
import type { OrderStatus } from "~/db/values";
import type { ShopContext } from "~/context";
import type { SessionUser } from "~/modules/accounts/accounts";
import * as accounts from "~/modules/accounts/accounts.service.server";
import { getSessionUser } from "~/modules/accounts/session.service.server";
import { addAddress } from "~/modules/checkout/addresses.service.server";
import { loader as customerLoader } from "~/routes/admin/customer";
import { loader as customersLoader } from "~/routes/admin/customers";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import { getCustomer, listCustomers, type CustomerSort } from "./customers-admin.service.server";
import { StaffOnlyError } from "~/modules/accounts/staff";
import { signUpConfirmed } from "~/testing/accounts";

const password = "correct horse battery";
const signUpValues = (firstName: string, lastName: string, email: string) => ({
  firstName,
  lastName,
  email,
  password,
  dateOfBirth: "1990-04-12",
  terms: "on",
});
const cookieOf = (result: accounts.AccountResult) => {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result)}`);
  return cookieHeader(result.headers);
};
type LoaderArgs<L extends (args: never) => unknown> = Parameters<L>[0];
/** What a route loader returned (`data(...)`), or what it threw. */
const loaderData = (value: unknown) => (value as { data: unknown }).data;
/** Every key anywhere in a value. */
const keysOf = (value: unknown): string[] =>
  value && typeof value === "object" ? Object.entries(value).flatMap(([key, inner]) => [key, ...keysOf(inner)]) : [];

const order = (
  id: string,
  userId: string,
  createdAt: string,
  totalCents: number,
  status: OrderStatus = "pending",
): Insertable<OrdersTable> => ({
  id,
  user_id: userId,
  idempotency_key: `key-${id}-0123456789`,
  status,
  payment_status: "pending",
  address_title: "Home",
  address_type: "HOME",
  address_recipient: "Sam Taylor",
  address_line1: "12 High Street",
  address_line2: "",
  address_town: "Leeds",
  address_postcode: "LS1 1AA",
  address_phone: "07700 900111",
  shipping_method: "free",
  delivery_date: "2026-12-01",
  shipping_cents: 0,
  subtotal_cents: totalCents,
  tax_cents: 0,
  total_cents: totalCents,
  created_at: createdAt,
  updated_at: createdAt,
});

describeEachDatabase("back office: customers", (testDb) => {
  let context: (ip?: string) => ShopContext;
  let alex: SessionUser;
  let staff: SessionUser;
  let alexCookie: string;
  let staffCookie: string;
  beforeAll(async () => {
    const { db } = testDb();
    context = await createTestContext(testDb());
    alexCookie = cookieOf(
      await signUpConfirmed(context("192.0.2.10"), signUpValues("Alex", "Morgan", "alex@example.com")),
    );
    cookieOf(await signUpConfirmed(context("192.0.2.11"), signUpValues("Bea", "Jones", "bea.jones@example.com")));
    await accounts.createOrPromoteStaff(context(), {
      email: "boss@example.com",
      password,
      firstName: "Sam",
      lastName: "Lee",
    });
    staffCookie = await provedSecondFactor(
      db,
      cookieOf(
        await accounts.signIn(context("192.0.2.12"), requestWith(), {
          email: "boss@example.com",
          password,
          rememberMe: false,
        }),
      ),
    );
    alex = (await getSessionUser(context(), requestWith(alexCookie)))!;
    staff = (await getSessionUser(context(), requestWith(staffCookie)))!;
    expect(staff.role).toBe("staff");
    const joined = (i: number) => new Date(Date.UTC(2025, 0, 1 + i)).toISOString();
    for (let i = 1; i <= 22; i++) {
      await db
        .insertInto("user")
        .values({
          id: `filler-${i}`,
          name: `Filler ${i}`,
          email: `filler${i}@example.com`,
          emailVerified: 0,
          createdAt: joined(i),
          updatedAt: joined(i),
          role: "customer",
        })
        .execute();
    }
    await db
      .insertInto("orders")
      .values([
        order("ABCDEFGH", alex.id, "2026-11-01T10:00:00.000Z", 1299),
        order("BCDEFGHJ", alex.id, "2026-11-10T10:00:00.000Z", 2599, "confirmed"),
      ])
      .execute();
    await db
      .insertInto("orders")
      .values(order("CDEFGHJK", "filler-1", "2026-11-11T10:00:00.000Z", 999))
      .execute();
    await addAddress(db, alex.id, ukAddress());
    await addAddress(
      db,
      alex.id,
      ukAddress({ title: "Work <b>HQ</b>", type: "OFFICE", phone: "07700 900112", line1: "1 Office Park" }),
    );
  });

  const list = (
    actor: SessionUser | null,
    changes: { sort?: CustomerSort; dir?: "asc" | "desc"; q?: string; rawPage?: string | null } = {},
  ) => listCustomers(testDb().db, actor, { sort: "joined", dir: "desc", q: "", rawPage: null, ...changes });

  it("refuses anyone but staff: services throw, pages are a 404 for customers and visitors", async () => {
    const customer = alex;
    for (const actor of [customer, null]) {
      await expect(list(actor)).rejects.toBeInstanceOf(StaffOnlyError);
      await expect(getCustomer(testDb().db, actor, alex.id)).rejects.toBeInstanceOf(StaffOnlyError);
    }
    for (const cookie of [alexCookie, ""]) {
      const listArgs = {
        request: requestWith(cookie, "http://shop.test/admin/customers"),
        context: context(),
        params: {},
      } as unknown as LoaderArgs<typeof customersLoader>;
      await expect(customersLoader(listArgs)).rejects.toMatchObject({ init: { status: 404 } });
      const detailArgs = {
        request: requestWith(cookie, `http://shop.test/admin/customers/${alex.id}`),
        context: context(),
        params: { id: alex.id },
      } as unknown as LoaderArgs<typeof customerLoader>;
      await expect(customerLoader(detailArgs)).rejects.toMatchObject({ init: { status: 404 } });
    }
  });

  it("lists every account 20 a page with its order count; searches name and email; sorts", async () => {
    const first = await list(staff);
    expect(first).toMatchObject({ total: 25, page: 1, totalPages: 2 });
    expect(first.customers).toHaveLength(20);
    expect((await list(staff, { rawPage: "2" })).customers).toHaveLength(5);
    expect((await list(staff, { q: "ALEX" })).customers).toEqual([
      {
        id: alex.id,
        name: "Alex Morgan",
        email: "alex@example.com",
        role: "customer",
        joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        orderCount: 2,
      },
    ]);
    expect((await list(staff, { q: "jones@" })).customers.map((c) => c.name)).toEqual(["Bea Jones"]);
    expect((await list(staff, { q: "%" })).total).toBe(0);
    expect(
      (await list(staff, { sort: "orders", dir: "desc" })).customers.slice(0, 2).map((c) => [c.name, c.orderCount]),
    ).toEqual([
      ["Alex Morgan", 2],
      ["Filler 1", 1],
    ]);
    expect((await list(staff, { sort: "name", dir: "asc" })).customers[0]!.name).toBe("Alex Morgan");
    expect((await list(staff, { sort: "role", dir: "desc" })).customers[0]!.name).toBe("Sam Lee");
    const oldestFirst = await list(staff, { sort: "joined", dir: "asc" });
    expect(oldestFirst.customers.slice(0, 2).map((c) => c.name)).toEqual(["Filler 1", "Filler 2"]);
  });

  it("shows one customer with orders and addresses, and never a password or a session token", async () => {
    const { db } = testDb();
    const detail = await getCustomer(db, staff, alex.id);
    expect(detail).toMatchObject({
      name: "Alex Morgan",
      email: "alex@example.com",
      dateOfBirth: "1990-04-12",
      signInMethod: "Email and password",
      role: "customer",
      orders: [
        { id: "BCDEFGHJ", status: "confirmed", paymentStatus: "pending", totalCents: 2599 },
        { id: "ABCDEFGH", status: "pending", totalCents: 1299 },
      ],
      addresses: [
        { title: "Home", type: "Home", isDefault: true },
        { title: "Work <b>HQ</b>", type: "Office", isDefault: false },
      ],
    });
    expect(await getCustomer(db, staff, "no-such-user")).toBeNull();

    const args = {
      request: requestWith(staffCookie, `http://shop.test/admin/customers/${alex.id}`),
      context: context(),
      params: { id: alex.id },
    } as unknown as LoaderArgs<typeof customerLoader>;
    const returned = loaderData(await customerLoader(args));
    const json = JSON.stringify(returned);
    expect(json).toContain("alex@example.com");
    const secrets = [
      ...(await db.selectFrom("account").select("password").where("userId", "=", alex.id).execute()).map(
        (r) => r.password!,
      ),
      ...(await db.selectFrom("session").select("token").where("userId", "=", alex.id).execute()).map((r) => r.token),
    ];
    expect(secrets.length).toBeGreaterThanOrEqual(2);
    for (const secret of secrets) expect(json).not.toContain(secret);
    expect(keysOf(returned).filter((key) => /password|hash|token|secret|session/i.test(key))).toEqual([]);
    const listed = loaderData(
      await customersLoader({
        ...args,
        request: requestWith(staffCookie, "http://shop.test/admin/customers?q=alex"),
      } as unknown as LoaderArgs<typeof customersLoader>),
    );
    expect(JSON.stringify(listed)).toContain("Alex Morgan");
    for (const secret of secrets) expect(JSON.stringify(listed)).not.toContain(secret);
    expect(keysOf(listed).filter((key) => /password|hash|token|secret|session/i.test(key))).toEqual([]);

    const unknown = { ...args, params: { id: "no-such-user" } } as unknown as LoaderArgs<typeof customerLoader>;
    await expect(customerLoader(unknown)).rejects.toMatchObject({ init: { status: 404 } });
  });
});

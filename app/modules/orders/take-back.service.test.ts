import { beforeAll, describe, expect, it } from "vitest";
import type { ShopContext } from "~/context";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { SessionUser } from "~/modules/accounts/accounts";
import { getSessionUser } from "~/modules/accounts/session.service.server";
import { StaffOnlyError } from "~/modules/accounts/staff";
import { listTakeBacks, markTakeBackReceived } from "~/modules/admin/orders/take-backs-admin.service.server";
import {
  alice,
  deliveredDaysAgo,
  insertOrder,
  insertUsers,
  packer,
  staff,
  setOrderState,
} from "~/modules/admin/orders/testing/orders-fixture";
import { deleteAccount, exportAccountData } from "~/modules/data-rights/data-rights.service.server";
import { signUpConfirmed } from "~/testing/accounts";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import { takeBackMessages } from "./take-back";
import { requestTakeBack, takeBackOf } from "./take-back.service.server";

const mail = { shopName: "Test Shop", staffEmail: "staff@shop.test", baseUrl: "http://shop.test" };
const bea: SessionUser = { ...alice, id: "bea", name: "Bea Other", email: "bea@example.com", firstName: "Bea" };

/** An order of `userId` with `devices` devices in it (besides the fixture's flavour line). */
async function orderWithDevices(db: Db, userId: string, devices: number, status: "pending" | "delivered" = "pending") {
  const id = await insertOrder(db, { userId, status });
  if (devices > 0)
    await db
      .insertInto("order_lines")
      .values({
        order_id: id,
        position: 1,
        kind: "device",
        item_id: "d1",
        name: "Hayati Pro Max",
        image: null,
        flavour: "Device",
        nicotine_strength: 0,
        puff_count: null,
        unit_price_cents: 1999,
        quantity: devices,
        line_total_cents: 1999 * devices,
      })
      .execute();
  return id;
}

const rows = (db: Db) => db.selectFrom("take_back_requests").selectAll().orderBy("requested_at").execute();
const jobsAbout = (db: Db, orderId: string) =>
  db.selectFrom("jobs").select(["recipient", "subject"]).where("payload", "like", `%${orderId}%`).execute();

describeEachDatabase("WEEE take-back requests", (testDb) => {
  beforeAll(async () => {
    await insertUsers(testDb().db, [staff, alice, bea]);
  });

  it("a customer asks for a take-back with their own order that bought devices: kept four years, both e-mailed", async () => {
    const { db } = testDb();
    const id = await orderWithDevices(db, alice.id, 2);
    const now = new Date("2026-11-20T10:00:00.000Z");
    const result = await requestTakeBack(db, alice, id, { devices: "2" }, mail, now);
    expect(result).toEqual({ ok: true, message: takeBackMessages.requested });
    expect(await takeBackOf(db, id)).toEqual({
      devices: 2,
      status: "requested",
      requestedAt: now.toISOString(),
      receivedAt: null,
    });
    const row = await db.selectFrom("take_back_requests").selectAll().where("order_id", "=", id).executeTakeFirst();
    expect(row).toMatchObject({ user_id: alice.id, keep_until: "2030-11-20T10:00:00.000Z" });
    const jobs = await jobsAbout(db, id);
    expect(jobs.map((j) => j.recipient).sort()).toEqual([alice.email, mail.staffEmail].sort());
    // A second request for the same order is refused, and nothing more is saved.
    const again = await requestTakeBack(db, alice, id, { devices: "1" }, mail, now);
    expect(again).toMatchObject({ ok: false, code: "changed", message: takeBackMessages.alreadyRequested });
    expect((await jobsAbout(db, id)).length).toBe(2);
  });

  it("refuses a request for another customer's order as not found, and saves nothing", async () => {
    const { db } = testDb();
    const id = await orderWithDevices(db, alice.id, 1);
    const before = await rows(db);
    const result = await requestTakeBack(db, bea, id, { devices: "1" }, mail);
    expect(result).toMatchObject({ ok: false, code: "not-found" });
    expect(await rows(db)).toEqual(before);
    expect(await jobsAbout(db, id)).toEqual([]);
  });

  it("refuses bad input under the field, an order without a device, a cancelled one and one delivered 29 days ago", async () => {
    const { db } = testDb();
    const id = await orderWithDevices(db, alice.id, 1);
    const before = await rows(db);
    for (const [devices, message] of [
      ["", takeBackMessages.devicesRequired],
      ["0", takeBackMessages.devicesRequired],
      ["two", takeBackMessages.devicesRequired],
      ["2", takeBackMessages.tooMany(1)],
    ] as const) {
      const result = await requestTakeBack(db, alice, id, { devices }, mail);
      expect(result).toMatchObject({ ok: false, code: "invalid", fieldErrors: { devices: message } });
    }
    const noDevice = await orderWithDevices(db, alice.id, 0);
    expect(await requestTakeBack(db, alice, noDevice, { devices: "1" }, mail)).toMatchObject({
      ok: false,
      message: takeBackMessages.noDevice,
    });
    const cancelled = await orderWithDevices(db, alice.id, 1);
    await setOrderState(db, cancelled, { status: "cancelled" });
    expect(await requestTakeBack(db, alice, cancelled, { devices: "1" }, mail)).toMatchObject({
      ok: false,
      message: takeBackMessages.cancelled,
    });
    const late = await orderWithDevices(db, alice.id, 1, "delivered");
    await deliveredDaysAgo(db, late, 30);
    expect(await requestTakeBack(db, alice, late, { devices: "1" }, mail)).toMatchObject({
      ok: false,
      message: takeBackMessages.tooLate,
    });
    const inTime = await orderWithDevices(db, alice.id, 1, "delivered");
    await deliveredDaysAgo(db, inTime, 20);
    expect(await rows(db)).toEqual(before);
    expect((await requestTakeBack(db, alice, inTime, { devices: "1" }, mail)).ok).toBe(true);
  });

  it("staff see the waiting requests and mark one received, once; customers cannot", async () => {
    const { db } = testDb();
    const id = await orderWithDevices(db, alice.id, 1);
    await requestTakeBack(db, alice, id, { devices: "1" }, mail);
    const waiting = await listTakeBacks(db, staff, "requested");
    expect(waiting.find((r) => r.orderId === id)).toMatchObject({ customer: alice.name, devices: 1 });
    await expect(listTakeBacks(db, alice, null)).rejects.toThrow(StaffOnlyError);
    await expect(markTakeBackReceived(db, alice, id)).rejects.toThrow(StaffOnlyError);
    // A packer neither (take-backs need 'returns').
    await expect(listTakeBacks(db, packer, null)).rejects.toThrow(StaffOnlyError);
    await expect(markTakeBackReceived(db, packer, id)).rejects.toThrow(StaffOnlyError);
    const audit = () =>
      db
        .selectFrom("audit_log")
        .select(["action", "actor_id", "details"])
        .where("entity_id", "=", id)
        .orderBy("at")
        .orderBy("id")
        .execute();
    expect(await audit()).toEqual([]);
    const marked = await markTakeBackReceived(db, staff, id, new Date("2026-12-01T09:00:00.000Z"));
    expect(marked).toEqual({ ok: true, message: takeBackMessages.received(id) });
    expect(await audit()).toEqual([
      {
        action: "take-back.decide",
        actor_id: staff.id,
        details: JSON.stringify({ status: ["requested", "received"] }),
      },
    ]);
    expect(await takeBackOf(db, id)).toMatchObject({ status: "received", receivedAt: "2026-12-01T09:00:00.000Z" });
    const received = await listTakeBacks(db, staff, "received");
    expect(received.find((r) => r.orderId === id)).toMatchObject({ receivedBy: staff.name });
    expect(await markTakeBackReceived(db, staff, id)).toMatchObject({
      ok: false,
      code: "changed",
      message: takeBackMessages.alreadyReceived,
    });
    // Refused, so not logged again.
    expect(await audit()).toHaveLength(1);
    expect(await markTakeBackReceived(db, staff, "ZZZZZZZZ")).toMatchObject({ ok: false, code: "not-found" });
  });

  describe("four years' keeping, through the data export and account deletion", () => {
    let context: () => ShopContext;
    let user: SessionUser;
    let cookie: string;
    const password = "quiet harbour 51";

    beforeAll(async () => {
      context = await createTestContext(testDb());
      const signedUp = await signUpConfirmed(context(), {
        firstName: "Perpetua",
        lastName: "Winterbourne",
        email: "perpetua.w@example.com",
        dateOfBirth: "1981-03-04",
        password,
        terms: "on",
      });
      if (!signedUp.ok) throw new Error(JSON.stringify(signedUp));
      cookie = cookieHeader(signedUp.headers);
      user = (await getSessionUser(context(), requestWith(cookie)))!;
    });

    it("is in the customer's data export, and stays, without personal data, after the account is deleted", async () => {
      const { db } = testDb();
      const id = await orderWithDevices(db, user.id, 1, "delivered");
      await deliveredDaysAgo(db, id, 3);
      expect((await requestTakeBack(db, user, id, { devices: "1" }, mail)).ok).toBe(true);
      await markTakeBackReceived(db, staff, id);
      const copy = (await exportAccountData(db, user.id))!;
      expect(copy.orders.find((o) => o.id === id)?.takeBack).toMatchObject({ devices: 1, status: "received" });

      const before = await db.selectFrom("take_back_requests").selectAll().where("order_id", "=", id).execute();
      const deleted = await deleteAccount(context(), requestWith(cookie), user, { password, confirm: "on" });
      expect(deleted.ok).toBe(true);
      const after = await db.selectFrom("take_back_requests").selectAll().where("order_id", "=", id).execute();
      expect(after).toEqual(before);
      const text = JSON.stringify(after).toLowerCase();
      for (const personal of ["perpetua", "winterbourne", "perpetua.w@example.com", "1981-03-04"])
        expect(text).not.toContain(personal);
      // Staff still see it, with the anonymous owner the orders keep.
      const listed = (await listTakeBacks(db, staff, null)).find((r) => r.orderId === id);
      expect(listed).toMatchObject({ customer: "Deleted customer", status: "received" });
    });
  });
});

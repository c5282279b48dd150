import { beforeAll, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { createLogger } from "~/lib/log.server";
import {
  deliveredDaysAgo,
  insertOrder,
  insertUsers,
  shopper,
  staff,
  setOrderState,
} from "~/modules/admin/orders/testing/orders-fixture";
import { sendContactMessage } from "~/modules/content/contact.service.server";
import { staffMailRefused } from "~/modules/security/rate-limit.service.server";
import { cancelOwnOrder, requestReturn } from "./customer-orders.service.server";
import { requestTakeBack } from "./take-back.service.server";

// One account queued 16 e-mails to the shop's staff in a minute: a take-back and a cancellation on each of 8 orders.
// What e-mails staff is limited per account (docs/decisions/070): six in ten minutes, twenty a day. A request past
// the limit is refused with nothing changed, except a cancellation, the customer's right: it goes through, and staff
// are told only when a refund is owed.

const mail = { shopName: "Test Shop", staffEmail: "staff@shop.test", baseUrl: "http://shop.test" };
const at = new Date("2026-11-29T10:00:00.000Z");
const later = (seconds: number) => new Date(at.getTime() + seconds * 1000);

/** A pending order of `userId` that bought a device (a take-back may be asked with it). */
async function orderWithDevice(db: Db, userId: string) {
  const id = await insertOrder(db, { userId });
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
      quantity: 1,
      line_total_cents: 1999,
    })
    .execute();
  return id;
}

const staffNotices = (db: Db) =>
  db.selectFrom("jobs").select("subject").where("recipient", "=", mail.staffEmail).orderBy("subject").execute();
const clearJobs = (db: Db) => db.deleteFrom("jobs").execute();

describeEachDatabase("limits on what e-mails staff, per account", (testDb) => {
  const flooder = shopper("flooder");
  const writer = shopper("writer");
  const returner = shopper("returner");

  beforeAll(async () => {
    await insertUsers(testDb().db, [staff, flooder, writer, returner]);
  });

  it("the issue's flood: a take-back and a cancellation on each of 8 orders e-mail staff at most 6 times", async () => {
    const { db } = testDb();
    await clearJobs(db);
    const orders = [];
    for (let i = 0; i < 8; i++) orders.push(await orderWithDevice(db, flooder.id));
    const paid = orders[7]!;
    await setOrderState(db, paid, { paymentStatus: "paid" });
    const answers = [];
    for (const [i, id] of orders.entries()) {
      answers.push(await requestTakeBack(db, flooder, id, { devices: "1" }, mail, later(i * 4)));
      answers.push(await cancelOwnOrder(db, flooder, id, mail, later(i * 4 + 2)));
    }
    const takeBacks = answers.filter((_, i) => i % 2 === 0);
    const cancellations = answers.filter((_, i) => i % 2 === 1);
    // Three take-backs and three cancellations fill the six; every take-back after them is refused, nothing saved.
    expect(takeBacks.filter((a) => a.ok)).toHaveLength(3);
    expect(takeBacks[3]).toEqual({
      ok: false,
      message: staffMailRefused(600 - 12),
      code: "too-many",
    });
    expect(staffMailRefused(588)).toBe(
      "You have sent us several requests in a short time. Nothing was changed: please try again in about 10 minutes, or message us on WhatsApp.",
    );
    expect(await db.selectFrom("take_back_requests").select("order_id").execute()).toHaveLength(3);
    // Every cancellation went through: the right to cancel is the customer's, and the stock is back on sale.
    expect(cancellations.every((a) => a.ok)).toBe(true);
    const statuses = await db.selectFrom("orders").select("status").where("user_id", "=", flooder.id).execute();
    expect(statuses.every((o) => o.status === "cancelled")).toBe(true);
    // Staff heard of six requests, and of the paid order's cancellation past the limit (a refund is owed).
    const notices = (await staffNotices(db)).map((n) => n.subject ?? "");
    expect(notices).toHaveLength(7);
    expect(notices.filter((s) => s.includes("take-back"))).toHaveLength(3);
    expect(notices.filter((s) => s.includes("cancelled by the customer"))).toHaveLength(4);
    expect(notices.some((s) => s.includes(paid))).toBe(true);
    // Twenty minutes on, a request is taken again.
    const again = await orderWithDevice(db, flooder.id);
    expect((await requestTakeBack(db, flooder, again, { devices: "1" }, mail, later(20 * 60))).ok).toBe(true);
  });

  it("refuses a return request past the limit with nothing saved; a refused or failed request is not counted", async () => {
    const { db } = testDb();
    const orders = [];
    for (let i = 0; i < 7; i++) {
      const id = await insertOrder(db, { userId: returner.id });
      await deliveredDaysAgo(db, id, 1, at);
      orders.push(id);
    }
    // A reason that does not check, and another customer's order: refused for what they are, never counted.
    expect(await requestReturn(db, returner, orders[0]!, { "qty-0": "1", "reason-0": "" }, mail, at)).toMatchObject({
      code: "invalid",
    });
    expect(
      await requestReturn(db, writer, orders[0]!, { "qty-0": "1", "reason-0": "Too sweet" }, mail, at),
    ).toMatchObject({
      code: "not-found",
    });
    for (const id of orders.slice(0, 6))
      expect(
        await requestReturn(db, returner, id, { "qty-0": "1", "reason-0": "Too sweet" }, mail, later(1)),
      ).toMatchObject({
        ok: true,
      });
    expect(
      await requestReturn(db, returner, orders[6]!, { "qty-0": "1", "reason-0": "Too sweet" }, mail, later(2)),
    ).toMatchObject({
      ok: false,
      code: "too-many",
      message: expect.stringMatching(/^You have sent us several requests in a short time\. Nothing was changed/),
    });
    expect(
      await db.selectFrom("return_requests").select("order_id").where("order_id", "=", orders[6]!).execute(),
    ).toEqual([]);
  });

  it("counts contact messages sent while signed in, and refuses one past the limit with nothing saved", async () => {
    const { db } = testDb();
    const deps = { db, log: createLogger("silent"), staffEmail: mail.staffEmail, shopName: mail.shopName };
    const message = (n: number) => ({
      firstName: "Wren",
      lastName: "Writer",
      email: `writer-${n}@example.com`,
      phone: "07700900000",
      subject: "General Inquiry",
      message: `Question ${n}`,
    });
    // Each from its own client address and e-mail address: only the account's limit can refuse them.
    for (let n = 0; n < 6; n++) {
      const sent = await sendContactMessage(deps, message(n), {
        honeypot: "",
        clientIp: `192.0.2.${n}`,
        userId: writer.id,
      });
      expect(sent.ok).toBe(true);
    }
    const refused = await sendContactMessage(deps, message(6), {
      honeypot: "",
      clientIp: "192.0.2.6",
      userId: writer.id,
    });
    expect(refused).toMatchObject({ ok: false, code: "too-many" });
    expect(await db.selectFrom("messages").select("id").where("user_id", "=", writer.id).execute()).toHaveLength(6);
    // Signed out, the same person is limited by client and e-mail address only.
    expect((await sendContactMessage(deps, message(7), { honeypot: "", clientIp: "192.0.2.7", userId: null })).ok).toBe(
      true,
    );
  });
});

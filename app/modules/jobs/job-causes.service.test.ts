// Each e-mail is queued in the transaction of what caused it: committed together, or rolled back together.
import { ukAddress } from "~/modules/checkout/testing/address-fixture";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { JobKindName } from "~/db/values";
import { loadConfig } from "~/lib/config.server";
import { createLogger } from "~/lib/log.server";
import { createMailer, type Mailer } from "~/lib/mailer.server";
import { changeOrderStep } from "~/modules/admin/orders/orders-admin.service.server";
import { insertOrder, insertUsers, staff, alice } from "~/modules/admin/orders/testing/orders-fixture";
import { addToCart } from "~/modules/cart/cart.service.server";
import { addAddress } from "~/modules/checkout/addresses.service.server";
import { chooseShipping } from "~/modules/checkout/checkout.service.server";
import { sendContactMessage } from "~/modules/content/contact.service.server";
import { placeOrder } from "~/modules/checkout/place-order.service.server";
import { mailParts, startSmtpSink } from "~/testing/smtp-sink";
import { createShopJobWorker } from "~/context.server";
import { taxAdded } from "~/lib/pricing";
import { firstSizeInStock } from "~/db/testing/variant-stock";

const log = createLogger("silent");
const jobsOf = (db: Db, kind: JobKindName) =>
  db
    .selectFrom("jobs")
    .select(["kind", "recipient", "subject", "payload", "status"])
    .where("kind", "=", kind)
    .execute();

/** Makes every change of a checkout state fail: the last step of placing an order, after the job is written. */
async function breakCheckout(db: Db, kind: "sqlite" | "postgres") {
  if (kind === "sqlite") {
    await sql`create trigger fail_checkout before update on checkout_state begin select raise(abort, 'forced failure'); end`.execute(
      db,
    );
    return () => sql`drop trigger fail_checkout`.execute(db);
  }
  await sql`create function fail_checkout() returns trigger language plpgsql as $$ begin raise exception 'forced failure'; end $$`.execute(
    db,
  );
  await sql`create trigger fail_checkout before update on checkout_state for each row execute function fail_checkout()`.execute(
    db,
  );
  return async () => {
    await sql`drop trigger fail_checkout on checkout_state`.execute(db);
    await sql`drop function fail_checkout()`.execute(db);
  };
}

describeEachDatabase(
  "e-mails queued with their cause",
  (testDb) => {
    let sink: Awaited<ReturnType<typeof startSmtpSink>>;
    let mailer: Mailer;
    beforeAll(async () => {
      sink = await startSmtpSink();
      mailer = createMailer({ smtpUrl: sink.url, from: "Shop <shop@example.com>", log });
      await insertUsers(testDb().db, [staff, alice]);
    });
    afterAll(async () => {
      mailer.close();
      await sink.close();
    });
    const readyToOrder = async (db: Db) => {
      const flavour = await db
        .selectFrom("flavours")
        .select(["id", "sizes"])
        .where(firstSizeInStock())
        .orderBy("slug")
        .executeTakeFirstOrThrow();
      const line = {
        kind: "flavour",
        itemId: flavour.id,
        flavour: "",
        nicotineStrength: JSON.parse(flavour.sizes)[0],
        puffCount: null,
        quantity: 2,
      };
      expect(await addToCart(db, alice.id, line)).toEqual({ ok: true });
      const book = await db.selectFrom("addresses").select("id").where("user_id", "=", alice.id).executeTakeFirst();
      if (!book) await addAddress(db, alice.id, ukAddress());
      expect(await chooseShipping(db, alice.id, "express", null)).toEqual({ ok: true });
    };
    const confirmation = { to: alice.email, shopName: "Vapour Lane" };

    it("leaves neither order nor e-mail when placing the order rolls back", async () => {
      const { db, kind } = testDb();
      await readyToOrder(db);
      const repair = await breakCheckout(db, kind);
      try {
        await expect(
          placeOrder(db, alice.id, "key-rolled-back-aaaaaa", taxAdded(10), { confirmation }),
        ).rejects.toThrow(/forced failure/);
      } finally {
        await repair();
      }
      expect(await db.selectFrom("orders").select("id").where("user_id", "=", alice.id).execute()).toEqual([]);
      expect(await jobsOf(db, "order-confirmation")).toEqual([]);
    });

    it("queues the confirmation with the order, once per order, and sends it as HTML and text with the order's details", async () => {
      const { db } = testDb();
      const placed = await placeOrder(db, alice.id, "key-committed-aaaaaaaa", taxAdded(10), { confirmation });
      const again = await placeOrder(db, alice.id, "key-committed-aaaaaaaa", taxAdded(10), { confirmation });
      if (!placed.ok || !again.ok) throw new Error("placement failed");
      const jobs = await jobsOf(db, "order-confirmation");
      expect(jobs).toEqual([
        expect.objectContaining({
          recipient: alice.email,
          subject: `Vapour Lane: order ${placed.order.id} received`,
          status: "queued",
        }),
      ]);
      const worker = createShopJobWorker(
        { db, mailer, log, config: loadConfig({ APP_URL: "http://shop.test", SHOP_CURRENCY: "GBP" }) },
        { pollMs: 20 },
      );
      // The confirmation, and the age check a new customer's first order opens (docs/decisions/015).
      expect(await worker.runOnce()).toBe(2);
      const [mail] = await sink.waitFor(1);
      const { contentType, text, html } = mailParts(mail!);
      expect(contentType).toBe("multipart/alternative");
      const { order } = placed;
      expect(text).toContain(`Thank you for your order ${order.id}.`);
      expect(text).toContain(`2 × ${order.lines[0]!.name}`);
      for (const part of [
        order.id,
        order.lines[0]!.name,
        "Express Shipping",
        "Sam Taylor<br/>12 High Street<br/>Leeds<br/>LS1 1AA",
        "Subtotal",
        "Total",
        `http://shop.test/account/orders/${order.id}`,
      ]) {
        expect(html).toContain(part);
      }
      expect(html).toContain(`£${(order.totalCents / 100).toFixed(2)}`);
      expect(html).toMatch(/#6d28d9/i); // the shop's colour
    });

    it("queues the customer's e-mail with an order's status change, and none for a refused step", async () => {
      const { db } = testDb();
      const id = await insertOrder(db, { userId: alice.id });
      expect(
        await changeOrderStep(db, staff, { orderId: id, step: "deliver", from: "pending" }, new Date(), {
          shopName: "Vapour Lane",
        }),
      ).toMatchObject({ ok: false });
      expect(await jobsOf(db, "order-status")).toEqual([]);
      expect(
        await changeOrderStep(db, staff, { orderId: id, step: "confirm", from: "pending" }, new Date(), {
          shopName: "Vapour Lane",
        }),
      ).toMatchObject({ ok: true });
      expect(await jobsOf(db, "order-status")).toEqual([
        expect.objectContaining({
          recipient: alice.email,
          subject: `Vapour Lane: order ${id} is now confirmed`,
          status: "queued",
        }),
      ]);
    });

    it("queues the staff's notice with a saved contact message, and none for a robot's", async () => {
      const { db } = testDb();
      const deps = { db, log, staffEmail: "staff@example.com", shopName: "Vapour Lane" };
      const values = {
        firstName: "Priya",
        lastName: "Shah",
        email: "priya@example.com",
        phone: "07700 900456",
        subject: "Support",
        message: "Where is my <b>order</b>?",
      };
      await sendContactMessage(deps, values, { honeypot: "http://spam.example", clientIp: "10.1.0.1" });
      expect(await jobsOf(db, "contact-notice")).toEqual([]);
      await sendContactMessage(deps, values, { honeypot: "", clientIp: "10.1.0.1" });
      const [job] = await jobsOf(db, "contact-notice");
      expect(job).toMatchObject({ recipient: "staff@example.com", subject: "[Vapour Lane] Support from Priya Shah" });
      expect(JSON.parse(job!.payload)).toMatchObject({
        message: { email: "priya@example.com", message: "Where is my <b>order</b>?" },
      });
      const worker = createShopJobWorker({ db, mailer, log, config: loadConfig({}) }, { pollMs: 20 });
      await db.deleteFrom("jobs").where("kind", "!=", "contact-notice").execute();
      const before = sink.received.length;
      expect(await worker.runOnce()).toBe(1);
      const [mail] = (await sink.waitFor(before + 1)).slice(before);
      expect(mail!.raw).toMatch(/^Reply-To: priya@example\.com/m);
      const { text, html } = mailParts(mail!);
      expect(text).toContain("Where is my <b>order</b>?");
      expect(html).toContain("Where is my &lt;b&gt;order&lt;/b&gt;?"); // typed text stays text in the HTML
    });
  },
  { seed: true },
);

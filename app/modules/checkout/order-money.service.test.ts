// Each order keeps the currency, tax mode and rate it was placed with (docs/decisions/036): a later change of
// SHOP_CURRENCY, TAX_MODE or TAX_RATE_PERCENT never changes how it reads, on the order page, in the back office, in
// its e-mails (also one queued before the change) or in the customer's data export.
import { ukAddress } from "~/modules/checkout/testing/address-fixture";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { migrateTo, migrateToLatest } from "~/db/migrate.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { loadConfig, shopSettings, taxRule } from "~/lib/config.server";
import { createLogger } from "~/lib/log.server";
import { createMailer, type Mailer } from "~/lib/mailer.server";
import { formatMoney } from "~/lib/money";
import { createShopJobWorker } from "~/context.server";
import { getAdminOrder, listAdminOrders, readOrderFilters } from "~/modules/admin/orders/orders-admin.service.server";
import { alice, insertOrder, insertUsers, staff } from "~/modules/admin/orders/testing/orders-fixture";
import { addToCart } from "~/modules/cart/cart.service.server";
import { exportAccountData } from "~/modules/data-rights/data-rights.service.server";
import { findOrder, orderWhatsappText } from "~/modules/orders/orders.service.server";
import { mailParts, startSmtpSink } from "~/testing/smtp-sink";
import { addAddress } from "./addresses.service.server";
import { chooseShipping } from "./checkout.service.server";
import { placeOrder } from "./place-order.service.server";
import { firstSizeInStock } from "~/db/testing/variant-stock";

const log = createLogger("silent");

async function readyToOrder(db: Db) {
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
    quantity: 2,
  };
  expect(await addToCart(db, alice.id, line)).toEqual({ ok: true });
  await addAddress(db, alice.id, ukAddress());
  expect(await chooseShipping(db, alice.id, "express", null)).toEqual({ ok: true });
}

describeEachDatabase(
  "an order keeps its currency and tax through a change of settings",
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

    it("is placed in pounds with 20 % VAT included by default, and reads so after the shop changes to dollars and 10 % on top", async () => {
      const { db } = testDb();
      await readyToOrder(db);
      const uk = loadConfig({});
      const placed = await placeOrder(db, alice.id, "key-money-aaaaaaaaaaaa", taxRule(uk), {
        currency: shopSettings(uk).currency,
        confirmation: { to: alice.email, shopName: "Vapour Lane" },
      });
      if (!placed.ok) throw new Error(placed.message);
      const { order } = placed;
      expect(order).toMatchObject({ currency: "GBP", taxIncluded: true, taxRatePercent: 20 });
      expect(order.taxCents).toBe(Math.round((order.totalCents * 20) / 120));
      const pounds = (cents: number) => formatMoney(cents, "GBP");

      // The shop changes its settings; the e-mail was queued before and is sent after.
      const later = loadConfig({
        SHOP_CURRENCY: "USD",
        TAX_MODE: "added",
        TAX_RATE_PERCENT: "10",
        APP_URL: "http://shop.test",
      });
      const worker = createShopJobWorker({ db, mailer, log, config: later }, { pollMs: 20 });
      await worker.runOnce();
      const [mail] = await sink.waitFor(1);
      const { text, html } = mailParts(mail!);
      expect(text).toContain(`Total: ${pounds(order.totalCents)} (Includes VAT: ${pounds(order.taxCents)})`);
      expect(html).toContain("Includes VAT");
      expect(html).toContain(pounds(order.taxCents));
      expect(html).not.toMatch(/\$\d/);

      // The order page, the back office and the WhatsApp text read it as placed.
      const again = await findOrder(db, alice.id, order.id);
      expect(again).toMatchObject({
        currency: "GBP",
        taxIncluded: true,
        taxRatePercent: 20,
        totalCents: order.totalCents,
        taxCents: order.taxCents,
      });
      const whatsapp = orderWhatsappText(again!);
      expect(whatsapp).toContain(`Total: ${pounds(order.totalCents)}\nIncludes VAT: ${pounds(order.taxCents)}`);
      expect(whatsapp).not.toMatch(/\$\d/);
      const admin = await getAdminOrder(db, staff, order.id);
      expect(admin?.order).toMatchObject({ currency: "GBP", taxIncluded: true, taxRatePercent: 20 });
      const list = await listAdminOrders(db, staff, readOrderFilters(new URL("http://shop.test/admin/orders")));
      expect(list.orders.find((o) => o.id === order.id)).toMatchObject({ currency: "GBP" });

      // The customer's data export says how the order was counted.
      const exported = await exportAccountData(db, alice.id);
      expect(exported!.orders.find((o) => o.id === order.id)).toMatchObject({
        currency: "GBP",
        taxIncluded: true,
        taxRatePercent: 20,
      });
    });

    it("the migration gives orders placed before it the settings of the time, and a queued confirmation its currency", async () => {
      const { db } = testDb();
      const id = await insertOrder(db, { userId: alice.id, totalCents: 2200 });
      await sql`update orders set tax_included = 1 where id = ${id}`.execute(db);
      // Back to before the migration (its columns dropped), then forward again.
      await migrateTo(db, "2026_11_25_0010_device_and_flavour_words");
      const payload = JSON.stringify({ to: alice.email, shopName: "Vapour Lane", order: { id } });
      const now = new Date().toISOString();
      await sql`insert into jobs (id, kind, payload, status, attempts, run_at, give_up_at, created_at, updated_at)
        values ('job-old-confirmation', 'order-confirmation', ${payload}, 'queued', 0, ${now}, ${now}, ${now}, ${now})`.execute(
        db,
      );
      await migrateToLatest(db);
      const row = await db
        .selectFrom("orders")
        .select(["currency", "tax_rate_basis_points", "tax_included"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      // Unset in the environment of this test: the defaults of the time, US dollars and 10 %; the mode the row kept.
      expect(row).toEqual({ currency: "USD", tax_rate_basis_points: 1000, tax_included: 1 });
      const job = await db
        .selectFrom("jobs")
        .select("payload")
        .where("id", "=", "job-old-confirmation")
        .executeTakeFirstOrThrow();
      expect(JSON.parse(job.payload as string).order.currency).toBe("USD");
      await db.deleteFrom("jobs").where("id", "=", "job-old-confirmation").execute();
    });
  },
  { seed: true },
);

// The order version of the WhatsApp text named neither the device nor the SKU of a flavour line ('Blue Razz Ice
// (Flavour: Blue Razz Ice, Nicotine: 20mg …)'): staff could not tell which device's pod was ordered. An order line
// now keeps the device of its flavour as sold, beside its SKU, and the text names both.
import { beforeAll, expect, it } from "vitest";
import { sql } from "kysely";
import { migrateTo, migrateToLatest } from "~/db/migrate.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { taxIncluded } from "~/lib/pricing";
import { alice, insertOrder, insertUsers } from "~/modules/admin/orders/testing/orders-fixture";
import { addToCart } from "~/modules/cart/cart.service.server";
import { findOrder, orderWhatsappText } from "~/modules/orders/orders.service.server";
import { addAddress } from "./addresses.service.server";
import { chooseShipping } from "./checkout.service.server";
import { placeOrder } from "./place-order.service.server";
import { ukAddress } from "./testing/address-fixture";

describeEachDatabase(
  "order lines name a flavour's device and every line's SKU",
  (testDb) => {
    beforeAll(async () => {
      const { db } = testDb();
      await insertUsers(db, [alice]);
      await addAddress(db, alice.id, ukAddress());
    });

    /** A variant in stock of each kind, with its item's name (and a flavour's device's). */
    const inStock = (kind: "device" | "flavour") =>
      testDb()
        .db.selectFrom("variants as v")
        .select(["v.item_id", "v.sku", "v.flavour", "v.nicotine_strength", "v.puff_count"])
        .where("v.kind", "=", kind)
        .where("v.archived", "=", 0)
        .where("v.stock_quantity", ">", 2)
        .orderBy("v.sku")
        .executeTakeFirstOrThrow();

    it("keeps the device of a flavour line and the SKU of each line, and the WhatsApp text names them", async () => {
      const { db } = testDb();
      const device = await inStock("device");
      const flavour = await inStock("flavour");
      const { flavourName, deviceName } = await db
        .selectFrom("flavours as f")
        .innerJoin("devices as d", "d.id", "f.device_id")
        .select(["f.name as flavourName", "d.name as deviceName"])
        .where("f.id", "=", flavour.item_id)
        .executeTakeFirstOrThrow();
      const { name: deviceItem } = await db
        .selectFrom("devices")
        .select("name")
        .where("id", "=", device.item_id)
        .executeTakeFirstOrThrow();
      for (const v of [
        { kind: "device", variant: device, quantity: 1 },
        { kind: "flavour", variant: flavour, quantity: 2 },
      ] as const) {
        const added = await addToCart(db, alice.id, {
          kind: v.kind,
          itemId: v.variant.item_id,
          flavour: v.variant.flavour,
          nicotineStrength: v.variant.nicotine_strength,
          puffCount: v.variant.puff_count,
          quantity: v.quantity,
        });
        expect(added).toEqual({ ok: true });
      }
      await chooseShipping(db, alice.id, "free", null);
      const placed = await placeOrder(db, alice.id, "order-lines-key-aaaaaaaa", taxIncluded(20));
      if (!placed.ok) throw new Error(placed.message);
      const order = (await findOrder(db, alice.id, placed.order.id))!;
      expect(order.lines.map((l) => ({ kind: l.kind, sku: l.sku, deviceName: l.deviceName }))).toEqual([
        { kind: "device", sku: device.sku, deviceName: null },
        { kind: "flavour", sku: flavour.sku, deviceName },
      ]);
      const text = orderWhatsappText(order);
      expect(text).toContain(
        `\n1. ${deviceItem} (Flavour: ${device.flavour}, Nicotine: ${device.nicotine_strength}mg, Puffs: ${device.puff_count ?? "-"}, Qty: 1, SKU: ${device.sku}) £`,
      );
      expect(text).toContain(
        `\n2. ${flavourName} (Device: ${deviceName}, Flavour: ${flavourName}, Nicotine: ${flavour.nicotine_strength}mg, Puffs: -, Qty: 2, SKU: ${flavour.sku}) £`,
      );
    });

    it("the migration gives flavour lines placed before it their flavour's device", async () => {
      const { db } = testDb();
      const flavour = await inStock("flavour");
      const id = await insertOrder(db, { userId: alice.id });
      await sql`update order_lines set item_id = ${flavour.item_id} where order_id = ${id}`.execute(db);
      await migrateTo(db, "2026_11_29_0310_unpaid_orders_by_address");
      await migrateToLatest(db);
      const { device_name } = await db
        .selectFrom("order_lines")
        .select("device_name")
        .where("order_id", "=", id)
        .executeTakeFirstOrThrow();
      const { name } = await db
        .selectFrom("flavours as f")
        .innerJoin("devices as d", "d.id", "f.device_id")
        .select("d.name")
        .where("f.id", "=", flavour.item_id)
        .executeTakeFirstOrThrow();
      expect(device_name).toBe(name);
    });
  },
  { seed: true },
);

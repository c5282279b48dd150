import { ukAddress } from "~/modules/checkout/testing/address-fixture";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { migrateTo, migrateToLatest } from "~/db/migrate.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { taxIncluded } from "~/lib/pricing";
import type { SessionUser } from "~/modules/accounts/accounts";
import { listCatalogItems } from "~/modules/admin/catalog/catalog-admin-list.service.server";
import { insertUsers, shopper } from "~/modules/admin/orders/testing/orders-fixture";
import { addToCart, getCart } from "~/modules/cart/cart.service.server";
import { addAddress } from "~/modules/checkout/addresses.service.server";
import { chooseShipping } from "~/modules/checkout/checkout.service.server";
import { placeOrder } from "~/modules/checkout/place-order.service.server";
import { cancelOwnOrder } from "~/modules/orders/customer-orders.service.server";
import { getFlavour } from "./catalog.service.server";

// Stock per variant (issue 30, docs/decisions/043): what one variant sells never takes another's units, a
// cancellation gives each variant back its own, and the migration moves today's catalogue without changing it.

const home = ukAddress({ phone: "07700 900333", line1: "3 Mill Lane", town: "Hull", postcode: "HU1 1AA" });
const mail = { shopName: "Test Shop", staffEmail: "staff@shop.test", baseUrl: "http://shop.test" };
let keys = 0;
const key = () => `variant-test-key-${String(++keys).padStart(8, "0")}`;

/** A flavour with at least two sizes: its first two variants, each given its own stock. */
async function twoSizes(db: Db, units: [number, number]) {
  const row = await db
    .selectFrom("flavours")
    .select("id")
    .where("archived", "=", 0)
    .where(
      sql<boolean>`(select count(*) from variants v where v.kind = 'flavour' and v.item_id = flavours.id
        and v.archived = 0) >= 2`,
    )
    .orderBy("slug")
    .executeTakeFirstOrThrow();
  const [low, high] = (await getFlavour(db, row.id))!.variants;
  for (const [variant, n] of [
    [low!, units[0]],
    [high!, units[1]],
  ] as const)
    await db.updateTable("variants").set({ stock_quantity: n, track_stock: 1 }).where("id", "=", variant.id).execute();
  return { id: row.id, low: low!, high: high! };
}

const unitsOf = async (db: Db, variantId: string) =>
  Number(
    (await db.selectFrom("variants").select("stock_quantity").where("id", "=", variantId).executeTakeFirstOrThrow())
      .stock_quantity,
  );

describeEachDatabase(
  "stock per variant",
  (testDb) => {
    const people = ["vera", "vince", "val", "vic"].map(shopper);
    beforeAll(async () => {
      const { db } = testDb();
      await insertUsers(db, people);
      for (const p of people) await addAddress(db, p.id, home);
    });

    const ready = async (db: Db, who: SessionUser, flavourId: string, strength: number, quantity: number) => {
      const line = { kind: "flavour", itemId: flavourId, flavour: "", nicotineStrength: strength, puffCount: null };
      expect(await addToCart(db, who.id, { ...line, quantity })).toEqual({ ok: true });
      expect(await chooseShipping(db, who.id, "free", null)).toEqual({ ok: true });
    };

    it("two shoppers race for the last unit of one size: one order, one refusal; the other size still sells", async () => {
      const { db } = testDb();
      const item = await twoSizes(db, [1, 5]);
      const [vera, vince, val] = people;
      await ready(db, vera!, item.id, item.low.nicotineStrength, 1);
      await ready(db, vince!, item.id, item.low.nicotineStrength, 1);
      await ready(db, val!, item.id, item.high.nicotineStrength, 2);

      const race = await Promise.all(
        [vera!, vince!].map((who) => placeOrder(db, who.id, key(), taxIncluded(20), { lowStockThreshold: 0 })),
      );
      expect(race.filter((r) => r.ok)).toHaveLength(1);
      const refused = race.find((r) => !r.ok);
      expect(refused && !refused.ok && refused.message).toMatch(
        new RegExp(`^Sorry, .+ \\(${item.low.nicotineStrength} mg\\) is out of stock$`),
      );
      const other = await placeOrder(db, val!.id, key(), taxIncluded(20));
      expect(other.ok).toBe(true);
      expect(await unitsOf(db, item.low.id)).toBe(0);
      expect(await unitsOf(db, item.high.id)).toBe(3);

      // The order line keeps the variant and its SKU as sold.
      if (!other.ok) throw new Error("expected an order");
      expect(other.order.lines).toEqual([
        expect.objectContaining({ variantId: item.high.id, sku: item.high.sku, quantity: 2 }),
      ]);
      const flavour = (await getFlavour(db, item.id))!;
      expect(flavour.variants.find((v) => v.id === item.low.id)?.stock).toEqual({ tracked: true, quantity: 0 });
      expect(flavour.stock.quantity).toBeGreaterThan(0); // the item is not out: another size sells

      // Out of stock now: the loser's cart says so and cannot add more of it; the other size can still be added.
      const loser = race[0]!.ok ? vince! : vera!;
      expect((await getCart(db, loser.id, taxIncluded(20), { capToStock: true })).capped).toEqual([
        expect.stringMatching(/is out of stock$/),
      ]);
      const again = { kind: "flavour", itemId: item.id, flavour: "", puffCount: null, quantity: 1 };
      expect(await addToCart(db, loser.id, { ...again, nicotineStrength: item.low.nicotineStrength })).toMatchObject({
        ok: false,
      });
      expect(await addToCart(db, loser.id, { ...again, nicotineStrength: item.high.nicotineStrength })).toEqual({
        ok: true,
      });
    });

    it("a cancelled order gives each variant back its own units, recorded against it", async () => {
      const { db } = testDb();
      const item = await twoSizes(db, [10, 10]);
      const vic = people[3]!;
      const line = { kind: "flavour", itemId: item.id, flavour: "", puffCount: null };
      expect(
        await addToCart(db, vic.id, { ...line, nicotineStrength: item.low.nicotineStrength, quantity: 3 }),
      ).toEqual({ ok: true });
      await ready(db, vic, item.id, item.high.nicotineStrength, 1);
      const placed = await placeOrder(db, vic.id, key(), taxIncluded(20));
      if (!placed.ok) throw new Error(placed.message);
      expect([await unitsOf(db, item.low.id), await unitsOf(db, item.high.id)]).toEqual([7, 9]);

      expect((await cancelOwnOrder(db, vic, placed.order.id, mail)).ok).toBe(true);
      expect([await unitsOf(db, item.low.id), await unitsOf(db, item.high.id)]).toEqual([10, 10]);
      const movements = await db
        .selectFrom("stock_movements")
        .select(["variant_id", "change", "reason"])
        .where("order_id", "=", placed.order.id)
        .orderBy("reason")
        .orderBy("variant_id")
        .execute();
      expect(movements).toHaveLength(4);
      const changeOf = (variantId: string, reason: string) =>
        movements.find((m) => m.variant_id === variantId && m.reason === reason)?.change;
      expect(Number(changeOf(item.low.id, "order"))).toBe(-3);
      expect(Number(changeOf(item.high.id, "order"))).toBe(-1);
      expect(Number(changeOf(item.low.id, "cancelled"))).toBe(3);
      expect(Number(changeOf(item.high.id, "cancelled"))).toBe(1);
    });

    it("refuses a choice the item does not sell: a size only others have, an archived variant, a strange flavour", async () => {
      const { db } = testDb();
      const item = await twoSizes(db, [4, 4]);
      const vera = people[0]!;
      const line = { kind: "flavour", itemId: item.id, flavour: "", puffCount: null, quantity: 1 };
      expect(await addToCart(db, vera.id, { ...line, nicotineStrength: 19 })).toMatchObject({
        ok: false,
        message: "Please select a size.",
      });
      await db.updateTable("variants").set({ archived: 1 }).where("id", "=", item.low.id).execute();
      try {
        expect(await addToCart(db, vera.id, { ...line, nicotineStrength: item.low.nicotineStrength })).toMatchObject({
          ok: false,
          message: "Please select a size.",
        });
      } finally {
        await db.updateTable("variants").set({ archived: 0 }).where("id", "=", item.low.id).execute();
      }
      const device = await db.selectFrom("devices").select(["id", "flavours"]).executeTakeFirstOrThrow();
      const deviceLine = { kind: "device", itemId: device.id, puffCount: 5000, quantity: 1 };
      expect(
        await addToCart(db, vera.id, { ...deviceLine, flavour: "Not A Flavour", nicotineStrength: 10 }),
      ).toMatchObject({ ok: false, message: "Choose one of the device's flavours" });
    });
  },
  { seed: true },
);

const BEFORE = "2026_11_26_0310_take_back_and_cancellations";

describeEachDatabase(
  "the variants migration",
  (testDb) => {
    describe("on the demo catalogue", () => {
      it("keeps every item, price and unit: each item's stock goes to its first variant, for staff to check", async () => {
        const { db } = testDb();
        await migrateTo(db, BEFORE);
        const before = async (table: "devices" | "flavours") =>
          (
            await sql<{ id: string; slug: string; price_cents: number; stock_quantity: number; track_stock: number }>`
            select id, slug, price_cents, stock_quantity, track_stock from ${sql.table(table)} order by id`.execute(db)
          ).rows.map((r) => ({ ...r, price_cents: Number(r.price_cents), stock_quantity: Number(r.stock_quantity) }));
        const devicesBefore = await before("devices");
        const flavoursBefore = await before("flavours");
        expect(devicesBefore.length).toBeGreaterThan(0);
        const unitsBefore = [...devicesBefore, ...flavoursBefore].reduce((sum, r) => sum + r.stock_quantity, 0);

        await migrateToLatest(db);
        const variants = await db.selectFrom("variants").selectAll().execute();
        const devices = await db.selectFrom("devices").select(["id", "price_cents"]).orderBy("id").execute();
        const flavours = await db.selectFrom("flavours").select(["id", "price_cents"]).orderBy("id").execute();
        expect(devices.map((d) => [d.id, Number(d.price_cents)])).toEqual(
          devicesBefore.map((d) => [d.id, d.price_cents]),
        );
        expect(flavours.map((f) => [f.id, Number(f.price_cents)])).toEqual(
          flavoursBefore.map((f) => [f.id, f.price_cents]),
        );
        expect(variants.reduce((sum, v) => sum + Number(v.stock_quantity), 0)).toBe(unitsBefore);
        expect(new Set(variants.map((v) => v.sku)).size).toBe(variants.length);
        expect(variants.every((v) => v.price_cents === null)).toBe(true);
        for (const item of [...devicesBefore, ...flavoursBefore]) {
          const own = variants
            .filter((v) => v.item_id === item.id)
            .sort((a, b) => Number(a.position) - Number(b.position));
          expect(own.length).toBeGreaterThan(0);
          expect([item.slug, Number(own[0]!.stock_quantity)]).toEqual([item.slug, item.stock_quantity]);
          expect(own.slice(1).every((v) => Number(v.stock_quantity) === 0)).toBe(true);
          const toCheck = own.length > 1 && Number(item.track_stock) === 1;
          expect(own.every((v) => Number(v.stock_to_check) === (toCheck ? 1 : 0))).toBe(true);
        }
        // A flavour's variants are its sizes, in order.
        const flavour = (await getFlavour(db, flavours[0]!.id))!;
        expect(flavour.variants.map((v) => v.nicotineStrength)).toEqual(flavour.sizes);

        // The back office lists the items whose stock was moved, for staff to count.
        const toCheck = await listCatalogItems(
          db,
          "flavour",
          { q: "", sort: "name", dir: "asc", rawPage: null, show: "all", stock: "check" },
          5,
        );
        const movedFlavours = new Set(
          variants.filter((v) => v.kind === "flavour" && Number(v.stock_to_check) === 1).map((v) => v.item_id),
        );
        expect(toCheck.total).toBe(movedFlavours.size);
        expect(toCheck.total).toBeGreaterThan(0);
      });
    });
  },
  { seed: true },
);

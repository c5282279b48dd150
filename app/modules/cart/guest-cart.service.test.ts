import { sql } from "kysely";
import { expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { taxAdded, taxIncluded } from "~/lib/pricing";
import { getFlavour } from "~/modules/catalog/catalog.service.server";
import { priceGuestCart } from "./cart.service.server";

// A visitor's cart (issue 65, item 15): kept in their browser, shown priced by the shop. Only the choices and
// quantities come from the browser; prices, totals and stock from the catalogue; nothing is written.

/** A flavour with at least two sizes, each given its own stock: its id, name and the two variants. */
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
  const flavour = (await getFlavour(db, row.id))!;
  const [low, high] = flavour.variants;
  await db
    .updateTable("variants")
    .set({ stock_quantity: units[0], track_stock: 1 })
    .where("id", "=", low!.id)
    .execute();
  await db
    .updateTable("variants")
    .set({ stock_quantity: units[1], track_stock: 1 })
    .where("id", "=", high!.id)
    .execute();
  const line = (nicotineStrength: number, quantity: number) => ({
    kind: "flavour",
    itemId: flavour.id,
    flavour: "",
    nicotineStrength,
    puffCount: null,
    quantity,
  });
  return { flavour, low: low!, high: high!, line };
}

describeEachDatabase(
  "a visitor's cart priced by the shop",
  (testDb) => {
    it("takes prices from the catalogue, never from the browser, and totals them by the shop's tax rule", async () => {
      const { db } = testDb();
      const { flavour, low, high, line } = await twoSizes(db, [20, 20]);
      const forged = { ...line(low.nicotineStrength, 2), priceCents: 1, unitPriceCents: 1, lineTotalCents: 2 };
      const cart = await priceGuestCart(db, [forged, line(high.nicotineStrength, 1)], taxIncluded(20));
      expect(
        cart.lines.map((l) => [l.name, l.nicotineStrength, l.quantity, l.unitPriceCents, l.lineTotalCents]),
      ).toEqual([
        [flavour.name, low.nicotineStrength, 2, low.priceCents, low.priceCents * 2],
        [flavour.name, high.nicotineStrength, 1, high.priceCents, high.priceCents],
      ]);
      const subtotal = low.priceCents * 2 + high.priceCents;
      expect(cart.totals).toEqual({
        subtotalCents: subtotal,
        taxCents: Math.round((subtotal * 20) / 120),
        shippingCents: 0,
        totalCents: subtotal,
        taxIncluded: true,
      });
      expect((await priceGuestCart(db, [line(low.nicotineStrength, 1)], taxAdded(10))).totals).toMatchObject({
        taxCents: Math.round(low.priceCents / 10),
        totalCents: low.priceCents + Math.round(low.priceCents / 10),
        taxIncluded: false,
      });
      expect(cart).toMatchObject({ dropped: [], capped: [] });
    });

    it("adds the same line together, and names what cannot be read or is not sold as dropped", async () => {
      const { db } = testDb();
      const { low, line } = await twoSizes(db, [20, 20]);
      const cart = await priceGuestCart(
        db,
        [
          line(low.nicotineStrength, 2),
          line(low.nicotineStrength, 3),
          { ...line(low.nicotineStrength, 1), itemId: "no-such-item" },
          { ...line(17, 1) }, // a size the flavour does not come in
          { ...line(low.nicotineStrength, 1), quantity: 0 }, // unreadable: below 1
          "not a line",
        ],
        taxIncluded(20),
      );
      expect(cart.lines.map((l) => l.quantity)).toEqual([5]);
      expect(cart.dropped).toHaveLength(4);
      expect((await priceGuestCart(db, "not a cart", taxIncluded(20))).lines).toEqual([]);
    });

    it("brings a line down to what is in stock and leaves out one sold out, saying so; nothing is written", async () => {
      const { db } = testDb();
      const { flavour, low, high, line } = await twoSizes(db, [2, 0]);
      const cart = await priceGuestCart(
        db,
        [line(low.nicotineStrength, 5), line(high.nicotineStrength, 1)],
        taxIncluded(20),
      );
      expect(cart.lines.map((l) => [l.nicotineStrength, l.quantity])).toEqual([[low.nicotineStrength, 2]]);
      expect(cart.capped).toEqual([
        `Only 2 left of ${flavour.name} (${low.nicotineStrength} mg)`,
        `Sorry, ${flavour.name} (${high.nicotineStrength} mg) is out of stock`,
      ]);
      const { n } = await db
        .selectFrom("cart_lines")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBe(0);
      expect(
        Number(
          (await db.selectFrom("variants").select("stock_quantity").where("id", "=", low.id).executeTakeFirstOrThrow())
            .stock_quantity,
        ),
      ).toBe(2);
    });

    it("looks at no more than 50 lines", async () => {
      const { db } = testDb();
      const { low, line } = await twoSizes(db, [99, 99]);
      const many = Array.from({ length: 60 }, () => line(low.nicotineStrength, 1));
      expect((await priceGuestCart(db, many, taxIncluded(20))).lines.map((l) => l.quantity)).toEqual([50]);
    });
  },
  { seed: true },
);

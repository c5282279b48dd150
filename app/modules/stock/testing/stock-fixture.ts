// The shared set-up of the stock tests: four shoppers with an address and a staff member, and a flavour with more than
// one size in stock. Stock is kept per variant (docs/decisions/043): the tests sell the flavour's first size, named as
// shoppers see it ('Mango Ice (10 mg)'); its other sizes keep their own stock (30 of the second).
import { beforeAll, expect } from "vitest";
import type { Db } from "~/db/database.server";
import type { TestDatabase } from "~/db/testing/test-database";
import { firstSizeInStock, variantUnits } from "~/db/testing/variant-stock";
import { insertUsers, shopper, staff } from "~/modules/admin/orders/testing/orders-fixture";
import { addToCart } from "~/modules/cart/cart.service.server";
import { getFlavour } from "~/modules/catalog/catalog.service.server";
import { variantName, type VariantOffer } from "~/modules/catalog/variants";
import { addAddress } from "~/modules/checkout/addresses.service.server";
import { chooseShipping } from "~/modules/checkout/checkout.service.server";
import { ukAddress } from "~/modules/checkout/testing/address-fixture";

const home = ukAddress();
export const shoppers = ["buyer-1", "buyer-2", "buyer-3", "buyer-4"].map(shopper);

/** The flavour on sale: the size the tests sell (`name` is its name as shoppers see it) and its other size. */
export type StockItem = {
  flavour: { id: string; name: string };
  size: VariantOffer;
  other: VariantOffer;
  name: string;
};

/** Registers the set-up (call inside a seeded describeEachDatabase); `item` is filled in before the tests run. */
export function useStockFixture(testDb: () => TestDatabase) {
  const item = {} as StockItem;
  const of = () => ({ kind: "flavour" as const, itemId: item.flavour.id, variantId: item.size.id });
  const line = (quantity: number) => ({
    kind: "flavour",
    itemId: item.flavour.id,
    flavour: "",
    nicotineStrength: item.size.nicotineStrength,
    puffCount: null,
    quantity,
  });
  const stockNow = (db: Db) => variantUnits(db, "flavour", item.flavour.id);
  const setStock = (db: Db, quantity: number, variantId = item.size.id) =>
    db.updateTable("variants").set({ stock_quantity: quantity, track_stock: 1 }).where("id", "=", variantId).execute();
  const readyToPay = async (db: Db, userId: string, quantity: number) => {
    expect(await addToCart(db, userId, line(quantity))).toEqual({ ok: true });
    await chooseShipping(db, userId, "free", null);
  };
  beforeAll(async () => {
    const { db } = testDb();
    await insertUsers(db, [...shoppers, staff]);
    for (const s of shoppers) await addAddress(db, s.id, home);
    const row = await db
      .selectFrom("flavours")
      .select("id")
      .where(firstSizeInStock(10))
      .where("sizes", "like", "%,%") // more than one size
      .orderBy("slug")
      .executeTakeFirstOrThrow();
    const found = (await getFlavour(db, row.id))!;
    item.flavour = { id: found.id, name: found.name };
    [item.size, item.other] = found.variants as [VariantOffer, VariantOffer];
    item.name = variantName(item.flavour.name, item.size);
    await setStock(db, 30, item.other.id);
  });
  return { item, of, line, stockNow, setStock, readyToPay };
}

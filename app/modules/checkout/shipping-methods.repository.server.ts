/** The shipping methods' table (docs/decisions/082): read by the checkout and the storefront, written by staff. */
import type { Db } from "~/db/database.server";
import type { ShippingMethodsTable } from "~/db/schema";

export type ShippingMethodRow = ShippingMethodsTable;

/** Every method, retired ones too, in their order. */
export const findShippingMethodRows = (db: Db) =>
  db.selectFrom("shipping_methods").selectAll().orderBy("position").orderBy("id").execute();

export const findShippingMethodRow = (db: Db, id: string) =>
  db.selectFrom("shipping_methods").selectAll().where("id", "=", id).executeTakeFirst();

export const insertShippingMethodRow = (db: Db, row: ShippingMethodRow) =>
  db.insertInto("shipping_methods").values(row).execute();

export const updateShippingMethodRow = (
  db: Db,
  id: string,
  values: Partial<Omit<ShippingMethodRow, "id" | "created_at">>,
) => db.updateTable("shipping_methods").set(values).where("id", "=", id).execute();

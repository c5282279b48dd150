import type { Db } from "~/db/database.server";
import type { ItemKind } from "~/db/values";

// The price history's queries (the price_changes table, migration 2026_11_26_0210).

export function insertPriceChange(
  db: Db,
  row: {
    id: string;
    kind: ItemKind;
    item_id: string;
    price_cents: number;
    changed_at: string;
    changed_by: string | null;
  },
) {
  return db.insertInto("price_changes").values(row).execute();
}

/** The item's latest price change at or before `at` (the price it had then). */
export function findPriceAt(db: Db, kind: ItemKind, itemId: string, at: string) {
  return db
    .selectFrom("price_changes")
    .select(["price_cents", "changed_at", "changed_by"])
    .where("kind", "=", kind)
    .where("item_id", "=", itemId)
    .where("changed_at", "<=", at)
    .orderBy("changed_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The item's changes after `from` up to `until`, oldest first. */
export function findPriceChangesBetween(db: Db, kind: ItemKind, itemId: string, from: string, until: string) {
  return db
    .selectFrom("price_changes")
    .select(["price_cents", "changed_at", "changed_by"])
    .where("kind", "=", kind)
    .where("item_id", "=", itemId)
    .where("changed_at", ">", from)
    .where("changed_at", "<=", until)
    .orderBy("changed_at")
    .orderBy("id")
    .execute();
}

/** The item's most recent changes, newest first (the back office's list). */
export function findRecentPriceChanges(db: Db, kind: ItemKind, itemId: string, limit: number) {
  return db
    .selectFrom("price_changes as c")
    .leftJoin("user as u", "u.id", "c.changed_by")
    .select(["c.price_cents", "c.changed_at", "c.changed_by", "u.name as changed_by_name"])
    .where("c.kind", "=", kind)
    .where("c.item_id", "=", itemId)
    .orderBy("c.changed_at", "desc")
    .orderBy("c.id", "desc")
    .limit(limit)
    .execute();
}

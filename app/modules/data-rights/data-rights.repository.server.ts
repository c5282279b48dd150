/** The queries behind 'Download my data' and 'Delete my account' (docs/decisions/020). */
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { likeMatch, likePattern } from "~/db/like.server";
import { DELETED_CUSTOMER } from "./data-rights";

/** The account's profile, unless it was erased. */
export const findLiveProfile = (db: Db, userId: string) =>
  db
    .selectFrom("user")
    .select([
      "id",
      "name",
      "firstName",
      "lastName",
      "email",
      "emailVerified",
      "dateOfBirth",
      "authProvider",
      "createdAt",
      "twoFactorEnabled",
    ])
    .where("id", "=", userId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();

export const findUserState = (db: Db, userId: string) =>
  db.selectFrom("user").select(["email", "deletedAt"]).where("id", "=", userId).executeTakeFirst();
export const listLogins = (db: Db, userId: string) =>
  db.selectFrom("account").select("providerId").where("userId", "=", userId).execute();
export const listSessions = (db: Db, userId: string) =>
  db
    .selectFrom("session")
    .select(["createdAt", "expiresAt", "ipAddress", "userAgent"])
    .where("userId", "=", userId)
    .orderBy("createdAt")
    .execute();
export const listAddresses = (db: Db, userId: string) =>
  db
    .selectFrom("addresses")
    .select(["title", "type", "recipient", "line1", "line2", "town", "postcode", "phone", "is_default", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("position")
    .execute();
export const listOrderIds = async (db: Db, userId: string) =>
  (await db.selectFrom("orders").select("id").where("user_id", "=", userId).orderBy("created_at").execute()).map(
    (row) => row.id,
  );
export const listWishlist = (db: Db, userId: string) =>
  db
    .selectFrom("wishlist_items")
    .select(["kind", "item_id", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
export const listCart = (db: Db, userId: string) =>
  db
    .selectFrom("cart_lines")
    .select(["kind", "item_id", "flavour", "nicotine_strength", "puff_count", "quantity", "created_at"])
    .where("user_id", "=", userId)
    .execute();
/** Contact messages sent while signed in to the account. */
export const listMessages = (db: Db, userId: string) =>
  db
    .selectFrom("messages")
    .select(["first_name", "last_name", "email", "phone", "subject", "message", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
export const listStockAlerts = (db: Db, userId: string, email: string) =>
  db
    .selectFrom("stock_alerts")
    .select(["kind", "item_id", "email", "created_at"])
    .where((eb) => eb.or([eb("user_id", "=", userId), eb(sql`lower(email)`, "=", email)]))
    .execute();

/** Orders still on their way (or a return still open): the shop needs the address and the person until they end. */
export async function openOrderIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("orders as o")
    .leftJoin("return_requests as r", "r.order_id", "o.id")
    .select("o.id")
    .where("o.user_id", "=", userId)
    .where((eb) =>
      eb.or([eb("o.status", "in", ["pending", "confirmed", "dispatched"]), eb("r.status", "=", "requested")]),
    )
    .orderBy("o.created_at")
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Erases the account's personal data in every table that holds any, inside the caller's transaction: deletes what
 * belongs to the person, keeps the orders (and the anonymous user row they point at) with placeholders. The orders'
 * own tables are erased by the orders module (`eraseCustomerFromOrders`), the one writer of them.
 */
export async function eraseAccountRows(trx: Db, userId: string, email: string, stamp: string): Promise<void> {
  const aboutThem = likePattern(email);
  await trx.deleteFrom("session").where("userId", "=", userId).execute();
  await trx.deleteFrom("account").where("userId", "=", userId).execute();
  await trx.deleteFrom("twoFactor").where("userId", "=", userId).execute();
  await trx.deleteFrom("used_second_factor_codes").where("user_id", "=", userId).execute();
  await trx
    .deleteFrom("verification")
    .where((eb) => eb.or([eb("value", "=", userId), likeMatch("identifier", aboutThem), likeMatch("value", aboutThem)]))
    .execute();
  for (const table of ["addresses", "cart_lines", "wishlist_items", "checkout_state", "guest_merges"] as const) {
    await trx.deleteFrom(table).where("user_id", "=", userId).execute();
  }
  await trx
    .deleteFrom("messages")
    .where((eb) => eb.or([eb("user_id", "=", userId), eb(sql`lower(email)`, "=", email)]))
    .execute();
  await trx
    .deleteFrom("stock_alerts")
    .where((eb) => eb.or([eb("user_id", "=", userId), eb(sql`lower(email)`, "=", email)]))
    .execute();
  await trx
    .deleteFrom("outbox_emails")
    .where(sql`lower(to_address)`, "=", email)
    .execute();
  // Queued and sent e-mails to them or about them, and the age check's job.
  await trx
    .deleteFrom("jobs")
    .where((eb) =>
      eb.or([
        eb(sql`lower(recipient)`, "=", email),
        likeMatch("payload", aboutThem),
        likeMatch("payload", likePattern(`"userId":"${userId}"`)),
      ]),
    )
    .execute();
  await trx.deleteFrom("rate_limit_hits").where(likeMatch("key", aboutThem)).execute();
  // The age check stays as the shop's evidence (status, method, when, which member of staff), without free text.
  await trx
    .updateTable("age_verifications")
    .set({ note: null, reference: sql`case when method = 'service' then reference else null end`, updated_at: stamp })
    .where("user_id", "=", userId)
    .execute();
  await trx
    .updateTable("stock_movements")
    .set({ by_name: DELETED_CUSTOMER })
    .where("by_user_id", "=", userId)
    .execute();
  // WEEE take-backs stay for their four years (docs/decisions/041): they hold no personal data of their own (the
  // order, the number of devices, the dates, the member of staff who received them), so nothing in them is erased.
  await trx
    .updateTable("user")
    .set({
      name: DELETED_CUSTOMER,
      email: `deleted-${userId}@deleted.invalid`.toLowerCase(),
      emailVerified: sql<boolean>`false`,
      image: null,
      firstName: null,
      lastName: null,
      dateOfBirth: null,
      authProvider: null,
      twoFactorEnabled: sql<boolean>`false`,
      deletedAt: stamp,
      updatedAt: stamp,
    })
    .where("id", "=", userId)
    .execute();
}

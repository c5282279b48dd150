/**
 * The reads behind 'Download my data' and 'Delete my account' (docs/decisions/020). The erasure itself is each
 * module's own: data-rights.service.server.ts asks them (docs/decisions/072).
 */
import { sql } from "kysely";
import type { Db } from "~/db/database.server";

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

/** The two-factor queries of the shop's own (Better Auth keeps its tables through its adapter). */
import { sql } from "kysely";
import type { Db } from "~/db/database.server";

/** The account a password sign-in waiting for its code belongs to (Better Auth's verification row), if still valid. */
export async function findPendingSignIn(
  db: Db,
  identifier: string,
): Promise<{ userId: string; expiresAt: Date } | null> {
  const row = await db
    .selectFrom("verification")
    .select(["value", "expiresAt"])
    .where("identifier", "=", identifier)
    .executeTakeFirst();
  return row ? { userId: row.value, expiresAt: new Date(row.expiresAt) } : null;
}

export const forgetCodesBefore = (db: Db, before: string) =>
  db.deleteFrom("used_second_factor_codes").where("used_at", "<", before).execute();

/** Records the code as used by the account; throws a unique violation when it already was. */
export const insertUsedCode = (db: Db, userId: string, code: string, usedAt: string) =>
  db.insertInto("used_second_factor_codes").values({ user_id: userId, code, used_at: usedAt }).execute();

export const deleteUsedCode = (db: Db, userId: string, code: string) =>
  db.deleteFrom("used_second_factor_codes").where("user_id", "=", userId).where("code", "=", code).execute();

/** Marks the session (by its token, and only if it is the account's) as having proved the second factor. */
export const markSessionProven = (db: Db, token: string, userId: string, at: string) =>
  db
    .updateTable("session")
    .set({ secondFactorAt: at })
    .where("token", "=", token)
    .where("userId", "=", userId)
    .execute();

/** The account's two-factor secret (encrypted by Better Auth) and whether its first code has turned it on. */
export async function findTwoFactorSecret(
  db: Db,
  userId: string,
): Promise<{ secret: string; verified: boolean } | null> {
  const row = await db
    .selectFrom("twoFactor")
    .select(["secret", "verified"])
    .where("userId", "=", userId)
    .executeTakeFirst();
  return row ? { secret: row.secret, verified: !(row.verified === false || row.verified === 0) } : null;
}

export const findAccountRole = (db: Db, email: string) =>
  db.selectFrom("user").select(["id", "role"]).where("email", "=", email).executeTakeFirst();

/** Removes the account's second factor (secret, recovery codes, codes used) and ends its sessions; how many ended. */
export async function forgetSecondFactor(trx: Db, userId: string): Promise<number> {
  await trx.deleteFrom("twoFactor").where("userId", "=", userId).execute();
  await trx.deleteFrom("used_second_factor_codes").where("user_id", "=", userId).execute();
  await trx
    .updateTable("user")
    .set({ twoFactorEnabled: sql<boolean>`false` })
    .where("id", "=", userId)
    .execute();
  const ended = await trx.deleteFrom("session").where("userId", "=", userId).executeTakeFirst();
  return Number(ended.numDeletedRows);
}

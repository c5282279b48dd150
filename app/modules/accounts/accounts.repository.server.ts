import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { compiledOnce } from "~/db/compiled-once.server";
import type { Db } from "~/db/database.server";

// The accounts queries of the shop's own. Better Auth reads and writes its tables through its adapter; these are the
// few places the shop reads or changes them itself (the fast session read, staff promotion, linking Google).

/**
 * A session by its token, with its user: the one join the fast session read needs (docs/decisions/009). Read on every
 * signed-in request, so compiled once (docs/decisions/065).
 */
const sessionWithUser = compiledOnce((db: Db, token: string) =>
  db
    .selectFrom("session as s")
    .innerJoin("user as u", "u.id", "s.userId")
    .select([
      "s.id as sessionId",
      "s.expiresAt",
      "s.secondFactorAt",
      "u.id",
      "u.name",
      "u.email",
      "u.firstName",
      "u.lastName",
      "u.dateOfBirth",
      "u.role",
      "u.authProvider",
      "u.twoFactorEnabled",
      "u.staffRoles",
      "u.disabledAt",
    ])
    .where("s.token", "=", token),
);

export async function findSessionWithUser(db: Db, token: string) {
  return (await sessionWithUser(db, token))[0];
}

export async function hasCredentialAccount(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("account")
    .select("id")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  return Boolean(row);
}

/** Removes the account's password; true when it had one. */
export async function deleteCredentialAccount(db: Db, userId: string): Promise<boolean> {
  const removed = await db
    .deleteFrom("account")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/** Whether the account was disabled by staff (a disabled staff account: issue 63). */
export async function isDisabledAccount(db: Db, userId: string): Promise<boolean> {
  const row = await db.selectFrom("user").select("disabledAt").where("id", "=", userId).executeTakeFirst();
  return Boolean(row?.disabledAt);
}

export async function deleteSessionsOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("session").where("userId", "=", userId).execute();
}

export function findUserIdByEmail(db: Db, email: string) {
  return db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst();
}

/** What the audit log needs of an account signing in (issue 63): is it staff, is it disabled, its name. */
export function findSignInAccount(db: Db, by: { email: string } | { id: string }) {
  const query = db.selectFrom("user").select(["id", "name", "email", "role", "disabledAt"]);
  return ("email" in by ? query.where("email", "=", by.email) : query.where("id", "=", by.id)).executeTakeFirst();
}

/** Makes the account staff with these roles ("owner,packer"), enabled. */
export async function makeStaff(db: Db, email: string, staffRoles = "owner"): Promise<void> {
  await db
    .updateTable("user")
    .set({ role: "staff", emailVerified: sql<boolean>`true`, staffRoles, disabledAt: null })
    .where("email", "=", email)
    .execute();
}

/** The named secret, made (32 random bytes) the first time it is asked for; every server copy gets the same one. */
export async function appSecret(db: Db, name: string): Promise<string> {
  await db
    .insertInto("app_secrets")
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db.selectFrom("app_secrets").select("value").where("name", "=", name).executeTakeFirstOrThrow();
  return row.value;
}

/** The password hash of the account's e-mail-and-password sign-in, when it has one. */
export const findPasswordHash = (db: Db, userId: string) =>
  db
    .selectFrom("account")
    .select("password")
    .where("userId", "=", userId)
    .where("providerId", "=", "credential")
    .executeTakeFirst();

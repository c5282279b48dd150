/** The accounts module's part of erasing an account (docs/decisions/020, 072): its sign-ins and its profile. */
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { likeMatch, likePattern } from "~/db/like.server";

/** Deletes the account's sessions, sign-in methods, second factor, used codes and pending e-mail links. */
export async function deleteSignIns(trx: Db, userId: string, email: string): Promise<void> {
  const aboutThem = likePattern(email);
  await trx.deleteFrom("session").where("userId", "=", userId).execute();
  await trx.deleteFrom("account").where("userId", "=", userId).execute();
  await trx.deleteFrom("twoFactor").where("userId", "=", userId).execute();
  await trx.deleteFrom("used_second_factor_codes").where("user_id", "=", userId).execute();
  await trx
    .deleteFrom("verification")
    .where((eb) => eb.or([eb("value", "=", userId), likeMatch("identifier", aboutThem), likeMatch("value", aboutThem)]))
    .execute();
}

/** Empties the profile: the user row stays, named `name`, as the anonymous owner of the orders the shop keeps. */
export async function anonymiseUser(trx: Db, userId: string, name: string, stamp: string): Promise<void> {
  await trx
    .updateTable("user")
    .set({
      name,
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

import { randomBytes } from "node:crypto";
import type { Db } from "~/db/database.server";

/**
 * AUTH_SECRET when configured; otherwise a secret made once and kept in the database, so `npm start` needs no
 * set-up step and every server copy signs sessions alike.
 */
export async function resolveAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto("app_secrets")
    .values({ name: "auth", value: randomBytes(32).toString("base64url") })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db.selectFrom("app_secrets").select("value").where("name", "=", "auth").executeTakeFirstOrThrow();
  return row.value;
}

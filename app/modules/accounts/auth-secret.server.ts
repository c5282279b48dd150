import type { Db } from "~/db/database.server";
import { appSecret } from "./accounts.repository.server";

/**
 * AUTH_SECRET when configured; otherwise a secret made once and kept in the database, so `npm start` needs no
 * set-up step and every server copy signs sessions alike.
 */
export async function resolveAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  return configured || appSecret(db, "auth");
}

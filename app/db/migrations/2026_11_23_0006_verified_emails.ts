import { sql, type Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // From now on a new account confirms its e-mail address before it can sign in (docs/decisions/013). Accounts made
  // before that rule have been in use: they count as confirmed. (TRUE is a keyword on SQLite 3.23+ and PostgreSQL.)
  await sql`update "user" set "emailVerified" = true`.execute(db);
}

export async function down(): Promise<void> {}

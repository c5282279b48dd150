/** The Staff page's queries: staff accounts, their roles and status, and invitations (issue 63). */
import { sql } from "kysely";
import { isPostgres, type Db } from "~/db/database.server";
import type { StaffInvitationsTable } from "~/db/schema";

export function listStaffRows(db: Db) {
  return db
    .selectFrom("user")
    .select(["id", "name", "email", "firstName", "lastName", "staffRoles", "twoFactorEnabled", "disabledAt"])
    .where("role", "=", "staff")
    .orderBy("email")
    .execute();
}

export function findStaffRow(db: Db, id: string) {
  return db
    .selectFrom("user")
    .select(["id", "email", "staffRoles", "disabledAt"])
    .where("id", "=", id)
    .where("role", "=", "staff")
    .executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom("user")
    .select(["id", "email", "role", "deletedAt"])
    .where("email", "=", email)
    .executeTakeFirst();
}

/**
 * Every enabled staff account's roles, read to keep an owner: on PostgreSQL the rows are locked (FOR UPDATE) so two
 * owners disabling each other at once cannot both pass; SQLite has one writer anyway.
 */
export async function enabledStaffRoles(trx: Db) {
  const query = trx
    .selectFrom("user")
    .select(["id", "staffRoles"])
    .where("role", "=", "staff")
    .where("disabledAt", "is", null);
  return (isPostgres(trx) ? query.forUpdate() : query).execute();
}

export const setStaffRoles = (trx: Db, id: string, staffRoles: string) =>
  trx.updateTable("user").set({ staffRoles }).where("id", "=", id).where("role", "=", "staff").execute();

export const setDisabledAt = (trx: Db, id: string, disabledAt: string | null) =>
  trx.updateTable("user").set({ disabledAt }).where("id", "=", id).where("role", "=", "staff").execute();

/** Ends every session of the account; how many. */
export async function deleteSessionsOf(trx: Db, userId: string): Promise<number> {
  const ended = await trx.deleteFrom("session").where("userId", "=", userId).executeTakeFirst();
  return Number(ended.numDeletedRows);
}

export function listPendingInvitationRows(db: Db, now: string) {
  return db
    .selectFrom("staff_invitations")
    .select(["id", "email", "roles", "expires_at", "invited_by_name"])
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .orderBy("created_at", "desc")
    .execute();
}

/** An invitation as it is made: the table's row before anybody accepted or revoked it. */
export type NewInvitation = Omit<StaffInvitationsTable, "accepted_at" | "accepted_user_id" | "revoked_at">;

export const insertInvitation = (trx: Db, row: NewInvitation) =>
  trx
    .insertInto("staff_invitations")
    .values({ ...row, accepted_at: null, accepted_user_id: null, revoked_at: null })
    .execute();

/** Revokes the address's invitations still open; their ids. */
export async function revokeOpenInvitationsTo(trx: Db, email: string, at: string): Promise<string[]> {
  const rows = await trx
    .updateTable("staff_invitations")
    .set({ revoked_at: at })
    .where("email", "=", email)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}

/** Revokes one open invitation; whether it was open. */
export async function revokeInvitationRow(trx: Db, id: string, at: string): Promise<boolean> {
  const done = await trx
    .updateTable("staff_invitations")
    .set({ revoked_at: at })
    .where("id", "=", id)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export function findInvitationByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom("staff_invitations")
    .select(["id", "email", "roles", "expires_at", "accepted_at", "revoked_at"])
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/**
 * Marks the invitation used, only if it is still open and within its days: one statement, so of two requests at once
 * exactly one changes the row. Whether this one did.
 */
export async function claimInvitation(trx: Db, id: string, at: string): Promise<boolean> {
  const done = await trx
    .updateTable("staff_invitations")
    .set({ accepted_at: at })
    .where("id", "=", id)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", at)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export const setInvitationUser = (trx: Db, id: string, userId: string | null, acceptedAt: string | null = null) =>
  trx
    .updateTable("staff_invitations")
    .set(userId ? { accepted_user_id: userId } : { accepted_user_id: null, accepted_at: acceptedAt })
    .where("id", "=", id)
    .execute();

/** Makes the account staff with these roles (an accepted invitation): its address counts as confirmed. */
export const makeStaffById = (trx: Db, id: string, staffRoles: string) =>
  trx
    .updateTable("user")
    .set({ role: "staff", emailVerified: sql<boolean>`true`, staffRoles, disabledAt: null })
    .where("id", "=", id)
    .execute();

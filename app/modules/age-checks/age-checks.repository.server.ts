import type { Db } from "~/db/database.server";
import { orderAddressColumns, orderPostalAddress, type PostalAddress } from "~/lib/uk-address";
import type { AgeDocumentFormat, AgeDocumentType, RecordedAgeStatus } from "~/db/values";
import type { AgeMethod, AgeStatus } from "./age-checks";

// Every query of age verification. Rows in, rows out.

export function findVerification(db: Db, userId: string) {
  return db.selectFrom("age_verifications").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

/** Opens a check for an account that has none (a second call changes nothing); true when this call opened it. */
export async function openCheck(db: Db, userId: string, stamp: string): Promise<boolean> {
  const result = await db
    .insertInto("age_verifications")
    .values({ user_id: userId, status: "pending", requested_at: stamp, updated_at: stamp })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export type Decision = {
  status: "verified" | "failed";
  method: AgeMethod;
  reference: string | null;
  note: string | null;
  byId: string | null;
  byName: string | null;
  at: string;
  /** The kind of photo ID the decision was made on, if one was sent (the document itself is not kept). */
  documentType?: AgeDocumentType | null;
};

/** Records a decision only from one of the states given (two staff at once: one wins); true when it was recorded. */
export async function decide(db: Db, userId: string, from: AgeStatus[], decision: Decision): Promise<boolean> {
  const stored = from.filter((s) => s !== "unverified");
  const values = {
    status: decision.status,
    method: decision.method,
    reference: decision.reference,
    note: decision.note,
    decided_at: decision.at,
    decided_by_id: decision.byId,
    decided_by_name: decision.byName,
    updated_at: decision.at,
    ...(decision.documentType ? { document_type: decision.documentType } : {}),
  };
  if (from.includes("unverified")) {
    const inserted = await db
      .insertInto("age_verifications")
      .values({ user_id: userId, requested_at: decision.at, ...values })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  }
  if (stored.length === 0) return false;
  const updated = await db
    .updateTable("age_verifications")
    .set(values)
    .where("user_id", "=", userId)
    .where("status", "in", stored)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

export type NewPhotoAsked = { reason: string; byName: string; at: string };

/**
 * Staff ask for a new photo instead of deciding: the check is pending again (a failed one reopened, any decision on it
 * cleared) with when, why and who asked; an account with no check gets one. Only from the states given; true when
 * recorded.
 */
export async function askForNewPhoto(db: Db, userId: string, from: AgeStatus[], asked: NewPhotoAsked) {
  const values = {
    status: "pending" as const,
    method: null,
    reference: null,
    note: null,
    decided_at: null,
    decided_by_id: null,
    decided_by_name: null,
    new_photo_asked_at: asked.at,
    new_photo_reason: asked.reason,
    new_photo_asked_by_name: asked.byName,
    updated_at: asked.at,
  };
  if (from.includes("unverified")) {
    const inserted = await db
      .insertInto("age_verifications")
      .values({ user_id: userId, requested_at: asked.at, document_requested_at: asked.at, ...values })
      .onConflict((oc) => oc.column("user_id").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  }
  const stored = from.filter((s) => s !== "unverified");
  if (stored.length === 0) return false;
  const updated = await db
    .updateTable("age_verifications")
    .set((eb) => ({ ...values, document_requested_at: eb.fn.coalesce("document_requested_at", eb.val(asked.at)) }))
    .where("user_id", "=", userId)
    .where("status", "in", stored)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** The 'Age checks' list: every account with a check, pending first, then the newest. */
export function findChecks(db: Db, limit: number, offset: number) {
  return db
    .selectFrom("age_verifications as v")
    .innerJoin("user as u", "u.id", "v.user_id")
    .leftJoin("age_documents as d", "d.user_id", "v.user_id")
    .select([
      "d.document_type as waiting_document_type",
      "d.uploaded_at as document_uploaded_at",
      "d.content_type as waiting_document_content_type",
      "v.document_type",
      "v.user_id",
      "v.status",
      "v.method",
      "v.reference",
      "v.note",
      "v.decided_at",
      "v.decided_by_name",
      "v.requested_at",
      "v.new_photo_asked_at",
      "v.new_photo_reason",
      "v.new_photo_asked_by_name",
      "u.name",
      "u.firstName",
      "u.lastName",
      "u.email",
      "u.dateOfBirth",
    ])
    .orderBy((eb) => eb.case().when("v.status", "=", "pending").then(0).else(1).end())
    .orderBy("v.requested_at", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countChecks(db: Db, status?: RecordedAgeStatus): Promise<number> {
  let query = db.selectFrom("age_verifications").select((eb) => eb.fn.countAll<number | string>().as("n"));
  if (status) query = query.where("status", "=", status);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/** The address of the account's latest order: where it would be delivered. */
export function findLatestDeliveryAddress(db: Db, userId: string) {
  return db
    .selectFrom("orders")
    .select(["address_title", ...orderAddressColumns, "address_phone"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** The latest delivery address of each of these accounts, in one query (a page of the 'Age checks' list). */
export async function findLatestDeliveryAddresses(db: Db, userIds: string[]) {
  const latest = new Map<string, PostalAddress>();
  if (userIds.length === 0) return latest;
  const rows = await db
    .selectFrom("orders")
    .select(["user_id", ...orderAddressColumns])
    .where("user_id", "in", userIds)
    .orderBy("created_at", "desc")
    .execute();
  for (const row of rows) if (!latest.has(row.user_id)) latest.set(row.user_id, orderPostalAddress(row));
  return latest;
}

export function findUserForCheck(db: Db, userId: string) {
  return db
    .selectFrom("user")
    .select(["id", "name", "firstName", "lastName", "email", "dateOfBirth", "role"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

/** Orders not yet on their way: what a failed check cancels. */
export function findOpenOrderIds(db: Db, userId: string) {
  return db
    .selectFrom("orders")
    .select(["id", "status"])
    .where("user_id", "=", userId)
    .where("status", "in", ["pending", "confirmed"])
    .execute();
}

// The customer's photo ID waiting for staff (docs/decisions/044): one row per account at most.

export function findDocument(db: Db, userId: string) {
  return db.selectFrom("age_documents").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

export type NewDocument = {
  user_id: string;
  document_type: AgeDocumentType;
  file_name: string;
  content_type: AgeDocumentFormat;
  size_bytes: number;
  uploaded_at: string;
};

/** Keeps the account's document: a new one replaces the one waiting (whose file the caller deletes). */
export async function putDocument(db: Db, row: NewDocument): Promise<void> {
  const { user_id: _userId, ...rest } = row;
  await db
    .insertInto("age_documents")
    .values(row)
    .onConflict((oc) => oc.column("user_id").doUpdateSet(rest))
    .execute();
}

/** Deletes the account's document row (only the one with this file, when given); the row deleted, if any. */
export async function deleteDocument(db: Db, userId: string, fileName?: string) {
  const found = await findDocument(db, userId);
  if (!found || (fileName && found.file_name !== fileName)) return null;
  const deleted = await db
    .deleteFrom("age_documents")
    .where("user_id", "=", userId)
    .where("file_name", "=", found.file_name)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0 ? found : null;
}

/** Documents sent at or before `stamp` and still waiting. */
export function findDocumentsSentBefore(db: Db, stamp: string) {
  return db
    .selectFrom("age_documents")
    .select(["user_id", "file_name"])
    .where("uploaded_at", "<=", stamp)
    .limit(500)
    .execute();
}

export async function documentFileInUse(db: Db, fileName: string): Promise<boolean> {
  return Boolean(
    await db.selectFrom("age_documents").select("user_id").where("file_name", "=", fileName).executeTakeFirst(),
  );
}

/** Marks that the customer was asked for a photo ID (once per check); true when this call marked it. */
export async function markDocumentRequested(db: Db, userId: string, stamp: string): Promise<boolean> {
  const result = await db
    .updateTable("age_verifications")
    .set({ document_requested_at: stamp, updated_at: stamp })
    .where("user_id", "=", userId)
    .where("status", "=", "pending")
    .where("document_requested_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

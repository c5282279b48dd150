/**
 * The customer's part of the age check (docs/decisions/044): a photo of a photo ID sent for staff to see, kept in a
 * private directory only until staff decide (or 30 days), then deleted with its row. Only the decision, who, when
 * and the kind of document are kept.
 */
import { orderPostalAddress, postalLines } from "~/lib/uk-address";
import type { Db } from "~/db/database.server";
import type { AgeDocumentFormat, AgeDocumentType } from "~/db/values";
import { check } from "~/lib/form-check";
import { fail, failFields, type Result } from "~/lib/result";
import type { SessionUser } from "~/modules/accounts/accounts";
import { fullName } from "~/modules/accounts/accounts";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { enqueueJob } from "~/modules/jobs/jobs.service.server";
import {
  AGE_DOCUMENT_KEEP_DAYS,
  ageDocumentInput,
  ageDocumentMessages,
  MAX_AGE_DOCUMENT_BYTES,
  type AgeStatus,
} from "./age-checks";
import { ageDocumentDeleteJob, ageDocumentExpireJob } from "./age-checks.jobs";
import * as repo from "./age-checks.repository.server";
import { deleteDocumentFile, readAgeDocument, readDocumentFile, saveDocumentFile } from "./age-document-files.server";

const DAY_MS = 24 * 60 * 60 * 1000;

const KEEP_MS = AGE_DOCUMENT_KEEP_DAYS * DAY_MS;

export type CustomerAgeCheck = {
  status: AgeStatus;
  /** The document waiting for staff, if one was sent. */
  document: { type: AgeDocumentType; sentAt: string } | null;
  /** Whether the customer may send (or replace) a document now: a check is open and not decided. */
  mayUpload: boolean;
  note: string | null;
  /** Staff asked for a new photo (the one sent could not be used) and none has come since: when and why. */
  newPhoto: { askedAt: string; reason: string } | null;
};

/** What the customer's own age check page shows. */
export async function customerAgeCheck(db: Db, userId: string): Promise<CustomerAgeCheck> {
  const [verification, document] = await Promise.all([
    repo.findVerification(db, userId),
    repo.findDocument(db, userId),
  ]);
  const status: AgeStatus = verification?.status ?? "unverified";
  return {
    status,
    document: document ? { type: document.document_type, sentAt: document.uploaded_at } : null,
    mayUpload: status === "pending",
    note: status === "failed" || status === "verified" ? (verification?.note ?? null) : null,
    newPhoto:
      status === "pending" && !document && verification?.new_photo_asked_at && verification.new_photo_reason
        ? { askedAt: verification.new_photo_asked_at, reason: verification.new_photo_reason }
        : null,
  };
}

export type UploadResult = Result<{ replaced: boolean }>;

/**
 * The customer sends a photo of their photo ID for their own open check (the account is the session's: there is no
 * way to name another). Refused, with nothing changed, when the file is not a JPEG or PNG that decodes whole or a PDF
 * whose structure holds (with no script, action or file inside), is over 10 MB, or when there is no open check (none
 * yet, or already decided). A photo is kept re-encoded, upright and without its metadata (UK GDPR: data minimisation). A new document replaces the waiting
 * one, whose file is deleted by a job queued in the same transaction; each upload queues its own 30-day deletion.
 */
export async function uploadAgeDocument(
  db: Db,
  dir: string,
  actor: SessionUser | null,
  values: Record<string, string>,
  file: Uint8Array | null,
  now = new Date(),
): Promise<UploadResult> {
  if (!actor) return fail("sign-in", "Sign in to send your document.");
  if (actor.role !== "customer") return failFields({ file: ageDocumentMessages.customersOnly }, "not-allowed");
  const checked = check(ageDocumentInput, values);
  const state = await refusalFor(db, actor.id);
  if (state) return state;
  if (!checked.ok) return checked;
  if (!file || file.byteLength === 0) return failFields({ file: ageDocumentMessages.noFile });
  if (file.byteLength > MAX_AGE_DOCUMENT_BYTES) return failFields({ file: ageDocumentMessages.tooBig }, "too-big");
  // Kept is what the shop read: a photo decoded whole and re-encoded without its metadata, a PDF checked.
  const read = await readAgeDocument(file);
  if (!read.ok) return read;
  const { format, bytes } = read;
  const fileName = await saveDocumentFile(dir, bytes, format);
  const stamp = now.toISOString();
  const outcome = await db
    .transaction()
    .execute(async (trx): Promise<UploadResult> => {
      // Read again inside the transaction: staff may have decided meanwhile.
      const refused = await refusalFor(trx, actor.id);
      if (refused) return refused;
      const previous = await repo.findDocument(trx, actor.id);
      await repo.putDocument(trx, {
        user_id: actor.id,
        document_type: checked.data.documentType,
        file_name: fileName,
        content_type: format,
        size_bytes: bytes.byteLength,
        uploaded_at: stamp,
      });
      if (previous) await enqueueJob(trx, ageDocumentDeleteJob, { fileName: previous.file_name }, now);
      // Deleted after 30 days if nobody decided: a job due then, written with the document.
      await enqueueJob(trx, ageDocumentExpireJob, { userId: actor.id, fileName }, new Date(now.getTime() + KEEP_MS));
      return { ok: true, replaced: Boolean(previous) };
    })
    .catch(async (error: unknown) => {
      await deleteDocumentFile(dir, fileName);
      throw error;
    });
  // Refused after all (decided meanwhile): the new file goes at once; nothing refers to it.
  if (!outcome.ok) await deleteDocumentFile(dir, fileName);
  return outcome;
}

/** Why the account may not send a document now, as a message under the file field; null when it may. */
async function refusalFor(db: Db, userId: string) {
  const status = (await repo.findVerification(db, userId))?.status;
  if (!status) return failFields({ file: ageDocumentMessages.noCheck }, "changed");
  if (status !== "pending") return failFields({ file: ageDocumentMessages.decided }, "changed");
  return null;
}

export type StaffAgeCheck = {
  userId: string;
  name: string;
  email: string;
  dateOfBirth: string | null;
  status: AgeStatus;
  note: string | null;
  decidedAt: string | null;
  decidedBy: string | null;
  documentType: AgeDocumentType | null;
  requestedAt: string | null;
  deliveryAddress: string | null;
  document: { type: AgeDocumentType; contentType: AgeDocumentFormat; sentAt: string; sizeBytes: number } | null;
  /** The last time staff asked for a new photo, why and who asked. */
  newPhoto: { askedAt: string; reason: string; askedBy: string | null } | null;
};

/**
 * The back office's page of one customer's check: who they say they are beside the document they sent. Staff whose
 * roles give "age-checks" only.
 */
export async function staffAgeCheck(db: Db, actor: SessionUser | null, userId: string): Promise<StaffAgeCheck | null> {
  assertAllowed(actor, "age-checks");
  const user = await repo.findUserForCheck(db, userId);
  if (!user || user.role !== "customer") return null;
  const [verification, document, address] = await Promise.all([
    repo.findVerification(db, userId),
    repo.findDocument(db, userId),
    repo.findLatestDeliveryAddress(db, userId),
  ]);
  return {
    userId,
    name: fullName(user),
    email: user.email,
    dateOfBirth: user.dateOfBirth,
    status: verification?.status ?? "unverified",
    note: verification?.note ?? null,
    decidedAt: verification?.decided_at ?? null,
    decidedBy: verification?.decided_by_name ?? null,
    documentType: verification?.document_type ?? null,
    requestedAt: verification?.requested_at ?? null,
    newPhoto:
      verification?.new_photo_asked_at && verification.new_photo_reason
        ? {
            askedAt: verification.new_photo_asked_at,
            reason: verification.new_photo_reason,
            askedBy: verification.new_photo_asked_by_name,
          }
        : null,
    deliveryAddress: address ? postalLines(orderPostalAddress(address)).join(", ") : null,
    document: document
      ? {
          type: document.document_type,
          contentType: document.content_type,
          sentAt: document.uploaded_at,
          sizeBytes: document.size_bytes,
        }
      : null,
  };
}

/**
 * The waiting document's bytes, for staff whose roles give "id-documents" only; null when there is none (decided,
 * deleted, never sent). Each opening is an audit entry of its own ("id-document.open", the customer's id: never the
 * document, its name or its kind).
 */
export async function staffAgeDocument(
  db: Db,
  dir: string,
  actor: SessionUser | null,
  userId: string,
): Promise<{ bytes: Buffer; contentType: AgeDocumentFormat; fileName: string } | null> {
  assertAllowed(actor, "id-documents");
  const document = await repo.findDocument(db, userId);
  if (!document) return null;
  const bytes = await readDocumentFile(dir, document.file_name);
  if (!bytes) return null;
  await recordAudit(db, auditActorOf(actor), { action: "id-document.open", entity: "customer", entityId: userId });
  return { bytes, contentType: document.content_type, fileName: document.file_name };
}

/** Whether the customer's document is waiting for staff (the order page says so). */
export async function ageDocumentWaiting(db: Db, userId: string): Promise<boolean> {
  return Boolean(await repo.findDocument(db, userId));
}

/** The delete job: the file goes once no row refers to it (a retried job, or a file already gone: nothing to do). */
export async function deleteAgeDocumentFile(db: Db, dir: string, fileName: string): Promise<boolean> {
  if (await repo.documentFileInUse(db, fileName)) return false;
  await deleteDocumentFile(dir, fileName);
  return true;
}

/**
 * The 30-day job: every document sent more than 30 days before `now` and still waiting is deleted (row, then file),
 * and the file the job was queued for goes too if nothing refers to it any more (e.g. the account was deleted).
 * The check itself stays open: the customer may send a new document. How many documents were deleted.
 */
export async function expireAgeDocuments(
  db: Db,
  dir: string,
  queuedFor: { userId: string; fileName: string } | null,
  now = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - KEEP_MS).toISOString();
  let deleted = 0;
  for (const old of await repo.findDocumentsSentBefore(db, before)) {
    if (!(await repo.deleteDocument(db, old.user_id, old.file_name))) continue;
    await deleteDocumentFile(dir, old.file_name);
    deleted++;
  }
  if (queuedFor) await deleteAgeDocumentFile(db, dir, queuedFor.fileName);
  return deleted;
}

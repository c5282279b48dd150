/** The jobs of the age check (docs/decisions/015, 044): the checker's run, and deleting customers' photo IDs. */
import { z } from "zod";
import { jobType } from "~/modules/jobs/jobs";

export const ageCheckJob = jobType("age-check", z.object({ userId: z.string().min(1).max(64) }), () => ({
  recipient: null,
  subject: "Age check",
}));

/** A stored document's name: made by the shop (random id and extension), never a path. */
export const ageDocumentFileName = z.string().regex(/^[a-z0-9]{16,64}\.(jpg|png|pdf)$/, "not a document's name");

/** Deletes a document's file once nothing refers to it (after a decision, or replaced by a newer upload). */
export const ageDocumentDeleteJob = jobType("age-document-delete", z.object({ fileName: ageDocumentFileName }), () => ({
  recipient: null,
  subject: "Delete an age document",
}));

/**
 * Queued with each upload to run 30 days later: deletes that document if it is still waiting (no decision), and any
 * other document older than 30 days (one sweep, so nothing is left behind by a lost job).
 */
export const ageDocumentExpireJob = jobType(
  "age-document-expire",
  z.object({ userId: z.string().min(1).max(64), fileName: ageDocumentFileName }),
  () => ({ recipient: null, subject: "Delete an age document after 30 days" }),
);

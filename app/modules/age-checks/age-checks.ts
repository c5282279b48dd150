/** Age verification of customer accounts (UK: nothing dispatched until it passes): states, words and checks. */
import { z } from "zod";

import { ageDocumentTypes, type AgeDocumentType, type AgeStatus } from "~/db/values";
// The sets of values are defined once with the schema (docs/decisions/025).
export { ageMethods, ageStatuses, type AgeMethod, type AgeStatus } from "~/db/values";
export { ageDocumentTypes, type AgeDocumentFormat, type AgeDocumentType } from "~/db/values";

export const ageStatusLabels: Record<AgeStatus, string> = {
  unverified: "Not checked yet",
  pending: "Being checked",
  verified: "Verified",
  failed: "Failed",
};

/** What the customer reads on their account page. */
export const ageMessages = {
  explain: "We confirm your age before your first order is dispatched",
  pending: "We are confirming your age. Your order is kept until we have; it will not be dispatched before.",
  verified: "Your age is confirmed: your orders are dispatched without waiting.",
  failed:
    "We could not confirm that you are 18 or over, so we cannot take or send orders for this account. If you think this is a mistake, please contact us.",
  orderHeld: "Age check needed",
  dispatchRefused: "This customer's age is not verified yet. Verify it under Age checks before dispatching the order.",
  alreadyDecided: "This age check has already been decided.",
} as const;

/** The customer's own age check page: where they send a photo of their photo ID. */
export const AGE_CHECK_PAGE_PATH = "/account/age-check";
/** The largest photo ID a customer may send (the request limit for the page is this plus the form around it). */
export const MAX_AGE_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** A document no staff member decided on is deleted this many days after it was sent. */
export const AGE_DOCUMENT_KEEP_DAYS = 30;

export const ageDocumentTypeLabels: Record<AgeDocumentType, string> = {
  passport: "Passport",
  "driving-licence": "Driving licence (photocard)",
  "pass-card": "PASS proof-of-age card (with the hologram)",
};

/** What the customer reads about sending a photo ID, and why one is refused. */
export const ageDocumentMessages = {
  what: "We need to see that you are 18 or over before we send anything: UK law forbids selling nicotine products to under-18s, and a date of birth typed in is not enough.",
  how: "Send a clear photo or scan of one photo ID showing your name, date of birth and photo: a passport, a photocard driving licence, or a PASS proof-of-age card with its hologram. JPEG, PNG or PDF, up to 10 MB.",
  who: "Only the shop's staff see it, to check your age. It is deleted as soon as they have checked it, or after 30 days if they have not; we keep only the result, who checked and when, and which kind of document it was.",
  received: "Thank you: we have your document. Staff will check it soon and e-mail you the result.",
  waiting: "We have your document and staff will check it soon. You may send a new one: it replaces the one waiting.",
  noFile: "Choose a photo or scan of your document.",
  notDocument: "This file is not a photo (JPEG or PNG) or a PDF. Choose a photo or scan of your document.",
  unreadablePhoto:
    "This photo could not be read whole: it is damaged, cut short or not really a photo. Take the photo again (or save it again as a JPEG or PNG) and send that.",
  hugePhoto: "This photo has too many pixels to open (over 50 megapixels). Send a smaller photo or scan.",
  badPdf:
    "This PDF could not be read: it is damaged, cut short, has no page or is not really a PDF. Scan the document again, or send a photo (JPEG or PNG) instead.",
  lockedPdf: "This PDF is protected by a password, so staff could not open it. Send it without one, or send a photo.",
  activePdf:
    "This PDF contains scripts, actions or attached files, which we do not open. Send a plain scan or a photo (JPEG or PNG) instead.",
  longPdf: "This PDF has more than 10 pages. Send only the page or two of your photo ID.",
  tooBig: "This file is larger than 10 MB. Choose a smaller photo or scan (a phone photo is usually 2–5 MB).",
  noCheck: "There is no age check waiting for a document on your account: we ask for one after your first order.",
  decided: "Your age check has already been decided, so there is nothing more to send.",
  newPhoto: "We could not use the photo you sent, so it has been deleted. Please send a new one.",
  customersOnly: "Only customer accounts send a photo ID.",
  tooBigRequest:
    "The file is too big: the most a document may be is 10 MB. Go back and choose a smaller photo or scan.",
} as const;

export const ageDocumentInput = z.object({
  documentType: z.enum(ageDocumentTypes, "Choose which document you are sending"),
});

/**
 * What staff do with a check: verify, fail, or ask the customer for a new photo (one they cannot use: blurry, cut
 * off); always with a note saying what they saw, e-mailed to the customer (no document is kept).
 */
export const ageDecisions = ["verify", "fail", "new-photo"] as const;
export type AgeDecision = (typeof ageDecisions)[number];
export const ageDecisionLabels: Record<AgeDecision, string> = {
  verify: "Verify",
  fail: "Fail",
  "new-photo": "Ask for a new photo",
};

export const ageDecisionInput = z.object({
  decision: z.enum(ageDecisions, "Choose Verify, Fail or Ask for a new photo"),
  note: z.string().trim().min(3, "Write a short note: what you checked").max(500, "Keep the note to 500 characters"),
});
export type AgeDecisionInput = z.infer<typeof ageDecisionInput>;

/** What became of a check staff acted on: verified, failed, or a new photo asked for (the check stays pending). */
export type AgeOutcome = "verified" | "failed" | "new-photo";
export const ageOutcomes: readonly AgeOutcome[] = ["verified", "failed", "new-photo"];

/** What staff read once they have acted on a customer's check, as a person would say it. */
export function ageDecisionNotice(name: string, outcome: AgeOutcome, cancelledOrders: readonly string[] = []): string {
  const cancelled = cancelledOrders.length ? ` Open orders cancelled: ${cancelledOrders.join(", ")}.` : "";
  if (outcome === "new-photo")
    return `${name} was asked for a new photo, with your note, by e-mail. The photo they sent has been deleted; their orders wait for the new one.`;
  const result = outcome === "verified" ? `${name}'s age is verified.` : `${name}'s age check failed.`;
  return `${result} Any photo ID they sent has been deleted.${cancelled}`;
}

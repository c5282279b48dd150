import { bumpStorefrontVersion } from "~/db/content-version.server";
import type { Db } from "~/db/database.server";
import { check } from "~/lib/form-check";
import { newId } from "~/lib/ids.server";
import { fail, type Result } from "~/lib/result";
import { inTransaction } from "~/db/transaction.server";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { healthClaimWords } from "~/modules/compliance/claims";
import type { ReviewForStaff } from "./reviews-admin";
import * as repo from "./reviews-admin.repository.server";
import { reviewSchema } from "./reviews-admin.schema";

// The back office's reviews (docs/decisions/037): staff add a customer's review and publish or hide each one; a
// review whose words make a health, quitting or cessation claim (CAP Code 22.5) is flagged beside it.

export { claimFlag, reviewNotices, type ReviewForStaff } from "./reviews-admin";

/** A review shown with a default picture when staff add it (the demo's have their own). */
export const DEFAULT_REVIEW_IMAGE = "/images/reviews/review-1.svg";

/** Every review, published or not, in the carousel's order, each with the claim words it uses. Staff only. */
export async function listReviewsForStaff(db: Db, actor: SessionUser | null): Promise<ReviewForStaff[]> {
  assertAllowed(actor, "content.edit");
  return (await repo.findAllReviews(db)).map((r) => ({
    id: r.id,
    quote: r.quote,
    name: r.name,
    company: r.company,
    published: Number(r.published) === 1,
    claimWords: healthClaimWords(r.quote),
  }));
}

/** Adds a review from the form's values, at the end of the list; nothing is saved when a field is wrong. */
export async function addReview(db: Db, actor: SessionUser | null, values: unknown): Promise<Result<{ id: string }>> {
  assertAllowed(actor, "content.edit");
  const checked = check(reviewSchema, values);
  if (!checked.ok) return checked;
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await repo.insertReview(trx, {
      id,
      quote: checked.data.quote,
      name: checked.data.name,
      company: checked.data.company,
      image: DEFAULT_REVIEW_IMAGE,
      position: await repo.nextReviewPosition(trx),
      published: checked.data.published ? 1 : 0,
    });
    if (checked.data.published) await bumpStorefrontVersion(trx);
    // The reviewer's name and words are not copied into the log: the review's id points at them.
    await recordAudit(trx, auditActorOf(actor), {
      action: "review.create",
      entity: "review",
      entityId: id,
      details: { published: checked.data.published },
    });
  });
  return { ok: true, id };
}

/** Publishes or hides a review (the home page follows at once); "not-found" for an unknown id. */
export async function setReviewPublished(
  db: Db,
  actor: SessionUser | null,
  id: string,
  published: boolean,
): Promise<Result> {
  assertAllowed(actor, "content.edit");
  return inTransaction(db, async (trx): Promise<Result> => {
    if (!(await repo.updateReviewPublished(trx, id, published))) return fail("not-found", "There is no such review.");
    await bumpStorefrontVersion(trx);
    await recordAudit(trx, auditActorOf(actor), {
      action: published ? "review.approve" : "review.hide",
      entity: "review",
      entityId: id,
    });
    return { ok: true };
  });
}

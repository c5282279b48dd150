import { paymentSettleJob } from "~/modules/payments/card-payments.jobs";
import { authorisedAttemptsOfCustomer } from "~/modules/payments/card-money.service.server";
import type { Db } from "~/db/database.server";
import { oneLine, orderPostalAddress } from "~/lib/uk-address";
import type { RecordedAgeStatus } from "~/db/values";
import type { SessionUser } from "~/modules/accounts/accounts";
import { fullName } from "~/modules/accounts/accounts";
import { check } from "~/lib/form-check";
import { fail, type Result } from "~/lib/result";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { transitionOrder } from "~/modules/orders/order-lifecycle.service.server";
import * as repo from "./age-checks.repository.server";
import { ageDecisionInput, ageMessages, type AgeMethod, type AgeOutcome, type AgeStatus } from "./age-checks";
import type { AgeChecker } from "./checkers.server";
import { enqueueJob } from "~/modules/jobs/jobs.service.server";
import { noticeJob } from "~/modules/mail/notice.jobs";
import { ageDecisionMail, ageDocumentNeededMail, ageNewPhotoMail, type ShopLink } from "./age-check-mails.server";
import { ageDocumentDeleteJob } from "./age-checks.jobs";

/** The last time staff asked the customer for a new photo instead of deciding, and why (e-mailed to them). */
export type NewPhotoAsked = { askedAt: string; reason: string; askedBy: string | null };

export type AgeVerification = {
  status: AgeStatus;
  method: AgeMethod | null;
  reference: string | null;
  note: string | null;
  decidedAt: string | null;
  decidedBy: string | null;
  requestedAt: string | null;
  newPhoto: NewPhotoAsked | null;
};

const UNVERIFIED: AgeVerification = {
  status: "unverified",
  method: null,
  reference: null,
  note: null,
  decidedAt: null,
  decidedBy: null,
  requestedAt: null,
  newPhoto: null,
};

type VerificationRow = {
  status: RecordedAgeStatus;
  method: AgeMethod | null;
  reference: string | null;
  note: string | null;
  decided_at: string | null;
  decided_by_name: string | null;
  requested_at: string;
  new_photo_asked_at: string | null;
  new_photo_reason: string | null;
  new_photo_asked_by_name: string | null;
};

/** A check as the shop speaks of it, from its row (also the Age checks list's rows: ./age-check-list.service.server.ts). */
export const toVerification = (row: VerificationRow): AgeVerification => ({
  status: row.status,
  method: row.method,
  reference: row.reference,
  note: row.note,
  decidedAt: row.decided_at,
  decidedBy: row.decided_by_name,
  requestedAt: row.requested_at,
  newPhoto:
    row.new_photo_asked_at && row.new_photo_reason
      ? { askedAt: row.new_photo_asked_at, reason: row.new_photo_reason, askedBy: row.new_photo_asked_by_name }
      : null,
});

/** An account's age verification (no row: not checked yet). */
export async function ageVerificationOf(db: Db, userId: string): Promise<AgeVerification> {
  const row = await repo.findVerification(db, userId);
  return row ? toVerification(row) : UNVERIFIED;
}

/**
 * Inside an order's transaction: a failed check refuses the order (the message says why); an account not checked
 * yet gets a check opened (`opened`: the caller queues the checker's job); `verified` says whether it passed already.
 * Orders are placed either way otherwise:
 * the check holds back dispatch, not the order (the order flow of docs/product/specification.md §4 is unchanged).
 */
export async function holdForAgeCheck(
  trx: Db,
  userId: string,
  stamp: string,
): Promise<{ refused: string | null; opened: boolean; verified: boolean }> {
  const status = (await repo.findVerification(trx, userId))?.status ?? null;
  if (status === "failed") return { refused: ageMessages.failed, opened: false, verified: false };
  if (status) return { refused: null, opened: false, verified: status === "verified" };
  return { refused: null, opened: await repo.openCheck(trx, userId, stamp), verified: false };
}

/** Whether an order may be dispatched: only once its customer's age is verified. */
export async function dispatchAllowed(db: Db, userId: string): Promise<boolean> {
  return (await repo.findVerification(db, userId))?.status === "verified";
}

export type CheckerOutcome = "verified" | "failed" | "referred" | "skipped";

/**
 * Inside the caller's transaction (a decision, an account's erasure): the customer's waiting document is deleted,
 * its file by a job queued here, run after the commit. A decision keeps the kind of document, never the image.
 */
export async function dropAgeDocument(trx: Db, userId: string, now: Date): Promise<void> {
  const document = await repo.deleteDocument(trx, userId);
  if (document) await enqueueJob(trx, ageDocumentDeleteJob, { fileName: document.file_name }, now);
}

/**
 * The checker's job: asks the configured checker with the account's name, date of birth and delivery address (never
 * kept) and records only the result. `refer` leaves the check pending for staff, and the customer is e-mailed (once)
 * to send a photo of their photo ID; a service that could not answer (`problem`, passed to `onProblem`) is a refer.
 */
export async function runAgeCheck(
  db: Db,
  checker: AgeChecker,
  shop: ShopLink,
  userId: string,
  now = new Date(),
  onProblem: (problem: string) => void = () => {},
): Promise<CheckerOutcome> {
  const [user, verification, address] = await Promise.all([
    repo.findUserForCheck(db, userId),
    repo.findVerification(db, userId),
    repo.findLatestDeliveryAddress(db, userId),
  ]);
  if (!user || verification?.status !== "pending") return "skipped";
  const name = fullName(user);
  const outcome = await checker.check({
    name,
    dateOfBirth: user.dateOfBirth ?? "",
    address: address ? oneLine(orderPostalAddress(address)) : "",
  });
  if (outcome.problem) onProblem(outcome.problem);
  const customer = { email: user.email, name: user.firstName || user.name };
  if (outcome.result === "refer") {
    await db.transaction().execute(async (trx) => {
      // A retried job asks once: the mark and the e-mail are written together.
      if (await repo.markDocumentRequested(trx, userId, now.toISOString()))
        await enqueueJob(trx, noticeJob, ageDocumentNeededMail(shop, customer), now);
    });
    return "referred";
  }
  const status = outcome.result === "pass" ? "verified" : "failed";
  const decided = await db.transaction().execute(async (trx) => {
    const stamp = now.toISOString();
    const documentType = (await repo.findDocument(trx, userId))?.document_type ?? null;
    const recorded = await repo.decide(trx, userId, ["pending"], {
      status,
      method: "service",
      reference: outcome.reference,
      note: null,
      byId: null,
      byName: `${checker.name} check`,
      at: stamp,
      documentType,
    });
    if (!recorded) return false;
    await dropAgeDocument(trx, userId, now);
    const cancelled =
      status === "failed" ? await cancelOpenOrders(trx, userId, { id: null, name: "Age check" }, now) : [];
    if (status === "verified") await settleHeldPayments(trx, userId, now);
    await enqueueJob(trx, noticeJob, ageDecisionMail(shop, customer, status, cancelled), now);
    return true;
  });
  return decided ? status : "skipped";
}

export type AgeDecisionResult = Result<{
  outcome: AgeOutcome;
  /** The check's status now: a new photo asked for leaves it pending. */
  status: "verified" | "failed" | "pending";
  cancelledOrders: string[];
  email: string;
  /** How the e-mail greets the customer (their first name). */
  name: string;
  /** Their full name, as staff read it. */
  fullName: string;
}>;

/**
 * Staff act on an account's age check by hand (an ID document seen, a call), with a note e-mailed to the customer;
 * who and when are kept, the document is not (deleted in the same transaction, its file by a job). Verify and Fail
 * decide it: a failure cancels the account's open orders (their stock goes back). Ask for a new photo (the one sent
 * cannot be used) leaves it pending, or reopens a failed one: the orders wait, and the customer may send another.
 * Staff whose roles give "age-checks" only. Each decision is an audit entry written in its own transaction
 * ("age-check.decide": the outcome and how many orders it cancelled; never the date of birth, the document or the note).
 */
export async function decideAgeCheck(
  db: Db,
  actor: SessionUser | null,
  shop: ShopLink,
  userId: string,
  values: Record<string, string>,
  now = new Date(),
): Promise<AgeDecisionResult> {
  assertAllowed(actor, "age-checks");
  const checked = check(ageDecisionInput, values);
  if (!checked.ok) return checked;
  const user = await repo.findUserForCheck(db, userId);
  if (!user || user.role !== "customer") return fail("not-found", "There is no such customer.");
  const { decision, note } = checked.data;
  const by = { id: actor.id, name: actor.name || actor.email };
  const customer = { email: user.email, name: user.firstName || user.name };
  const done = { email: user.email, name: customer.name, fullName: fullName(user) };
  const stamp = now.toISOString();
  // A failed account may be verified later (e.g. an ID seen) or asked for a new photo; a verified one is final.
  const from: AgeStatus[] = decision === "fail" ? ["unverified", "pending"] : ["unverified", "pending", "failed"];
  const audit = (trx: Db, outcome: AgeOutcome, cancelledOrders: number) =>
    recordAudit(
      trx,
      auditActorOf(actor),
      { action: "age-check.decide", entity: "customer", entityId: userId, details: { outcome, cancelledOrders } },
      now,
    );
  return db.transaction().execute(async (trx): Promise<AgeDecisionResult> => {
    if (decision === "new-photo") {
      if (!(await repo.askForNewPhoto(trx, userId, from, { reason: note, byName: by.name, at: stamp })))
        return fail("changed", ageMessages.alreadyDecided);
      // The photo that could not be used goes now; the customer is told why and sends another.
      await dropAgeDocument(trx, userId, now);
      await enqueueJob(trx, noticeJob, ageNewPhotoMail(shop, customer, note), now);
      await audit(trx, "new-photo", 0);
      return { ok: true, outcome: "new-photo", status: "pending", cancelledOrders: [], ...done };
    }
    const status = decision === "verify" ? "verified" : "failed";
    const documentType = (await repo.findDocument(trx, userId))?.document_type ?? null;
    const decided = await repo.decide(trx, userId, from, {
      status,
      method: "manual",
      reference: note,
      note,
      byId: by.id,
      byName: by.name,
      at: stamp,
      documentType,
    });
    if (!decided) return fail("changed", ageMessages.alreadyDecided);
    // The photo ID is not kept once decided: its row now, its file by a job after the commit.
    await dropAgeDocument(trx, userId, now);
    const cancelledOrders = status === "failed" ? await cancelOpenOrders(trx, userId, by, now) : [];
    if (status === "verified") await settleHeldPayments(trx, userId, now);
    // The customer hears of it: queued in the decision's own transaction.
    await enqueueJob(trx, noticeJob, ageDecisionMail(shop, customer, status, cancelledOrders, note), now);
    await audit(trx, status, cancelledOrders.length);
    return { ok: true, outcome: status, status, cancelledOrders, ...done };
  });
}

/** A passed check: card payments authorised while it waited are taken now (docs/decisions/078), by a job each. */
async function settleHeldPayments(trx: Db, userId: string, now: Date): Promise<void> {
  for (const attempt of await authorisedAttemptsOfCustomer(trx, userId))
    await enqueueJob(trx, paymentSettleJob, { attemptId: attempt.id }, now);
}

/**
 * A failed check: every order not yet on its way is cancelled (recorded, stock back) by the orders' lifecycle; the
 * decision's own e-mail names them. An order that moved meanwhile is left as it is.
 */
async function cancelOpenOrders(
  trx: Db,
  userId: string,
  by: { id: string | null; name: string },
  now: Date,
): Promise<string[]> {
  const cancelled: string[] = [];
  for (const order of await repo.findOpenOrderIds(trx, userId)) {
    const done = await transitionOrder(trx, {
      orderId: order.id,
      transition: "cancel-age-failed",
      actor: { kind: by.id ? "staff" : "shop", ...by },
      expected: order.status,
      now,
    });
    if (done.ok) cancelled.push(order.id);
  }
  return cancelled;
}

export const countPendingAgeChecks = (db: Db) => repo.countChecks(db, "pending");

/**
 * The card payments' jobs (docs/decisions/078): asking the provider about an attempt nobody reported on, settling an
 * authorised payment once the customer's age is verified, sending a refund (retried with its own idempotency key),
 * and taking back the money of an order that was cancelled. Declared here; run as app/jobs.server.ts registers them.
 */
import { z } from "zod";
import { jobType } from "~/modules/jobs/jobs";

const id = z.string().min(1).max(64);

/** Asks the provider where an attempt stands; `round` counts the asks (the next waits longer). */
export const paymentCheckJob = jobType(
  "payment-check",
  z.object({ attemptId: id, round: z.number().int().min(0).default(0) }),
  () => ({ recipient: null, subject: "Card payment check" }),
);

/** Takes an authorised payment whose customer's age is verified (or releases it when the order is cancelled). */
export const paymentSettleJob = jobType("payment-settle", z.object({ attemptId: id }), () => ({
  recipient: null,
  subject: "Card payment settlement",
}));

/** Sends a refund to the provider. */
export const refundSendJob = jobType("refund-send", z.object({ refundId: id }), () => ({
  recipient: null,
  subject: "Card refund",
}));

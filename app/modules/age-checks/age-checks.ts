/** Age verification of customer accounts (UK: nothing dispatched until it passes): states, words and checks. */
import { z } from "zod";

import type { AgeStatus } from "~/db/values";
// The sets of values are defined once with the schema (docs/decisions/025).
export { ageMethods, ageStatuses, type AgeMethod, type AgeStatus } from "~/db/values";

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

/** Staff's decision on a check: verify or fail, always with a note saying what they saw (no document is kept). */
export const ageDecisionInput = z.object({
  decision: z.enum(["verify", "fail"], "Choose Verify or Fail"),
  note: z.string().trim().min(3, "Write a short note: what you checked").max(500, "Keep the note to 500 characters"),
});
export type AgeDecisionInput = z.infer<typeof ageDecisionInput>;

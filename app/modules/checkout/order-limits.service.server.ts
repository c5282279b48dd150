import type { Db } from "~/db/database.server";
import type { PostalAddress } from "~/lib/uk-address";
import { ageVerificationOf } from "~/modules/age-checks/age-checks.service.server";
import { unpaidHolds } from "~/modules/orders/orders.service.server";
import { judgeUnpaidLimits, unpaidDaysFor, type LimitRefusal, type UnpaidLimits } from "./order-limits";

/**
 * What the payment step says before the order is placed (docs/decisions/070): how many days this shopper's order
 * would wait for its payment (fewer while their age is not verified), and the limit it would pass, if any, so the
 * page says so before the button is pressed. Placing the order checks again, in its own transaction.
 */
export async function paymentStepHold(
  db: Db,
  userId: string,
  order: { address: Pick<PostalAddress, "postcode" | "line1"> | null; units: number },
  settings: { limits: UnpaidLimits; days: { verified: number; ageUnchecked: number } },
): Promise<{ days: number; refusal: LimitRefusal | null }> {
  const verified = (await ageVerificationOf(db, userId)).status === "verified";
  const refusal = order.address
    ? judgeUnpaidLimits(settings.limits, await unpaidHolds(db, userId, order.address), order.units)
    : null;
  return { days: unpaidDaysFor(verified, settings.days), refusal };
}

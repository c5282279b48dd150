import { z } from "zod";
import type { Db } from "~/db/database.server";
import { newId } from "~/lib/ids.server";
import { fail, type Result } from "~/lib/result";
import { emailField } from "~/modules/accounts/accounts";
import { catalogIdSchema, variantIdSchema } from "~/modules/catalog/catalog.schema";
import { describeWait, hitRateLimit, STOCK_ALERT_PER_ADDRESS } from "~/modules/security/rate-limit.service.server";
import * as repo from "./stock.repository.server";
import { backInStockMessages } from "./stock";
import { variantName } from "~/modules/catalog/variants";
import { stockKindSchema } from "./stock.schema";
import { enqueueJob } from "~/modules/jobs/jobs.service.server";
import { backInStockJob } from "./stock.jobs";

const requestInput = z.object({
  kind: stockKindSchema,
  itemId: catalogIdSchema,
  variantId: variantIdSchema,
  email: emailField,
});

const notInShop = fail("not-found", "That item is not in our shop.");

/**
 * 'Email me when it's back' on an out-of-stock variant (the item's page posts the chosen one): one request per
 * address and variant (asking twice changes nothing, and says the same), limited per client address.
 */
export async function requestBackInStock(
  db: Db,
  values: Record<string, string>,
  who: { userId: string | null; clientIp: string },
): Promise<Result> {
  const parsed = requestInput.safeParse(values);
  if (!parsed.success) {
    const emailProblem = parsed.error.issues.find((issue) => issue.path[0] === "email");
    return emailProblem ? fail("invalid", emailProblem.message) : notInShop;
  }
  const { kind, itemId, variantId, email } = parsed.data;
  const item = await repo.findStock(db, variantId);
  if (!item || Number(item.archived) === 1 || item.kind !== kind || item.item_id !== itemId) return notInShop;
  if (!item.track_stock || Number(item.stock_quantity) > 0) return fail("wrong-state", backInStockMessages.notOut);
  const limit = await hitRateLimit(db, STOCK_ALERT_PER_ADDRESS, who.clientIp);
  if (!limit.allowed)
    return fail("too-many", `Too many requests. Please wait ${describeWait(limit.retryAfterSeconds)} and try again.`);
  await repo.insertAlert(db, {
    id: newId(16),
    kind,
    item_id: itemId,
    variant_id: variantId,
    email: email.toLowerCase(),
    user_id: who.userId,
    created_at: new Date().toISOString(),
  });
  return { ok: true };
}

/**
 * The variant has just come back (from none to some): every request for it becomes one e-mail job, in the same
 * transaction as the change, and is removed. Returns how many were queued.
 */
export async function notifyBackInStock(trx: Db, variantId: string): Promise<number> {
  const item = await repo.findStock(trx, variantId);
  const alerts = await repo.findAlerts(trx, variantId);
  if (!item || alerts.length === 0) return 0;
  const itemName = variantName(item.name, {
    flavour: item.flavour,
    nicotineStrength: Number(item.nicotine_strength),
    puffCount: item.puff_count === null ? null : Number(item.puff_count),
  });
  for (const alert of alerts)
    await enqueueJob(trx, backInStockJob, { to: alert.email, kind: item.kind, itemId: item.item_id, itemName });
  await repo.deleteAlerts(
    trx,
    alerts.map((a) => a.id),
  );
  return alerts.length;
}

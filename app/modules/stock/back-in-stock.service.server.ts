import { z } from "zod";
import type { Db } from "~/db/database.server";
import { newId } from "~/lib/ids.server";
import { emailField } from "~/modules/accounts/accounts";
import { catalogIdSchema } from "~/modules/catalog/catalog.schema";
import { describeWait, hitRateLimit, STOCK_ALERT_PER_ADDRESS } from "~/modules/security/rate-limit.service.server";
import * as repo from "./stock.repository.server";
import { backInStockMessages, type StockKind } from "./stock";
import { stockKindSchema } from "./stock.schema";
import { enqueueJob } from "~/modules/jobs/jobs.service.server";
import { backInStockJob } from "./stock.jobs";

const requestInput = z.object({ kind: stockKindSchema, itemId: catalogIdSchema, email: emailField });

export type BackInStockAnswer = { ok: true } | { ok: false; error: string; status: number };

/**
 * 'Email me when it's back' on an out-of-stock item: one request per address and item (asking twice changes
 * nothing, and says the same), limited per client address.
 */
export async function requestBackInStock(
  db: Db,
  values: Record<string, string>,
  who: { userId: string | null; clientIp: string },
): Promise<BackInStockAnswer> {
  const parsed = requestInput.safeParse(values);
  if (!parsed.success) {
    const emailProblem = parsed.error.issues.find((issue) => issue.path[0] === "email");
    return {
      ok: false,
      error: emailProblem?.message ?? "That item is not in our shop.",
      status: emailProblem ? 400 : 404,
    };
  }
  const { kind, itemId, email } = parsed.data;
  const item = await repo.findStock(db, kind, itemId);
  if (!item || Number(item.archived) === 1) return { ok: false, error: "That item is not in our shop.", status: 404 };
  if (!item.track_stock || Number(item.stock_quantity) > 0)
    return { ok: false, error: backInStockMessages.notOut, status: 409 };
  const limit = await hitRateLimit(db, STOCK_ALERT_PER_ADDRESS, who.clientIp);
  if (!limit.allowed)
    return {
      ok: false,
      error: `Too many requests. Please wait ${describeWait(limit.retryAfterSeconds)} and try again.`,
      status: 429,
    };
  await repo.insertAlert(db, {
    id: newId(16),
    kind,
    item_id: itemId,
    email: email.toLowerCase(),
    user_id: who.userId,
    created_at: new Date().toISOString(),
  });
  return { ok: true };
}

/**
 * The item has just come back (from none to some): every request for it becomes one e-mail job, in the same
 * transaction as the change, and is removed. Returns how many were queued.
 */
export async function notifyBackInStock(trx: Db, kind: StockKind, itemId: string): Promise<number> {
  const item = await repo.findStock(trx, kind, itemId);
  const alerts = await repo.findAlerts(trx, kind, itemId);
  if (!item || alerts.length === 0) return 0;
  for (const alert of alerts)
    await enqueueJob(trx, backInStockJob, { to: alert.email, kind, itemId, itemName: item.name });
  await repo.deleteAlerts(
    trx,
    alerts.map((a) => a.id),
  );
  return alerts.length;
}

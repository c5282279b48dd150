/**
 * The back office's WEEE take-backs: the list (waiting ones first) and marking one received (written by the orders
 * module, beside the customer's request). Staff only.
 */
import type { Db } from "~/db/database.server";
import { fail, type Result } from "~/lib/result";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { inTransaction } from "~/db/transaction.server";
import { ORDER_ID } from "~/modules/orders/orders";
import { isTakeBackStatus, type TakeBackStatus } from "~/modules/orders/take-back";
import { receiveTakeBack } from "~/modules/orders/take-back.service.server";
import * as repo from "./take-backs-admin.repository.server";

export type AdminTakeBackRow = {
  orderId: string;
  customer: string;
  devices: number;
  status: TakeBackStatus;
  requestedAt: string;
  receivedAt: string | null;
  receivedBy: string | null;
  keepUntil: string;
};

/** Requests with the given status (all when none), the oldest waiting one first. */
export async function listTakeBacks(
  db: Db,
  actor: SessionUser | null,
  status: string | null,
  limit = 100,
): Promise<AdminTakeBackRow[]> {
  assertAllowed(actor, "returns");
  const rows = await repo.listTakeBackRows(db, isTakeBackStatus(status) ? status : null, limit);
  return rows.map((r) => ({
    orderId: r.order_id,
    customer: r.name || r.email,
    devices: r.devices,
    status: r.status,
    requestedAt: r.requested_at,
    receivedAt: r.received_at,
    receivedBy: r.received_by_name,
    keepUntil: r.keep_until,
  }));
}

/** Marks the old device(s) of an order's take-back received, once; an unknown order is not found. Staff only. */
export async function markTakeBackReceived(
  db: Db,
  actor: SessionUser | null,
  orderId: string,
  now = new Date(),
): Promise<Result<{ message: string }>> {
  assertAllowed(actor, "returns");
  if (!ORDER_ID.test(orderId)) return fail("not-found", "There is no such take-back.");
  // Marked received and its audit entry commit together.
  return inTransaction(db, async (trx): Promise<Result<{ message: string }>> => {
    const marked = await receiveTakeBack(trx, orderId, { id: actor.id, name: actor.name || actor.email }, now);
    if (marked.ok)
      await recordAudit(trx, auditActorOf(actor), {
        action: "take-back.decide",
        entity: "order",
        entityId: orderId,
        details: { status: ["requested", "received"] },
      });
    return marked;
  });
}

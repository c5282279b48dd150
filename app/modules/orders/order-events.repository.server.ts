import type { Db } from "~/db/database.server";
import { newId } from "~/lib/ids.server";
import type { OrderActorKind, OrderEventField } from "~/db/values";
import type { OrderField } from "./order-lifecycle";
import type { OrderStatus, PaymentStatus } from "./orders";

/** One recorded change of an order's status or payment status: what, from, to, who and when. */
export type OrderEvent = {
  field: OrderField;
  from: OrderStatus | PaymentStatus;
  to: OrderStatus | PaymentStatus;
  byName: string;
  /** Who made it: the customer, a member of staff, the shop itself (a job) or a payment provider; null before 2026-11-29. */
  actorKind?: OrderActorKind | null;
  at: string;
};

const column: Record<OrderField, OrderEventField> = { status: "status", paymentStatus: "payment_status" };

/** Records a change, with who made it (inside the transition's transaction: order-lifecycle.service.server.ts). */
export async function recordOrderEvent(
  db: Db,
  orderId: string,
  event: OrderEvent & { byUserId: string | null; actorKind: OrderActorKind },
): Promise<void> {
  await db
    .insertInto("order_events")
    .values({
      id: newId(),
      order_id: orderId,
      field: column[event.field],
      from_value: event.from,
      to_value: event.to,
      by_user_id: event.byUserId,
      by_name: event.byName,
      actor_kind: event.actorKind,
      created_at: event.at,
    })
    .execute();
}

/** An order's changes, oldest first. */
export async function orderEvents(db: Db, orderId: string): Promise<OrderEvent[]> {
  const rows = await db
    .selectFrom("order_events")
    .select(["field", "from_value", "to_value", "by_name", "actor_kind", "created_at", "id"])
    .where("order_id", "=", orderId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    field: row.field === "payment_status" ? "paymentStatus" : "status",
    from: row.from_value,
    to: row.to_value,
    byName: row.by_name,
    actorKind: row.actor_kind,
    at: row.created_at,
  }));
}

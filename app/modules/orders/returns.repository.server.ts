/** The queries behind return requests: the customer's request and staff's decision. */
import type { Db } from "~/db/database.server";
import type { ReturnLineKind, ReturnOutcome, ReturnRemedy, ReturnStatus } from "./returns";

/** When the order was last marked delivered, or null. */
export async function findDeliveredAt(db: Db, orderId: string): Promise<string | null> {
  const row = await db
    .selectFrom("order_events")
    .select("created_at")
    .where("order_id", "=", orderId)
    .where("field", "=", "status")
    .where("to_value", "=", "delivered")
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  return row?.created_at ?? null;
}

export const findReturnRequest = (db: Db, orderId: string) =>
  db
    .selectFrom("return_requests")
    .select(["id", "status", "reason", "staff_note", "requested_at", "decided_at", "shipping_refunded"])
    .where("order_id", "=", orderId)
    .executeTakeFirst();

/** The lines of an order's returns with the order line's name, in the order asked. */
export const listReturnLines = (db: Db, orderId: string) =>
  db
    .selectFrom("return_lines as r")
    .leftJoin("order_lines as l", (j) =>
      j.onRef("l.order_id", "=", "r.order_id").onRef("l.position", "=", "r.position"),
    )
    .select([
      "r.id",
      "r.position",
      "l.name",
      "r.quantity",
      "r.unit_price_cents",
      "r.reason",
      "r.kind",
      "r.remedy",
      "r.status",
      "r.outcome",
      "r.requested_at",
      "r.decided_at",
    ])
    .where("r.order_id", "=", orderId)
    .orderBy("r.requested_at")
    .orderBy("r.position")
    .orderBy("r.id")
    .execute();

/** The order's lines as a return needs them: what was sold, how many, at what price, and which variant. */
export const listOrderLines = (db: Db, orderId: string) =>
  db
    .selectFrom("order_lines")
    .select(["position", "name", "kind", "item_id", "variant_id", "quantity", "unit_price_cents"])
    .where("order_id", "=", orderId)
    .orderBy("position")
    .execute();

/** The order's shipping charge and currency. */
export const findOrderMoney = (db: Db, orderId: string) =>
  db.selectFrom("orders").select(["shipping_cents", "currency", "status"]).where("id", "=", orderId).executeTakeFirst();

export const insertReturnLines = (
  db: Db,
  rows: Array<{
    id: string;
    returnId: string;
    orderId: string;
    position: number;
    quantity: number;
    unitPriceCents: number;
    reason: string;
    kind: ReturnLineKind;
    remedy: ReturnRemedy;
    at: string;
  }>,
) =>
  db
    .insertInto("return_lines")
    .values(
      rows.map((r) => ({
        id: r.id,
        return_id: r.returnId,
        order_id: r.orderId,
        position: r.position,
        quantity: r.quantity,
        unit_price_cents: r.unitPriceCents,
        reason: r.reason,
        kind: r.kind,
        remedy: r.remedy,
        status: "requested" as const,
        outcome: null,
        requested_at: r.at,
      })),
    )
    .execute();

/** New lines on a request already decided open it again (staff see it in the queue). */
export const reopenRequest = (db: Db, returnId: string, reason: string) =>
  db.updateTable("return_requests").set({ status: "requested", reason }).where("id", "=", returnId).execute();

/** Decides one line only if it is still waiting (true). */
export async function decideLineIfOpen(
  db: Db,
  lineId: string,
  decision: { status: ReturnStatus; outcome: ReturnOutcome | null; at: string; byName: string },
): Promise<boolean> {
  const updated = await db
    .updateTable("return_lines")
    .set({
      status: decision.status,
      outcome: decision.outcome,
      decided_at: decision.at,
      decided_by_name: decision.byName,
    })
    .where("id", "=", lineId)
    .where("status", "=", "requested")
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export const markShippingRefunded = (db: Db, orderId: string) =>
  db.updateTable("return_requests").set({ shipping_refunded: 1 }).where("order_id", "=", orderId).execute();

/** The customer's own order with who to e-mail; another customer's order is not found. */
export const findOwnOrder = (db: Db, userId: string, orderId: string) =>
  db
    .selectFrom("orders as o")
    .innerJoin("user as u", "u.id", "o.user_id")
    .select(["o.status", "o.payment_status", "u.email", "u.name", "u.firstName"])
    .where("o.id", "=", orderId)
    .where("o.user_id", "=", userId)
    .executeTakeFirst();

export const insertReturnRequest = (
  db: Db,
  row: { id: string; orderId: string; userId: string; reason: string; at: string },
) =>
  db
    .insertInto("return_requests")
    .values({
      id: row.id,
      order_id: row.orderId,
      user_id: row.userId,
      reason: row.reason,
      status: "requested",
      requested_at: row.at,
    })
    .execute();

/** The request with the customer to e-mail. */
export const findRequestWithCustomer = (db: Db, orderId: string) =>
  db
    .selectFrom("return_requests as r")
    .innerJoin("user as u", "u.id", "r.user_id")
    .select(["r.id", "r.status", "u.email", "u.name", "u.firstName", "u.deletedAt"])
    .where("r.order_id", "=", orderId)
    .executeTakeFirst();

/** Decides the request only if it is still waiting (true). */
export async function decideIfWaiting(
  db: Db,
  orderId: string,
  decision: { status: ReturnStatus; note: string; at: string; byId: string; byName: string },
): Promise<boolean> {
  const updated = await db
    .updateTable("return_requests")
    .set({
      status: decision.status,
      staff_note: decision.note,
      decided_at: decision.at,
      decided_by_id: decision.byId,
      decided_by_name: decision.byName,
    })
    .where("order_id", "=", orderId)
    .where("status", "=", "requested")
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

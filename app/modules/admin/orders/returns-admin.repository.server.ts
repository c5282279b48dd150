/** The back office's queries on return requests. */
import type { Db } from "~/db/database.server";
import type { ReturnStatus } from "~/modules/orders/returns";

export function listReturnRows(db: Db, status: ReturnStatus | null, limit: number) {
  let query = db
    .selectFrom("return_requests as r")
    .innerJoin("user as u", "u.id", "r.user_id")
    .select([
      "r.order_id",
      "r.reason",
      "r.status",
      "r.requested_at",
      "r.decided_at",
      "r.decided_by_name",
      "u.name",
      "u.email",
    ]);
  if (status) query = query.where("r.status", "=", status);
  return query
    .orderBy("r.requested_at", status === "requested" ? "asc" : "desc")
    .orderBy("r.order_id")
    .limit(limit)
    .execute();
}

export async function countReturns(db: Db, status: ReturnStatus): Promise<number> {
  const row = await db
    .selectFrom("return_requests")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "=", status)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The request with the customer to e-mail. */
export const findRequestWithCustomer = (db: Db, orderId: string) =>
  db
    .selectFrom("return_requests as r")
    .innerJoin("user as u", "u.id", "r.user_id")
    .select(["r.status", "u.email", "u.name", "u.firstName", "u.deletedAt"])
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

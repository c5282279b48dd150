/** The back office's list of return requests (a request's decision is written by the orders module). */
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

/** The back office's list of WEEE take-back requests (docs/decisions/041; marking one received: the orders module). */
import type { Db } from "~/db/database.server";
import type { TakeBackStatus } from "~/modules/orders/take-back";

export function listTakeBackRows(db: Db, status: TakeBackStatus | null, limit: number) {
  let query = db
    .selectFrom("take_back_requests as t")
    .innerJoin("user as u", "u.id", "t.user_id")
    .select([
      "t.order_id",
      "t.devices",
      "t.status",
      "t.requested_at",
      "t.received_at",
      "t.received_by_name",
      "t.keep_until",
      "u.name",
      "u.email",
    ]);
  if (status) query = query.where("t.status", "=", status);
  return query
    .orderBy("t.requested_at", status === "requested" ? "asc" : "desc")
    .orderBy("t.order_id")
    .limit(limit)
    .execute();
}

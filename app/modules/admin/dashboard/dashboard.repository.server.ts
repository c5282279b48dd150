/** The dashboard's queries. */
import type { Db } from "~/db/database.server";

export async function countPendingOrders(db: Db): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Orders confirmed and paid, not dispatched yet: the packer's work. */
export async function countOrdersToDispatch(db: Db): Promise<number> {
  const row = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("status", "=", "confirmed")
    .where("payment_status", "=", "paid")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countUnhandledMessages(db: Db): Promise<number> {
  const row = await db
    .selectFrom("messages")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("handled", "=", 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

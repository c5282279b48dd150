/**
 * The card payments' tables (docs/decisions/078), written here only: attempts (moved forward by a conditional
 * update), the ledger of provider events (inserted once each, never changed), and refunds.
 */
import type { Insertable } from "kysely";
import type { Db } from "~/db/database.server";
import type { PaymentAttemptsTable, PaymentEventsTable, RefundsTable } from "~/db/schema";
import type { AttemptState, RefundState } from "./card-payments";

export async function insertAttempt(db: Db, row: Insertable<PaymentAttemptsTable>): Promise<void> {
  await db.insertInto("payment_attempts").values(row).execute();
}

export const findAttemptByReference = (db: Db, reference: string) =>
  db.selectFrom("payment_attempts").selectAll().where("reference", "=", reference).executeTakeFirst();

export const findAttempt = (db: Db, id: string) =>
  db.selectFrom("payment_attempts").selectAll().where("id", "=", id).executeTakeFirst();

export const listAttempts = (db: Db, orderId: string) =>
  db
    .selectFrom("payment_attempts")
    .selectAll()
    .where("order_id", "=", orderId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();

export async function countAttempts(db: Db, orderId: string): Promise<number> {
  const row = await db
    .selectFrom("payment_attempts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("order_id", "=", orderId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Moves an attempt to `to` only from one of `from` (true when it moved): a state never goes back. */
export async function moveAttempt(
  db: Db,
  id: string,
  from: readonly AttemptState[],
  to: AttemptState,
  at: string,
): Promise<boolean> {
  if (from.length === 0) return false;
  const result = await db
    .updateTable("payment_attempts")
    .set({ state: to, updated_at: at })
    .where("id", "=", id)
    .where("state", "in", [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function noteAttempt(
  db: Db,
  id: string,
  fields: { hosted_url?: string; links?: string; checked_at?: string },
): Promise<void> {
  await db.updateTable("payment_attempts").set(fields).where("id", "=", id).execute();
}

/** Adds an event to the ledger once: false when the provider's event id is there already (a duplicate). */
export async function insertEventOnce(db: Db, row: Insertable<PaymentEventsTable>): Promise<boolean> {
  const result = await db
    .insertInto("payment_events")
    .values(row)
    .onConflict((oc) => oc.columns(["provider", "provider_event_id"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export const listEvents = (db: Db, attemptIds: string[]) =>
  attemptIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom("payment_events")
        .selectAll()
        .where("attempt_id", "in", attemptIds)
        .orderBy("received_at")
        .orderBy("id")
        .execute();

export async function insertRefund(db: Db, row: Insertable<RefundsTable>): Promise<void> {
  await db.insertInto("refunds").values(row).execute();
}

export const findRefund = (db: Db, id: string) =>
  db.selectFrom("refunds").selectAll().where("id", "=", id).executeTakeFirst();

export const findRefundByKey = (db: Db, key: string) =>
  db.selectFrom("refunds").selectAll().where("idempotency_key", "=", key).executeTakeFirst();

export const findRefundByReference = (db: Db, attemptId: string, reference: string) =>
  db
    .selectFrom("refunds")
    .selectAll()
    .where("attempt_id", "=", attemptId)
    .where("reference", "=", reference)
    .executeTakeFirst();

export const listRefunds = (db: Db, orderId: string) =>
  db.selectFrom("refunds").selectAll().where("order_id", "=", orderId).orderBy("created_at").orderBy("id").execute();

export async function moveRefund(
  db: Db,
  id: string,
  from: readonly RefundState[],
  to: RefundState,
  at: string,
  error: string | null = null,
): Promise<boolean> {
  const result = await db
    .updateTable("refunds")
    .set({ state: to, updated_at: at, ...(error !== null && { error }) })
    .where("id", "=", id)
    .where("state", "in", [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many attempts wait for their outcome, and how many refunds are on their way (the dashboard). */
export async function countOpenMoney(db: Db): Promise<{ waiting: number; refunding: number }> {
  const [attempts, refunds] = await Promise.all([
    db
      .selectFrom("payment_attempts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("state", "in", ["pending", "authorised"])
      .executeTakeFirst(),
    db
      .selectFrom("refunds")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("state", "in", ["requested", "sent"])
      .executeTakeFirst(),
  ]);
  return { waiting: Number(attempts?.n ?? 0), refunding: Number(refunds?.n ?? 0) };
}

/** A customer's authorised payments, not taken yet (their age check passing settles them). */
export const authorisedAttemptsOfCustomer = (db: Db, userId: string) =>
  db
    .selectFrom("payment_attempts as a")
    .innerJoin("orders as o", "o.id", "a.order_id")
    .select("a.id")
    .where("o.user_id", "=", userId)
    .where("a.state", "=", "authorised")
    .execute();

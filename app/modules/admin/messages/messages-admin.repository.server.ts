/** The contact-form inbox's queries. */
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import type { MessageFilter, MessageSort } from "./messages-admin";
import type { SortDirection } from "~/lib/listing";

const inbox = (db: Db, filter: MessageFilter) =>
  db.selectFrom("messages as m").$if(filter !== "all", (q) => q.where("m.handled", "=", filter === "handled" ? 1 : 0));

export async function countMessages(db: Db, filter: MessageFilter): Promise<number> {
  const counted = await inbox(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(counted.count);
}

/** A message as the inbox and its page show it, with who handled it (`h`: the handling staff member). */
const messageColumns = [
  "m.id",
  "m.first_name",
  "m.last_name",
  "m.email",
  "m.phone",
  "m.subject",
  "m.message",
  "m.handled",
  "m.created_at",
  "m.handled_at",
  "h.name as handled_by_name",
  "h.email as handled_by_email",
] as const;

/** One page of messages with who handled each, in the order asked for (newest first within it). */
export function findMessagePage(
  db: Db,
  o: { filter: MessageFilter; sort: MessageSort; dir: SortDirection; limit: number; offset: number },
) {
  let query = inbox(db, o.filter).leftJoin("user as h", "h.id", "m.handled_by").select(messageColumns);
  if (o.sort === "name") query = query.orderBy(sql`lower(m.first_name)`, o.dir).orderBy(sql`lower(m.last_name)`, o.dir);
  else if (o.sort === "email") query = query.orderBy(sql`lower(m.email)`, o.dir);
  else if (o.sort === "subject") query = query.orderBy("m.subject", o.dir);
  query = query.orderBy("m.created_at", o.sort === "received" ? o.dir : "desc").orderBy("m.id");
  return query.limit(o.limit).offset(o.offset).execute();
}

export const findMessageState = (db: Db, id: string) =>
  db.selectFrom("messages").select("handled").where("id", "=", id).executeTakeFirst();

/** One message, as its page and its reply need it. */
export const findMessage = (db: Db, id: string) =>
  db
    .selectFrom("messages as m")
    .leftJoin("user as h", "h.id", "m.handled_by")
    .select(messageColumns)
    .where("m.id", "=", id)
    .executeTakeFirst();

/** A message's replies, oldest first. */
export const findReplies = (db: Db, messageId: string) =>
  db
    .selectFrom("message_replies")
    .select(["id", "staff_name", "body", "created_at"])
    .where("message_id", "=", messageId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();

/** How many replies each of these messages has (the list's "Replied" note). */
export const countRepliesOf = async (db: Db, messageIds: string[]) => {
  if (messageIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom("message_replies")
    .select((eb) => ["message_id", eb.fn.countAll<number | string>().as("count")])
    .where("message_id", "in", messageIds)
    .groupBy("message_id")
    .execute();
  return new Map(rows.map((r) => [r.message_id, Number(r.count)]));
};

export const insertReply = (
  db: Db,
  row: { id: string; message_id: string; staff_user_id: string; staff_name: string; body: string; created_at: string },
) => db.insertInto("message_replies").values(row).execute();

import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertStaff } from "./guard.server";
import { pageWindow, type ListParams } from "./listing";
import { replyHref, type AdminMessage, type MessageFilter, type MessageSort } from "./messages-admin";

/** The contact-form inbox of the back office: list, filter, mark handled or not (who and when is recorded). */

export { MESSAGE_FILTERS, MESSAGE_SORTS, messageFilter, messageFilterLabels, messageNotices, replyHref } from "./messages-admin";
export type { AdminMessage, MessageFilter, MessageSort } from "./messages-admin";

export async function listMessages(db: Db, actor: SessionUser | null, params: ListParams<MessageSort> & { filter: MessageFilter }) {
  assertStaff(actor);
  const { filter, sort, dir } = params;
  const inbox = db
    .selectFrom("messages as m")
    .$if(filter !== "all", (q) => q.where("m.handled", "=", filter === "handled" ? 1 : 0));
  const counted = await inbox.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow();
  const total = Number(counted.count);
  const window = pageWindow(params.rawPage, total);
  let query = inbox
    .leftJoin("user as h", "h.id", "m.handled_by")
    .select([
      "m.id", "m.first_name", "m.last_name", "m.email", "m.phone", "m.subject", "m.message", "m.handled", "m.created_at", "m.handled_at",
      "h.name as handled_by_name", "h.email as handled_by_email",
    ]);
  if (sort === "name") query = query.orderBy(sql`lower(m.first_name)`, dir).orderBy(sql`lower(m.last_name)`, dir);
  else if (sort === "email") query = query.orderBy(sql`lower(m.email)`, dir);
  else if (sort === "subject") query = query.orderBy("m.subject", dir);
  query = query.orderBy("m.created_at", sort === "received" ? dir : "desc").orderBy("m.id");
  const rows = await query.limit(window.limit).offset(window.offset).execute();
  const messages: AdminMessage[] = rows.map((r) => ({
    id: r.id,
    receivedAt: r.created_at,
    name: `${r.first_name} ${r.last_name}`.trim(),
    email: r.email,
    phone: r.phone,
    subject: r.subject,
    message: r.message,
    handled: Number(r.handled) === 1,
    handledAt: r.handled_at,
    handledBy: r.handled_by_name || r.handled_by_email || null,
    replyHref: replyHref(r.email, r.subject),
  }));
  return { messages, total, ...window };
}

/**
 * Marks a message handled (recording who and when) or unhandled again (clearing both). Staff only; false for an
 * unknown message; a message already in that state is left as it is. Messages are not shown on the storefront, so no cached page changes.
 */
export async function setMessageHandled(db: Db, actor: SessionUser | null, id: string, handled: boolean, now = new Date()): Promise<boolean> {
  assertStaff(actor);
  const row = await db.selectFrom("messages").select("handled").where("id", "=", id).executeTakeFirst();
  if (!row) return false;
  // Already so: the first handler and time stay.
  if ((Number(row.handled) === 1) === handled) return true;
  await db
    .updateTable("messages")
    .set(handled ? { handled: 1, handled_at: now.toISOString(), handled_by: actor.id } : { handled: 0, handled_at: null, handled_by: null })
    .where("id", "=", id)
    .execute();
  return true;
}

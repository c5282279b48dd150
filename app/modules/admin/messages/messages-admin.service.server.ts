import type { Db } from "~/db/database.server";
import type { SessionUser } from "~/modules/accounts/accounts";
import { fail, type Result } from "~/lib/result";
import { check } from "~/lib/form-check";
import { newId } from "~/lib/ids.server";
import { enqueueJob } from "~/modules/jobs/jobs.service.server";
import { describeWait, hitRateLimit, MESSAGE_REPLIES_PER_STAFF } from "~/modules/security/rate-limit.service.server";
import { messageReplyJob } from "./messages-admin.jobs";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { inTransaction } from "~/db/transaction.server";
import { markMessageHandled } from "~/modules/content/messages.service.server";
import * as repo from "./messages-admin.repository.server";
import { pageWindow, type ListParams } from "~/lib/listing";
import {
  quoteOf,
  replyHref,
  replyInput,
  type AdminMessage,
  type AdminMessageRow,
  type MessageFilter,
  type MessageReply,
  type MessageSort,
} from "./messages-admin";

/** The contact-form inbox of the back office: list, filter, mark handled or not (who and when is recorded). */

export {
  MESSAGE_FILTERS,
  MESSAGE_SORTS,
  messageFilter,
  messageFilterLabels,
  messageNotices,
  replyHref,
  REPLY_MAX,
} from "./messages-admin";
export type { AdminMessage, AdminMessageRow, MessageFilter, MessageReply, MessageSort } from "./messages-admin";

export async function listMessages(
  db: Db,
  actor: SessionUser | null,
  params: ListParams<MessageSort> & { filter: MessageFilter },
) {
  assertAllowed(actor, "messages");
  const { filter, sort, dir } = params;
  const total = await repo.countMessages(db, filter);
  const window = pageWindow(params.rawPage, total);
  const rows = await repo.findMessagePage(db, { filter, sort, dir, limit: window.limit, offset: window.offset });
  const replies = await repo.countRepliesOf(
    db,
    rows.map((r) => r.id),
  );
  const messages: AdminMessageRow[] = rows.map((r) => ({ ...toMessage(r), replies: replies.get(r.id) ?? 0 }));
  return { messages, total, ...window };
}

function toMessage(r: NonNullable<Awaited<ReturnType<typeof repo.findMessage>>>): AdminMessage {
  return {
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
  };
}

/** One message with its replies, oldest first (null: no such message). */
export async function getMessage(
  db: Db,
  actor: SessionUser | null,
  id: string,
): Promise<{ message: AdminMessage; replies: MessageReply[] } | null> {
  assertAllowed(actor, "messages");
  const row = await repo.findMessage(db, id);
  if (!row) return null;
  const replies = (await repo.findReplies(db, id)).map((r) => ({
    id: r.id,
    staffName: r.staff_name,
    body: r.body,
    sentAt: r.created_at,
  }));
  return { message: toMessage(row), replies };
}

/**
 * Sends a reply to a contact message (docs/decisions/085): the reply is kept with the message and its e-mail to the
 * sender queued in the same transaction (the worker sends it); an unhandled message becomes handled. Staff with
 * `messages` only; "not-found" for an unknown message; the reply's words stay out of the audit log (its length and
 * id are in it). Each member of staff may send MESSAGE_REPLIES_PER_STAFF an hour.
 */
export async function sendReply(
  deps: { db: Db; shopName: string },
  actor: SessionUser | null,
  id: string,
  values: { body: string },
  now = new Date(),
): Promise<Result<{ replyId: string }>> {
  assertAllowed(actor, "messages");
  const message = await repo.findMessage(deps.db, id);
  if (!message) return fail("not-found", "There is no such message.");
  const checked = check(replyInput, values);
  if (!checked.ok) return checked;
  const limit = await hitRateLimit(deps.db, MESSAGE_REPLIES_PER_STAFF, actor.id, now.getTime());
  if (!limit.allowed)
    return fail("too-many", `Too many replies in a short time: please wait ${describeWait(limit.retryAfterSeconds)}.`);
  const body = checked.data.body;
  const replyId = newId();
  const at = now.toISOString();
  return inTransaction(deps.db, async (trx) => {
    await repo.insertReply(trx, {
      id: replyId,
      message_id: id,
      staff_user_id: actor.id,
      staff_name: actor.name || actor.email,
      body,
      created_at: at,
    });
    await enqueueJob(
      trx,
      messageReplyJob,
      {
        to: message.email,
        shopName: deps.shopName,
        name: message.first_name,
        subject: message.subject,
        body,
        quote: quoteOf(message.message),
        sentAt: message.created_at,
      },
      now,
    );
    if (Number(message.handled) !== 1) await markMessageHandled(trx, id, { by: actor.id, at });
    await recordAudit(
      trx,
      auditActorOf(actor),
      { action: "message.replied", entity: "message", entityId: id, details: { replyId, length: body.length } },
      now,
    );
    return { ok: true as const, replyId };
  });
}

/**
 * Marks a message handled (recording who and when) or unhandled again (clearing both). Staff only; "not-found" for
 * an unknown message; a message already in that state is left as it is. Messages are not shown on the storefront, so no cached page changes.
 */
export async function setMessageHandled(
  db: Db,
  actor: SessionUser | null,
  id: string,
  handled: boolean,
  now = new Date(),
): Promise<Result> {
  assertAllowed(actor, "messages");
  return inTransaction(db, async (trx): Promise<Result> => {
    const row = await repo.findMessageState(trx, id);
    if (!row) return fail("not-found", "There is no such message.");
    // Already so: the first handler and time stay.
    if ((Number(row.handled) === 1) === handled) return { ok: true };
    await markMessageHandled(trx, id, handled ? { by: actor.id, at: now.toISOString() } : null);
    // The sender's name, address and words stay out of the log: the message's id points at them.
    await recordAudit(trx, auditActorOf(actor), {
      action: handled ? "message.handled" : "message.unhandled",
      entity: "message",
      entityId: id,
    });
    return { ok: true };
  });
}

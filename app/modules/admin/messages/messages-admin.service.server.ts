import type { Db } from "~/db/database.server";
import type { SessionUser } from "~/modules/accounts/accounts";
import { fail, type Result } from "~/lib/result";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { inTransaction } from "~/db/transaction.server";
import { markMessageHandled } from "~/modules/content/messages.service.server";
import * as repo from "./messages-admin.repository.server";
import { pageWindow, type ListParams } from "~/lib/listing";
import { replyHref, type AdminMessage, type MessageFilter, type MessageSort } from "./messages-admin";

/** The contact-form inbox of the back office: list, filter, mark handled or not (who and when is recorded). */

export {
  MESSAGE_FILTERS,
  MESSAGE_SORTS,
  messageFilter,
  messageFilterLabels,
  messageNotices,
  replyHref,
} from "./messages-admin";
export type { AdminMessage, MessageFilter, MessageSort } from "./messages-admin";

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

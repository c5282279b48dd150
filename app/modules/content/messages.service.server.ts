/**
 * The contact messages' writes that others ask for (docs/decisions/072): the back office's inbox marks one handled,
 * 'Delete my account' erases the account's. Sending one is contact.service.server.ts.
 */
import type { Db } from "~/db/database.server";
import { deleteMessagesOf, setHandled } from "./messages.repository.server";

/** Records who handled the message and when, or (null) that it is unhandled again. */
export async function markMessageHandled(db: Db, id: string, handled: { by: string; at: string } | null) {
  await setHandled(db, id, handled);
}

/** Inside the caller's transaction: deletes the messages sent from the account or its address (lower case). */
export async function eraseMessagesOf(trx: Db, userId: string, email: string): Promise<void> {
  await deleteMessagesOf(trx, userId, email);
}

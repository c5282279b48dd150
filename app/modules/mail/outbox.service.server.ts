/** The development outbox's writes that others ask for (docs/decisions/072). */
import type { Db } from "~/db/database.server";
import { deleteOutboxEmailsTo } from "./outbox.repository.server";

/** Inside the caller's transaction: deletes the outbox's e-mails to the address (in lower case). */
export const eraseOutboxEmailsTo = (trx: Db, email: string): Promise<void> => deleteOutboxEmailsTo(trx, email);

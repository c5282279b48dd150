import type { Db } from "~/db/database.server";
import { fail, failFields, type Result } from "~/lib/result";
import { newId } from "~/lib/ids.server";
import type { Logger } from "~/lib/log.server";
import { enqueueJob } from "~/modules/jobs/jobs.service.server";
import { contactNoticeJob } from "./contact.jobs";
import {
  CONTACT_PER_ADDRESS,
  CONTACT_PER_EMAIL,
  describeWait,
  hitRateLimits,
  withinStaffMailLimit,
} from "~/modules/security/rate-limit.service.server";
import { insertMessage } from "./contact.repository.server";
import { checkContact, HONEYPOT_FIELD, type ContactValues } from "./contact";

export type ContactDeps = { db: Db; log: Logger; staffEmail: string; shopName: string };

/** Sent (a robot's message looks sent and has no id), or refused: fields wrong (400) or too many messages (429). */
export type ContactOutcome = Result<{ id: string | null }>;

/**
 * Checks and saves a contact message and, in the same transaction, queues the staff's e-mail about it (sent in the
 * background: a slow or failing mail server never loses the message). A filled honeypot looks sent to the robot
 * but saves nothing. Sent while signed in, the message belongs to that account (its data export, its erasure).
 */
export async function sendContactMessage(
  deps: ContactDeps,
  values: ContactValues,
  extras: { honeypot: string; clientIp: string; userId?: string | null },
): Promise<ContactOutcome> {
  const checked = checkContact(values);
  if ("errors" in checked) return failFields(checked.errors);
  // Per client address, and per e-mail address given (one sender moving between networks).
  const limit = await hitRateLimits(deps.db, [
    [CONTACT_PER_ADDRESS, extras.clientIp],
    [CONTACT_PER_EMAIL, checked.input.email.toLowerCase()],
  ]);
  if (!limit.allowed) {
    return fail(
      "too-many",
      `You have sent several messages in a short time. Please try again in ${describeWait(limit.retryAfterSeconds)}, or message us on WhatsApp.`,
    );
  }
  if (extras.honeypot.trim() !== "") {
    deps.log.warn({ field: HONEYPOT_FIELD }, "contact form honeypot filled; message dropped");
    return { ok: true, id: null };
  }
  const input = checked.input;
  const save = async (): Promise<ContactOutcome> => {
    const id = newId();
    await deps.db.transaction().execute(async (trx) => {
      await insertMessage(trx, id, input, extras.userId ?? null, new Date().toISOString());
      await enqueueJob(trx, contactNoticeJob, { to: deps.staffEmail, shopName: deps.shopName, message: input });
    });
    return { ok: true, id };
  };
  // Sent while signed in: within the account's limit on what e-mails staff, too (docs/decisions/070).
  return extras.userId ? withinStaffMailLimit(deps.db, extras.userId, save) : save();
}

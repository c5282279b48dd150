import type { Db } from "~/db/database.server";
import { newId } from "~/lib/ids.server";
import type { Logger } from "~/lib/log.server";
import type { Mailer } from "~/lib/mailer.server";
import { CONTACT_PER_ADDRESS, describeWait, hitRateLimit } from "~/modules/security/rate-limit.server";
import { checkContact, HONEYPOT_FIELD, type ContactErrors, type ContactInput, type ContactValues } from "./contact";

export type ContactDeps = { db: Db; mailer: Mailer; log: Logger; staffEmail: string; shopName: string };

export type ContactOutcome =
  | { status: "sent"; id: string | null }
  | { status: "invalid"; errors: ContactErrors }
  | { status: "limited"; message: string };

/**
 * Checks and saves a contact message, then tells the staff by e-mail (in the background: a slow or failing mail
 * server never loses the message). A filled honeypot looks sent to the robot but saves nothing.
 */
export async function sendContactMessage(
  deps: ContactDeps,
  values: ContactValues,
  extras: { honeypot: string; clientIp: string },
): Promise<ContactOutcome> {
  const checked = checkContact(values);
  if ("errors" in checked) return { status: "invalid", errors: checked.errors };
  const limit = await hitRateLimit(deps.db, CONTACT_PER_ADDRESS, extras.clientIp);
  if (!limit.allowed) {
    return {
      status: "limited",
      message: `You have sent several messages in a short time. Please try again in ${describeWait(limit.retryAfterSeconds)}, or message us on WhatsApp.`,
    };
  }
  if (extras.honeypot.trim() !== "") {
    deps.log.warn({ field: HONEYPOT_FIELD }, "contact form honeypot filled; message dropped");
    return { status: "sent", id: null };
  }
  const id = newId();
  const input = checked.input;
  await deps.db
    .insertInto("messages")
    .values({
      id,
      first_name: input.firstName,
      last_name: input.lastName,
      email: input.email,
      phone: input.phone,
      subject: input.subject,
      message: input.message,
      handled: 0,
      created_at: new Date().toISOString(),
    })
    .execute();
  void deps.mailer.send(staffNotice(deps.staffEmail, deps.shopName, input)).catch((error: Error) => {
    deps.log.error({ err: error, messageId: id }, "could not e-mail the staff about a contact message");
  });
  return { status: "sent", id };
}

export function staffNotice(to: string, shopName: string, input: ContactInput) {
  const name = `${input.firstName} ${input.lastName}`.trim();
  return {
    to,
    replyTo: input.email,
    subject: `[${shopName}] ${input.subject} from ${name}`,
    text: [
      `New message from the contact form.`,
      ``,
      `Name: ${name}`,
      `Email: ${input.email}`,
      `Phone: ${input.phone}`,
      `Subject: ${input.subject}`,
      ``,
      input.message,
    ].join("\n"),
  };
}

import { staffEmail } from "~/lib/config.server";
import { formFeedback, httpStatus, type FailureCode } from "~/lib/result";
import { getSessionUser } from "~/modules/accounts/session.service.server";
import type { ShopContext } from "~/context";
import { isDatabaseUnavailable, warnUnavailable } from "~/lib/unavailable.server";
import { contactMessages, contactValues, HONEYPOT_FIELD, type ContactErrors, type ContactValues } from "./contact";
import { sendContactMessage } from "./contact.service.server";

/**
 * A failure (its code, app/lib/result.ts) as the form shows it, with what the visitor typed; without a code only for
 * an error nobody expected (logged, answered 500).
 */
export type ContactActionResult =
  | { ok: true; message: string }
  | { ok: false; code?: FailureCode; values: ContactValues; errors: ContactErrors; formError: string | null };

/** The /contactus action: check, save, answer; a failure keeps what the visitor typed. */
export async function handleContactForm(
  context: ShopContext,
  form: FormData,
  userId: string | null = null,
): Promise<{ result: ContactActionResult; status: number }> {
  const values = contactValues(form);
  const honeypot = String(form.get(HONEYPOT_FIELD) ?? "");
  try {
    const outcome = await sendContactMessage(
      { db: context.db, log: context.log, staffEmail: staffEmail(context.config), shopName: context.settings.name },
      values,
      { honeypot, clientIp: context.clientIp, userId },
    );
    if (outcome.ok) return { result: { ok: true, message: contactMessages.sent }, status: 200 };
    const { code } = outcome;
    return { result: { ok: false, code, values, ...formFeedback(outcome) }, status: httpStatus(code) };
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      warnUnavailable(context.log, error, "contact");
      const code = "unavailable";
      return {
        result: { ok: false, code, values, errors: {}, formError: contactMessages.unavailable },
        status: httpStatus(code),
      };
    }
    context.log.error({ err: error }, "saving a contact message failed");
    return { result: { ok: false, values, errors: {}, formError: contactMessages.failed }, status: 500 }; // not a Failure: a bug, logged
  }
}

/** Who is sending (null when signed out, or when the session cannot be read: the message is still taken). */
export async function contactSender(context: ShopContext, request: Request): Promise<string | null> {
  try {
    return (await getSessionUser(context, request))?.id ?? null;
  } catch {
    return null;
  }
}

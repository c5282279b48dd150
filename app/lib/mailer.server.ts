import nodemailer from "nodemailer";
import type { Logger } from "./log.server";

export type Mail = { to: string; subject: string; text: string; replyTo?: string };
export type Mailer = { send: (mail: Mail) => Promise<void>; readonly transport: "smtp" | "log" };

/**
 * E-mail through SMTP when SMTP_URL is set (smtp://user:pass@host:587, smtps://… for TLS);
 * otherwise each e-mail is written to the log so that nothing breaks in development.
 */
export function createMailer(options: { smtpUrl?: string; from: string; log: Logger }): Mailer {
  const { smtpUrl, from, log } = options;
  if (!smtpUrl) {
    return {
      transport: "log",
      send: async (mail) => {
        log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, "e-mail (no SMTP_URL: logged, not sent)");
      },
    };
  }
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: "smtp",
    send: async (mail) => {
      await transporter.sendMail({ from, ...mail });
      log.info({ to: mail.to, subject: mail.subject }, "e-mail sent");
    },
  };
}

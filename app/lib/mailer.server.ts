import nodemailer from "nodemailer";
import type { Db } from "~/db/database.server";
import { newId } from "./ids.server";
import type { Logger } from "./log.server";

export type Mail = { to: string; subject: string; text: string; replyTo?: string };
export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void; readonly transport: "smtp" | "log" };

/**
 * E-mail through SMTP when SMTP_URL is set (smtp://user:pass@host:587, smtps://… for TLS). Without it
 * (development) each e-mail is written to the log, links and all, and kept in the outbox table when a database
 * is given (`npm run outbox` lists it), so nothing breaks and nothing is lost.
 */
export function createMailer(options: { smtpUrl?: string; from: string; log: Logger; db?: Db }): Mailer {
  const { smtpUrl, from, log, db } = options;
  if (!smtpUrl) {
    return {
      transport: "log",
      close: () => {},
      send: async (mail) => {
        log.info({ mail: { to: mail.to, subject: mail.subject, text: mail.text } }, "e-mail (no SMTP_URL: logged, not sent)");
        if (db) {
          await db
            .insertInto("outbox_emails")
            .values({ id: newId(), to_address: mail.to, subject: mail.subject, body: mail.text, created_at: new Date().toISOString() })
            .execute();
        }
      },
    };
  }
  // Pooled: connections are kept open and reused instead of one TCP + SMTP handshake per e-mail.
  const transporter = nodemailer.createTransport(smtpUrl.includes("pool=") ? smtpUrl : `${smtpUrl}${smtpUrl.includes("?") ? "&" : "?"}pool=true`);
  return {
    transport: "smtp",
    close: () => transporter.close(),
    send: async (mail) => {
      await transporter.sendMail({ from, ...mail });
      log.info({ to: mail.to, subject: mail.subject }, "e-mail sent");
    },
  };
}

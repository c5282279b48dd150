import nodemailer from "nodemailer";
import type { Attachment } from "nodemailer/lib/mailer";
import type { Logger } from "./log.server";

/** An e-mail: the text is always there; with `html` it is sent as multipart/alternative (HTML and text). */
export type Mail = { to: string; subject: string; text: string; html?: string; replyTo?: string };

/**
 * How long to wait for an SMTP server before giving up (the job is retried later): to connect, for its greeting,
 * and for any answer once talking. A server that accepts and never answers cannot hold the worker. A value given in
 * SMTP_URL's query (e.g. `?socketTimeout=30000`) wins.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 } as const;

/** SMTP_URL with pooling and the timeouts added, unless the URL sets them itself. */
export function transportUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const defaults: Record<string, string> = {
    pool: "true",
    ...Object.fromEntries(Object.entries(SMTP_TIMEOUTS).map(([k, v]) => [k, String(v)])),
  };
  for (const [name, value] of Object.entries(defaults))
    if (!url.searchParams.has(name)) url.searchParams.set(name, value);
  return url.toString();
}
export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void; readonly transport: "smtp" | "log" };

/**
 * E-mail through SMTP when SMTP_URL is set (smtp://user:pass@host:587, smtps://… for TLS). Without it
 * (development) each e-mail is written to the log, links and all, and handed to `keep` when given (the shop keeps
 * it in the outbox table, which `npm run outbox` lists), so nothing breaks and nothing is lost.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  log: Logger;
  keep?: (mail: Mail) => Promise<void>;
}): Mailer {
  const { smtpUrl, from, log, keep } = options;
  if (!smtpUrl) {
    return {
      transport: "log",
      close: () => {},
      send: async (mail) => {
        log.info(
          { mail: { to: mail.to, subject: mail.subject, text: mail.text } },
          "e-mail (no SMTP_URL: logged, not sent)",
        );
        await keep?.(mail);
      },
    };
  }
  // Pooled: connections are kept open and reused instead of one TCP + SMTP handshake per e-mail.
  const transporter = nodemailer.createTransport(transportUrl(smtpUrl));
  return {
    transport: "smtp",
    close: () => transporter.close(),
    send: async (mail) => {
      // Encodings given, not detected: nodemailer would otherwise scan every character of the HTML with regular
      // expressions and quoted-printable it, the bulk of an e-mail's CPU time. Base64 for the HTML is native.
      const { html, ...rest } = mail;
      await transporter.sendMail({
        from,
        ...rest,
        textEncoding: "quoted-printable",
        ...(html ? { html: { content: html, contentTransferEncoding: "base64" } as Attachment } : {}),
      });
      log.info({ to: mail.to, subject: mail.subject }, "e-mail sent");
    },
  };
}

import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** A real SMTP server on a free local port that keeps what it receives, for tests. */
export type SmtpSinkOptions = {
  port?: number;
  onMail?: (mail: ReceivedMail) => void;
  /** Recipients refused for good (550), as a real server refuses an unknown mailbox. */
  rejectRecipient?: (address: string) => boolean;
  /** Waits this long before accepting each e-mail (a slow server). */
  delayMs?: number;
};

export async function startSmtpSink(options: SmtpSinkOptions = {}) {
  const received: ReceivedMail[] = [];
  /** Called after each e-mail is kept (waitFor's listeners). */
  const arrivals = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    // Pooled clients keep connections open; do not wait for them when the test is over.
    closeTimeout: 200,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipient?.(address.address)) {
        return callback(Object.assign(new Error("5.1.1 Mailbox does not exist"), { responseCode: 550 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => (raw += chunk));
      stream.on("end", () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        };
        const accept = () => {
          received.push(mail);
          options.onMail?.(mail);
          for (const arrived of arrivals) arrived();
          callback();
        };
        if (options.delayMs) setTimeout(accept, options.delayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Waits until `count` e-mails have arrived (or fails after a few seconds). */
    waitFor(count: number, timeoutMs = 5000): Promise<ReceivedMail[]> {
      return new Promise((resolve, reject) => {
        const done = (error?: Error) => {
          clearTimeout(timer);
          arrivals.delete(arrived);
          if (error) reject(error);
          else resolve(received);
        };
        const arrived = () => void (received.length >= count && done());
        const timer = setTimeout(() => done(new Error(`expected ${count} e-mails, got ${received.length}`)), timeoutMs);
        arrivals.add(arrived);
        arrived();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The body of a received e-mail as text (quoted-printable decoded). */
export function mailText(mail: ReceivedMail): string {
  const body = mail.raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join("\n\n");
  const softBreaksGone = body.replace(/=\r?\n/g, "");
  return Buffer.from(
    softBreaksGone.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

/** The first link in a received e-mail that contains `fragment`. */
export function linkIn(mail: ReceivedMail, fragment: string): string {
  const link = mailText(mail)
    .match(/https?:\/\/\S+/g)
    ?.find((url) => url.includes(fragment));
  if (!link) throw new Error(`no link with ${fragment} in the e-mail`);
  return link;
}

/** The decoded body of a MIME part (quoted-printable or base64). */
function decodePart(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const joined = body.replace(/=\r?\n/g, "");
    return Buffer.from(
      joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
  }
  return body;
}

/** The text and HTML alternatives of a received e-mail (a single-part e-mail has only one of them). */
export function mailParts(mail: ReceivedMail): { contentType: string; text: string | null; html: string | null } {
  const [head = "", ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const contentType =
    unfolded
      .match(/^Content-Type:\s*([^;\r\n]+)/im)?.[1]
      ?.trim()
      .toLowerCase() ?? "text/plain";
  const body = rest.join("\n\n");
  const boundary = unfolded.match(/boundary="?([^";\r\n]+)"?/i)?.[1];
  if (!contentType.startsWith("multipart/") || !boundary) {
    const decoded = decodePart(unfolded, body);
    return {
      contentType,
      text: contentType === "text/html" ? null : decoded,
      html: contentType === "text/html" ? decoded : null,
    };
  }
  const parts = body.split(`--${boundary}`).slice(1, -1);
  const found: { text: string | null; html: string | null } = { text: null, html: null };
  for (const part of parts) {
    const [partHead = "", ...partBody] = part.replace(/^\r?\n/, "").split(/\r?\n\r?\n/);
    const decoded = decodePart(partHead, partBody.join("\n\n").replace(/\r?\n$/, ""));
    if (/content-type:\s*text\/html/i.test(partHead)) found.html = decoded;
    else if (/content-type:\s*text\/plain/i.test(partHead)) found.text = decoded;
  }
  return { contentType, ...found };
}

/**
 * The Subject header as a mail program shows it: unfolded, its encoded words (RFC 2047, `=?UTF-8?Q?…?=` or `?B?`,
 * which nodemailer writes for anything beyond ASCII, such as '£') decoded, and the space between two of them dropped.
 */
export function mailSubject(mail: ReceivedMail): string {
  const [head = ""] = mail.raw.split(/\r?\n\r?\n/);
  const raw = head.replace(/\r?\n[ \t]+/g, " ").match(/^Subject: (.*)$/m)?.[1] ?? "";
  const word = /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g;
  return raw.replace(/\?=\s+=\?/g, "?==?").replace(word, (_, _charset: string, encoding: string, text: string) => {
    if (encoding.toUpperCase() === "B") return Buffer.from(text, "base64").toString("utf8");
    const bytes = text.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, "%25"));
  });
}

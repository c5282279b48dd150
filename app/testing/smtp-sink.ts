import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** A real SMTP server on a free local port that keeps what it receives, for tests. */
export async function startSmtpSink(options: { port?: number; onMail?: (mail: ReceivedMail) => void } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Pooled clients keep connections open; do not wait for them when the test is over.
    closeTimeout: 200,
    disabledCommands: ["STARTTLS"],
    logger: false,
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
        received.push(mail);
        options.onMail?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Waits until `count` e-mails have arrived (or fails after a few seconds). */
    async waitFor(count: number, timeoutMs = 5000): Promise<ReceivedMail[]> {
      const started = Date.now();
      while (received.length < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`expected ${count} e-mails, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The body of a received e-mail as text (quoted-printable decoded). */
export function mailText(mail: ReceivedMail): string {
  const body = mail.raw.split(/\r?\n\r?\n/).slice(1).join("\n\n");
  const softBreaksGone = body.replace(/=\r?\n/g, "");
  return Buffer.from(
    softBreaksGone.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

/** The first link in a received e-mail that contains `fragment`. */
export function linkIn(mail: ReceivedMail, fragment: string): string {
  const link = mailText(mail).match(/https?:\/\/\S+/g)?.find((url) => url.includes(fragment));
  if (!link) throw new Error(`no link with ${fragment} in the e-mail`);
  return link;
}

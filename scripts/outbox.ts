// npm run outbox [-- --count N | --all] [--to ADDRESS]: the e-mails written instead of sent (no SMTP_URL), newest
// first (docs/guide/email.md). Wrong use prints the usage and exits 2, never a stack trace.
import "./require-node.mjs"; // first: an older Node stops here with one line (docs/decisions/030)
import { parseArgs } from "node:util";
import type { Db } from "~/db/database.server";
import { countOutboxEmails, latestOutboxEmails } from "~/modules/mail/outbox.repository.server";
import { openShop } from "./cli-context";

export const OUTBOX_USAGE = [
  "npm run outbox [-- --count N | --all] [--to ADDRESS]",
  "  The e-mails the shop wrote to its outbox instead of sending them (no SMTP_URL), newest first.",
  "  --count N, -n N   how many (5 unless told)",
  "  --all             every one",
  "  --to ADDRESS      only those to this address (in any case)",
  "  --help, -h        this text",
].join("\n");

const DEFAULT_COUNT = 5;

function usageError(problem: string): number {
  console.error(`${problem}\n\nUsage: ${OUTBOX_USAGE}`);
  return 2;
}

/** Runs the command on argv (after `--`); the shop's database is opened only for a well-formed request. */
export async function runOutboxCommand(
  argv: string[],
  open: () => Promise<{ db: Db; close: () => Promise<void> }> = openShop,
): Promise<number> {
  let values: { count?: string; all?: boolean; to?: string; help?: boolean };
  try {
    values = parseArgs({
      args: argv,
      options: {
        count: { type: "string", short: "n" },
        all: { type: "boolean" },
        to: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    return usageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) {
    console.log(`Usage: ${OUTBOX_USAGE}`);
    return 0;
  }
  if (values.count !== undefined && values.all) return usageError("--count and --all: give one of them.");
  if (values.count !== undefined && !/^[1-9]\d{0,5}$/.test(values.count))
    return usageError(`--count: a whole number from 1, e.g. --count 20 (not "${values.count}").`);
  const to = values.to?.trim();
  if (values.to !== undefined && !to) return usageError("--to: an e-mail address, e.g. --to rita@example.com");
  const count = values.all ? null : Number(values.count ?? DEFAULT_COUNT);
  const filter = { to };

  const shop = await open();
  try {
    const [mails, total] = await Promise.all([
      latestOutboxEmails(shop.db, count, filter),
      countOutboxEmails(shop.db, filter),
    ]);
    const whose = to ? ` to ${to}` : "";
    if (total === 0) {
      console.log(`The outbox holds no e-mail${whose}.`);
      return 0;
    }
    for (const mail of mails) {
      console.log(`── ${mail.created_at}  to ${mail.to_address}\n   ${mail.subject}\n\n${mail.body}\n`);
    }
    console.log(
      mails.length < total
        ? `The newest ${mails.length} of ${total} e-mails${whose}: --count N or --all for more.`
        : `${total === 1 ? "The one e-mail" : `All ${total} e-mails`}${whose}.`,
    );
    return 0;
  } finally {
    await shop.close();
  }
}

// Run as a command (not when imported by a test).
if (import.meta.url === `file://${process.argv[1]}`) {
  runOutboxCommand(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`The command failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}

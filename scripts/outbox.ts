// npm run outbox [-- --count N]: the e-mails written instead of sent (no SMTP_URL), newest first.
import "./require-node.mjs"; // first: an older Node stops here with one line (docs/decisions/030)
import { parseArgs } from "node:util";
import { latestOutboxEmails } from "~/modules/mail/outbox.repository.server";
import { openShop } from "./cli-context";

const { values } = parseArgs({ options: { count: { type: "string", default: "5" } } });
const shop = await openShop();
try {
  const mails = await latestOutboxEmails(shop.db, Math.max(1, Number(values.count) || 5));
  if (mails.length === 0) console.log("The outbox is empty.");
  for (const mail of mails) {
    console.log(`── ${mail.created_at}  to ${mail.to_address}\n   ${mail.subject}\n\n${mail.body}\n`);
  }
} finally {
  await shop.close();
}

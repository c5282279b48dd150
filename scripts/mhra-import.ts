// npm run mhra:import FILE: loads the MHRA's published list of notified products (CSV) as the shop's list of MHRA
// notification numbers, replacing the one before (docs/guide/uk-rules.md). In the database of DATABASE_URL.
import "./require-node.mjs"; // first: an older Node stops here with one line (docs/decisions/030)
import { readFileSync, statSync } from "node:fs";
import { basename } from "node:path";
import { MHRA_LIST_MAX_BYTES, mhraListMessages } from "~/modules/compliance/mhra-list";
import { loadMhraList } from "~/modules/compliance/mhra-list.service.server";
import { openShop } from "./cli-context";

const file = process.argv[2];
if (!file) {
  console.error("Usage: npm run mhra:import FILE   (the MHRA's published list, a CSV file)");
  process.exit(2);
}
let size: number;
try {
  size = statSync(file).size;
} catch {
  console.error(`Cannot read ${file}.`);
  process.exit(2);
}
if (size > MHRA_LIST_MAX_BYTES) {
  console.error(mhraListMessages.tooBig(MHRA_LIST_MAX_BYTES));
  process.exit(1);
}
const text = readFileSync(file, "utf8");
const shop = await openShop();
try {
  const answer = await loadMhraList(shop.db, "command line", basename(file), text);
  if (!answer.ok) {
    console.error(answer.message);
    process.exitCode = 1;
  } else {
    console.log(`Loaded ${answer.loaded} MHRA notification numbers from ${answer.lines} lines of ${basename(file)}.`);
    if (answer.refusedCount > 0) {
      console.log(`${answer.refusedCount} ${answer.refusedCount === 1 ? "line was" : "lines were"} refused:`);
      for (const r of answer.refused) console.log(`  line ${r.line}: ${r.reason}`);
      if (answer.refusedCount > answer.refused.length)
        console.log(`  and ${answer.refusedCount - answer.refused.length} more`);
    }
  }
} finally {
  await shop.close();
}

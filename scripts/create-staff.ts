// npm run create-staff -- --email E [--password P] [--first-name F] [--last-name L]: the same as
// `npm run staff -- create` (kept for the README's first steps and scripts that use it).
import "./require-node.mjs"; // first: an older Node stops here with one line (docs/decisions/030)
import { runStaffCommand } from "./staff";

process.exit(await runStaffCommand(["create", ...process.argv.slice(2)]));

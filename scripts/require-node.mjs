// Imported first by the server and run before every npm script: an older Node than 22 stops at once with one clear
// line instead of crashing in better-sqlite3 13 (docs/decisions/030).
import { nodeVersionProblem } from "./node-version.mjs";

const problem = nodeVersionProblem(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}

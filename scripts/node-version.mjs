// Which Node.js the shop runs on (docs/decisions/030): 22 or 24, the LTS releases; better-sqlite3 13 crashes 20.
export const NEEDED_MAJOR = 22;

/** The one line that stops an older Node, or null when this version will do. */
export function nodeVersionProblem(version) {
  const major = Number(String(version).replace(/^v/, "").split(".")[0]);
  if (Number.isInteger(major) && major >= NEEDED_MAJOR) return null;
  return (
    `Node ${NEEDED_MAJOR} or newer is needed; this is ${String(version).replace(/^v/, "")}. ` +
    'Run `export PATH="$(bash scripts/node-runtime.sh 24):$PATH"` to use Node 24 from the npm registry.'
  );
}

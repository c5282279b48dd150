// Which Node.js the shop runs on (docs/decisions/030, 034): 22 (22.22 or newer, for React Router 8) or 24, the LTS
// releases; better-sqlite3 13 crashes 20.
export const NEEDED_MAJOR = 22;
export const NEEDED_MINOR = 22;

/** The one line that stops an older Node, or null when this version will do. */
export function nodeVersionProblem(version) {
  const [major, minor] = String(version).replace(/^v/, "").split(".").map(Number);
  if (Number.isInteger(major) && Number.isInteger(minor)) {
    if (major > NEEDED_MAJOR || (major === NEEDED_MAJOR && minor >= NEEDED_MINOR)) return null;
  }
  return (
    `Node ${NEEDED_MAJOR} or newer is needed (${NEEDED_MAJOR}.${NEEDED_MINOR} at least); this is ${String(version).replace(/^v/, "")}. ` +
    'Run `export PATH="$(bash scripts/node-runtime.sh 24):$PATH"` to use Node 24 from the npm registry.'
  );
}

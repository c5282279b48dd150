// Builds the production bundle when it is missing or older than any source file (used by `npm start`).
import "./require-node.mjs";
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const output = "build/main.js";
const sources = ["app", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

const built = existsSync(output) ? statSync(output).mtimeMs : 0;
const changed = Math.max(...sources.filter(existsSync).map(newest));
if (changed > built) {
  const started = Date.now();
  console.log(
    `${built ? "Sources changed since the last build" : "No build yet"}: building the shop (about a minute)…`,
  );
  // Warnings and errors only, not npm's banner and every file written (`npm run build` prints those).
  try {
    execSync("npm run build --silent", { stdio: "inherit", env: { ...process.env, SHOP_BUILD_LOG_LEVEL: "warn" } });
  } catch {
    console.error("The build failed (its messages are above); the shop was not started.");
    process.exit(1);
  }
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

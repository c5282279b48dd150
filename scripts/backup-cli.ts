// What npm run backup, restore and db:copy share: their options and usage, and one line for a refusal, never a stack
// trace (docs/guide/backups.md).
import "./require-node.mjs"; // first: an older Node stops here with one line (docs/decisions/030)
import { parseArgs, type ParseArgsConfig } from "node:util";
import { BackupError } from "~/modules/backups/backup-archive.server";

type Parsed = { values: Record<string, string | boolean | undefined>; positionals: string[] };

/**
 * Parses the command line (wrong use: the usage and exit 2; --help: the usage and exit 0), runs the command, and turns
 * a refusal into its one line and exit 1.
 */
export async function runCommand(
  usage: string,
  options: NonNullable<ParseArgsConfig["options"]>,
  run: (parsed: Parsed) => Promise<void>,
  positionals = false,
): Promise<never> {
  let parsed: Parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      options: { ...options, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: positionals,
    }) as Parsed;
  } catch (error) {
    console.error(`${(error as Error).message}\n\nUsage: ${usage}`);
    process.exit(2);
  }
  if (parsed.values.help) {
    console.log(`Usage: ${usage}`);
    process.exit(0);
  }
  try {
    await run(parsed);
    process.exit(0);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\nUsage: ${usage}`);
      process.exit(2);
    }
    console.error(error instanceof BackupError ? error.message : `Failed: ${(error as Error).message}`);
    process.exit(1);
  }
}

/** Wrong use of a command: said with its usage, exit 2. */
export class UsageError extends Error {}

/** 12.3 MB */
export const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** The rows per table, as a short table. */
export function printTables(tables: Record<string, number>) {
  const width = Math.max(...Object.keys(tables).map((t) => t.length));
  for (const [table, rows] of Object.entries(tables)) console.log(`  ${table.padEnd(width)}  ${rows}`);
}

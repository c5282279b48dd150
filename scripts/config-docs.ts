// npm run docs:config: writes docs/configuration.md and .env.example from the settings' schema
// (app/lib/config.server.ts, where each setting's check, default and meaning live). `--check` writes nothing and exits 1
// when a file differs from what it would write. scripts/config-docs.test.ts fails in the same case, so the two files
// never drift from the schema.
import "./require-node.mjs"; // first: an older Node stops here with one line (docs/decisions/030)
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { configSchema } from "~/lib/config.server";
import { groups, projectSettings, testAndBenchSettings, type Group, type Setting } from "./config-docs-lists";

type Meta = { description?: string; defaultText?: string };

/** Every setting of the schema, in the schema's order, with its default and meaning. */
export function schemaSettings(): Setting[] {
  return Object.entries(configSchema.shape).map(([name, schema]) => {
    const meta = (schema.meta() ?? {}) as Meta;
    if (!meta.description) throw new Error(`${name} has no meaning in app/lib/config.server.ts`);
    return { name, default: meta.defaultText ?? shownDefault(schema), meaning: meta.description };
  });
}

function shownDefault(schema: z.ZodType): string {
  if (schema instanceof z.ZodDefault) return `\`${String(schema.def.defaultValue)}\``;
  return "(none)";
}

/** The schema's settings by group; fails on a setting in no group, in two, or not in the schema. */
function grouped(): { group: Group; settings: Setting[] }[] {
  const all = new Map(schemaSettings().map((s) => [s.name, s]));
  const placed = groups.flatMap((g) => g.settings as string[]);
  const unknown = placed.filter((name) => !all.has(name));
  const twice = placed.filter((name, i) => placed.indexOf(name) !== i);
  const nowhere = [...all.keys()].filter((name) => !placed.includes(name));
  if (unknown.length || twice.length || nowhere.length) {
    throw new Error(
      `scripts/config-docs-lists.ts groups: ${[
        ...unknown.map((n) => `${n} is not in the schema`),
        ...twice.map((n) => `${n} is in two groups`),
        ...nowhere.map((n) => `${n} is in no group`),
      ].join("; ")}`,
    );
  }
  return groups.map((group) => ({ group, settings: group.settings.map((name) => all.get(name)!) }));
}

const cell = (text: string) => text.replaceAll("|", "\\|");
const table = (settings: Setting[]) => [
  "| setting | default | meaning |",
  "|---|---|---|",
  ...settings.map((s) => `| \`${s.name}\` | ${cell(s.default)} | ${cell(s.meaning)} |`),
];

export function configurationMarkdown(): string {
  const lines = [
    "# Configuration",
    "",
    "<!-- Written by `npm run docs:config` from app/lib/config.server.ts: change a meaning there and run it again. -->",
    "",
    "The shop is set up by environment variables, checked at start: a bad value stops the server with a message that",
    "names the variable, and so does a database that cannot be reached. Nothing is needed for a first start: every",
    "setting has a default. [.env.example](../.env.example) lists the same settings ready to copy to `.env` (git",
    "ignores it) and load, e.g. `set -a; . ./.env; set +a; npm start`; the shop itself reads only its environment.",
    "",
    "The contact details and WhatsApp number defaults are fictional (Ofcom's drama range); set real ones before",
    "opening, and the company details. The money defaults are a UK shop's: pounds, prices including 20 % VAT",
    "([UK rules](guide/uk-rules.md)).",
  ];
  for (const { group, settings } of grouped()) {
    lines.push("", `## ${group.title}`);
    lines.push(`How they are used: [${group.guide[0]}](${group.guide[1]}).`, "");
    lines.push(...table(settings));
  }
  lines.push(
    "",
    "## For tests and benchmarks",
    "Read by `npm test`, the journeys and `npm run bench`, never by the shop ([testing](guide/testing.md),",
    "[benchmark](guide/benchmark.md)).",
    "",
    ...table(testAndBenchSettings),
    "",
    "## Set by the project's own commands",
    "Listed so that every variable the code reads is written down; nobody needs to set them.",
    "",
    ...table(projectSettings),
    "",
  );
  return lines.join("\n");
}

/** Plain words for a comment: Markdown links lose their target, backticks stay. */
const plain = (text: string) => text.replace(/\[([^\]]+)\]\([^)]+\)/g, "$1");

/** `# ` lines of at most 120 characters. */
function comment(text: string): string[] {
  const lines: string[] = [];
  let line = "#";
  // A `code span` is one word, so it is never cut in two.
  for (const word of plain(text).match(/(?:[^\s`]*`[^`]*`)+[^\s`]*|\S+/g) ?? []) {
    if (line.length + 1 + word.length > 120 && line !== "#") {
      lines.push(line);
      line = "#";
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines;
}

export function envExample(): string {
  const lines = [
    ...comment(
      "The shop's settings, written by `npm run docs:config` from app/lib/config.server.ts (change a meaning there and run it again; docs/configuration.md has them as tables). Checked at start: a bad value stops the server with a message that names the variable. The shop reads only its environment, never this file: copy it to .env (git ignores it), fill in what you need, and load it, e.g. `set -a; . ./.env; set +a; npm start` (quote values with spaces). An empty value means the default given above it.",
    ),
  ];
  for (const { group, settings } of grouped()) {
    lines.push("", `# --- ${group.title} ---`);
    for (const s of settings) {
      const shown = s.default.replace(/^\((.*)\)$/, "$1");
      lines.push(...comment(`${s.meaning} Default: ${shown}.`), `${s.name}=`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/** The settings an .env file names (`NAME=` at the start of a line), in order. */
export const envNames = (text: string) => [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);

/** What an .env example lacks of the schema's settings, and what it names that the schema does not have. */
export function envExampleProblems(text: string, settings = Object.keys(configSchema.shape)): string[] {
  const named = envNames(text);
  return [
    ...settings.filter((name) => !named.includes(name)).map((name) => `${name} is missing`),
    ...named.filter((name) => !settings.includes(name)).map((name) => `${name} is not a setting of the schema`),
  ];
}

/** The files this script writes, by path from the repository's root. */
export const generated: Record<string, () => string> = {
  "docs/configuration.md": configurationMarkdown,
  ".env.example": envExample,
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const check = process.argv.includes("--check");
  let stale = 0;
  for (const [path, write] of Object.entries(generated)) {
    const text = write();
    const now = existsSync(path) ? readFileSync(path, "utf8") : "";
    if (now === text) console.log(`${path}: up to date`);
    else if (check) {
      stale++;
      console.log(`${path}: differs from the schema (run npm run docs:config)`);
    } else {
      writeFileSync(path, text);
      console.log(`${path}: written`);
    }
  }
  if (stale) process.exit(1);
}

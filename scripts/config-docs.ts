// npm run docs:config: writes docs/configuration.md and .env.example from the settings' schema
// (app/lib/config.server.ts, where each setting's check, default and meaning live). `--check` writes nothing and exits 1
// when a file differs from what it would write. scripts/config-docs.test.ts fails in the same case, so the two files
// never drift from the schema.
import "./require-node.mjs"; // first: an older Node stops here with one line (docs/decisions/030)
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { configSchema } from "~/lib/config.server";

export type Setting = { name: string; default: string; meaning: string };
type Group = { title: string; guide: [title: string, href: string]; settings: (keyof typeof configSchema.shape)[] };

/** How the settings are grouped on the page and in .env.example; every setting of the schema is in exactly one. */
export const groups: Group[] = [
  {
    title: "Server",
    guide: ["Several servers", "guide/several-servers.md"],
    settings: [
      "PORT",
      "HOST",
      "APP_URL",
      "TRUST_PROXY",
      "WEB_CONCURRENCY",
      "SHUTDOWN_TIMEOUT_MS",
      "KEEP_ALIVE_TIMEOUT_MS",
      "BODY_LIMIT_BYTES",
      "LOG_LEVEL",
    ],
  },
  {
    title: "Database",
    guide: ["PostgreSQL and the demo content", "guide/postgresql.md"],
    settings: ["DATABASE_URL", "DATABASE_POOL_SIZE", "DEMO_CONTENT"],
  },
  {
    title: "The shop",
    guide: ["Shopping", "guide/shopping.md"],
    settings: [
      "SHOP_NAME",
      "SHOP_CURRENCY",
      "SHOP_WHATSAPP_NUMBER",
      "SHOP_PHONE",
      "SHOP_EMAIL",
      "SHOP_ADDRESS",
      "SHOP_TIME_ZONE",
      "SOCIAL_FACEBOOK_URL",
      "SOCIAL_INSTAGRAM_URL",
      "SOCIAL_X_URL",
      "SOCIAL_YOUTUBE_URL",
      "LOW_STOCK_THRESHOLD",
    ],
  },
  {
    title: "Tax, the company and age checks (UK rules)",
    guide: ["UK rules", "guide/uk-rules.md"],
    settings: [
      "TAX_RATE_PERCENT",
      "TAX_MODE",
      "COMPANY_NAME",
      "COMPANY_NUMBER",
      "VAT_NUMBER",
      "COMPANY_ADDRESS",
      "AGE_VERIFICATION",
    ],
  },
  {
    title: "E-mail",
    guide: ["E-mail", "guide/email.md"],
    settings: ["SMTP_URL", "MAIL_FROM", "STAFF_EMAIL", "JOB_POLL_MS", "JOB_RETRY_BASE_MS"],
  },
  {
    title: "Sign-in",
    guide: ["Shopping, accounts", "guide/shopping.md#accounts"],
    settings: ["AUTH_SECRET", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "GOOGLE_ISSUER"],
  },
  {
    title: "Pages and uploads",
    guide: ["Several servers, the page cache", "guide/several-servers.md#the-page-cache"],
    settings: ["PAGE_CACHE_ENTRIES", "CONTENT_VERSION_POLL_MS", "UPLOAD_DIR", "UPLOAD_MAX_BYTES"],
  },
  {
    title: "Metrics",
    guide: ["Several servers, metrics", "guide/several-servers.md#metrics-and-request-ids"],
    settings: ["METRICS_TOKEN", "METRICS_ALLOW"],
  },
];

/** Read by the tests and the benchmark, never by the shop (so not in its schema, nor in .env.example). */
export const testAndBenchSettings: Setting[] = [
  {
    name: "TEST_DATABASE_URL",
    default: "(none)",
    meaning:
      "A PostgreSQL server, e.g. `postgres://postgres@127.0.0.1:5432/test`: the service tests run on PostgreSQL as well as SQLite, each test file making its own database there and dropping it afterwards. The benchmark's PostgreSQL when `BENCH_PG_URL` is not set.",
  },
  {
    name: "TEST_ALSO_ON_NODE",
    default: "(none)",
    meaning:
      "The path of another `node`: `npm test` runs the unit and service tests once more on it (CI: Node 22; docs/decisions/030).",
  },
  {
    name: "CHROMIUM_PATH",
    default: "`/usr/bin/chromium`",
    meaning:
      "The Chromium (or Chrome) the browser journeys and the benchmark drive; else Debian's (`/usr/bin/chromium`, `/usr/bin/chromium-browser` or `/usr/bin/google-chrome`). Playwright's own browser download is not used.",
  },
  {
    name: "E2E_PORT",
    default: "`4173`",
    meaning:
      "The port of the journeys' shop; its mail and OpenID servers take the next two, and specs that start servers of their own take ports above it (+30, +31, +40, +41). Two people running journeys on one machine each take their own.",
  },
  {
    name: "SHOP_MAIN_JS",
    default: "`build/main.js`",
    meaning: "The build the process tests start (e.g. an older commit's, to compare).",
  },
  {
    name: "BENCH_ONLY",
    default: "(everything but `catalogue`)",
    meaning:
      "`orders`: order placement alone; `pages`: the pages alone (no orders); `browser`: the JavaScript and Lighthouse alone; `catalogue`: a large catalogue (not part of the default run). See [the benchmark guide](guide/benchmark.md).",
  },
  { name: "BENCH_SECONDS", default: "`5`", meaning: "The length of one measuring round, in seconds." },
  { name: "BENCH_ROUNDS", default: "`3`", meaning: "Measuring rounds for each page." },
  { name: "BENCH_SHOPPERS", default: "`20,50`", meaning: "Shoppers placing orders at once, one run for each number." },
  {
    name: "BENCH_ORDER_DATABASES",
    default: "`sqlite,postgres`",
    meaning: "The databases order placement is measured on (`sqlite` or `postgres` for one alone).",
  },
  { name: "BENCH_ORDER_ROUNDS", default: "`30`", meaning: "Rounds of order placement in each run." },
  { name: "BENCH_PORT", default: "`4300`", meaning: "The port of the benchmark's shop." },
  {
    name: "BENCH_PG_URL",
    default: "`TEST_DATABASE_URL`, else `postgres://postgres@127.0.0.1:5432/postgres`",
    meaning:
      "The PostgreSQL server the benchmark makes its fresh databases on (skipped with a message when none answers).",
  },
  {
    name: "BENCH_NODE_ARGS",
    default: "(none)",
    meaning:
      'Extra Node options for the benchmark\'s server, e.g. `--cpu-prof --cpu-prof-dir=DIR` (sum the profile up with `npx tsx scripts/profile-summary.ts "DIR/*.cpuprofile"`).',
  },
  { name: "BENCH_LIGHTHOUSE_RUNS", default: "`3`", meaning: "Lighthouse runs on each page." },
  { name: "BENCH_LIGHTHOUSE_DIR", default: "(none)", meaning: "A folder to keep Lighthouse's reports in." },
  {
    name: "BENCH_CATALOGUE_ITEMS",
    default: "`10000`",
    meaning: "Items in the large catalogue (`BENCH_ONLY=catalogue`).",
  },
];

/** Set by the project's own commands; listed so every variable the code reads is written down somewhere. */
export const projectSettings: Setting[] = [
  {
    name: "NODE_ENV",
    default: "(none)",
    meaning:
      "`npm start` sets `production`; `npm run dev` sets `development`: Vite in middleware mode, one process, readable log lines.",
  },
  {
    name: "SHOP_BUILD_DIR",
    default: "`build/` (beside `build/main.js`)",
    meaning: "Where the server finds `server/` and `client/` of the production build.",
  },
  {
    name: "SHOP_BUILD_LOG_LEVEL",
    default: "(Vite's)",
    meaning: "Set to `warn` by `npm start` when it builds, so only warnings and errors are printed.",
  },
  { name: "CI", default: "(none)", meaning: "Set by CI: a journey left with `.only` fails the run." },
  {
    name: "PLAYWRIGHT_JSON_OUTPUT_NAME",
    default: "(none)",
    meaning: "Set by `npm test`: the journeys also write a JSON report, from which the summary line is counted.",
  },
];

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
      `scripts/config-docs.ts groups: ${[
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
    "opening. A UK shop sets `TAX_MODE=included TAX_RATE_PERCENT=20 SHOP_CURRENCY=GBP` and its company details",
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

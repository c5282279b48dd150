// The lists scripts/config-docs.ts writes docs/configuration.md and .env.example with, beside the schema's own
// settings: how those are grouped, and the variables read outside the schema (tests, benchmark, the project's own
// commands). A new setting of the schema goes in a group here; scripts/config-docs.test.ts says when one is missing.
import type { configSchema } from "~/lib/config.server";

export type Setting = { name: string; default: string; meaning: string };
export type Group = {
  title: string;
  guide: [title: string, href: string];
  settings: (keyof typeof configSchema.shape)[];
};

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
    guide: ["Databases", "guide/postgresql.md"],
    settings: ["DATABASE_URL", "DATABASE_POOL_SIZE", "DEMO_CONTENT"],
  },
  {
    title: "Backups",
    guide: ["Backups", "guide/backups.md"],
    settings: ["BACKUP_KEEP_DAYS"],
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
      "VAT_QUARTER_ENDS",
      "SOCIAL_FACEBOOK_URL",
      "SOCIAL_INSTAGRAM_URL",
      "SOCIAL_X_URL",
      "SOCIAL_YOUTUBE_URL",
      "LOW_STOCK_THRESHOLD",
      "SCHEDULED_SHIPPING_PRICE",
    ],
  },
  {
    title: "Orders waiting for payment",
    guide: ["Shopping", "guide/shopping.md#orders-waiting-for-payment"],
    settings: [
      "UNPAID_ORDER_DAYS",
      "UNPAID_ORDER_DAYS_AGE_UNCHECKED",
      "UNPAID_ORDERS_PER_ACCOUNT",
      "UNPAID_UNITS_PER_ACCOUNT",
      "UNPAID_ORDERS_PER_ADDRESS",
      "UNPAID_UNITS_PER_ADDRESS",
      "ORDERS_PER_HOUR_PER_ACCOUNT",
      "ORDERS_PER_HOUR_PER_IP",
    ],
  },
  {
    title: "Card payments",
    guide: ["Payments", "guide/payments.md"],
    settings: [
      "PAYMENT_PROVIDER",
      "WORLDPAY_BASE_URL",
      "WORLDPAY_USERNAME",
      "WORLDPAY_PASSWORD",
      "WORLDPAY_ENTITY",
      "PAYMENT_WEBHOOK_SECRET",
      "PAYMENT_TEST_MODE",
      "PAYMENT_SANDBOX_PORT",
      "PAYMENT_CHECK_SECONDS",
      "PAYMENT_PENDING_MINUTES",
      "PAYMENT_PROVIDER_TIMEOUT_MS",
    ],
  },
  {
    title: "Tax, the company and age checks (UK rules)",
    guide: ["UK rules", "guide/uk-rules.md"],
    settings: [
      "TAX_RATE_PERCENT",
      "TAX_MODE",
      "SHOW_WAS_PRICES",
      "COMPANY_NAME",
      "COMPANY_NUMBER",
      "VAT_NUMBER",
      "COMPANY_ADDRESS",
      "AGE_VERIFICATION",
      "AGE_CHECK_API_URL",
      "AGE_CHECK_API_KEY",
      "AGE_CHECK_TIMEOUT_MS",
      "AGE_DOCUMENTS_DIR",
    ],
  },
  {
    title: "Back office",
    guide: ["The back office, its audit log", "guide/back-office.md#audit-log"],
    settings: ["AUDIT_RETENTION_YEARS"],
  },
  {
    title: "E-mail",
    guide: ["E-mail", "guide/email.md"],
    settings: ["SMTP_URL", "MAIL_FROM", "STAFF_EMAIL", "SHOP_ORDERS_EMAIL", "JOB_POLL_MS", "JOB_RETRY_BASE_MS"],
  },
  {
    title: "Sign-in",
    guide: ["Shopping, accounts", "guide/shopping.md#accounts"],
    settings: ["AUTH_SECRET", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "GOOGLE_ISSUER"],
  },
  {
    title: "Pages and uploads",
    guide: ["Several servers, the page cache", "guide/several-servers.md#the-page-cache-one-page-for-everyone"],
    settings: [
      "PAGE_CACHE_ENTRIES",
      "SHARED_PAGE_SECONDS",
      "CONTENT_VERSION_POLL_MS",
      "UPLOAD_DIR",
      "UPLOAD_MAX_BYTES",
    ],
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
    default: "(everything but `catalogue`, `import`, `backup` and `nginx`)",
    meaning:
      "`orders`: order placement alone; `pages`: the pages alone (no orders); `browser`: the JavaScript and Lighthouse alone; `catalogue`: a large catalogue; `import`: a 10,000-variant catalogue CSV imported on both databases; `backup`: backup, restore and `db:copy` of a 10,000-item catalogue with 10,000 orders; `nginx`: cached pages through the production recipe (deploy/nginx/) against nginx sending the same bytes (these four are not part of the default run). See [the benchmark guide](guide/benchmark.md).",
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
      'Extra Node options for the benchmark\'s server, e.g. `--cpu-prof --cpu-prof-dir=DIR` (sum the profile up with `npx tsx bench/profile-summary.ts "DIR/*.cpuprofile"`).',
  },
  {
    name: "PROFILE_REQUESTS",
    default: "`2000`",
    meaning:
      "`bench/profile-allocations.ts`: requests of each page to warm up, to time the CPU and to sample what is allocated (each).",
  },
  {
    name: "PROFILE_NODE_ARGS",
    default: "(none)",
    meaning: "`bench/profile-allocations.ts`: extra Node options for its server, e.g. a V8 flag to try.",
  },
  {
    name: "PROFILE_COOKIE",
    default: "(none)",
    meaning:
      "`bench/profile-allocations.ts`: cookies sent with every request besides the age answer, e.g. a shopper's session cookie to profile `/cart` or `/account`.",
  },
  { name: "BENCH_LIGHTHOUSE_RUNS", default: "`3`", meaning: "Lighthouse runs on each page." },
  { name: "BENCH_LIGHTHOUSE_DIR", default: "(none)", meaning: "A folder to keep Lighthouse's reports in." },
  {
    name: "BENCH_CATALOGUE_ITEMS",
    default: "`10000`",
    meaning: "Items in the large catalogue (`BENCH_ONLY=catalogue` and `backup`).",
  },
  {
    name: "BENCH_CATALOGUE_DATABASES",
    default: "`sqlite,postgres`",
    meaning: "The databases the large catalogue is measured on (`sqlite` or `postgres` for one alone).",
  },
  {
    name: "BENCH_CATALOGUE_PAGES",
    default: "(every page)",
    meaning: "`search`: the large catalogue's search rows alone (`BENCH_ONLY=catalogue`).",
  },
  {
    name: "BENCH_IMPORT_VARIANTS",
    default: "`10000`",
    meaning: "Variants in the catalogue CSV the import benchmark imports (`BENCH_ONLY=import`).",
  },
  {
    name: "BENCH_BACKUP_ORDERS",
    default: "`10000`",
    meaning: "Orders in the shop the backup benchmark backs up (`BENCH_ONLY=backup`).",
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
  {
    name: "PAYMENT_SANDBOX_WEBHOOK_URL",
    default: "`http://127.0.0.1:$PORT/webhooks/payments/worldpay`",
    meaning:
      "`npm run payment-sandbox` only: where the sandbox run on its own sends its signed events (the shop starts its own sandbox with its own address).",
  },
  { name: "CI", default: "(none)", meaning: "Set by CI: a journey left with `.only` fails the run." },
  {
    name: "SUDO_USER",
    default: "(none)",
    meaning:
      "Set by `sudo`: `npm run staff` writes it to the audit log (and `reset-two-factor` to the log) as who ran the command (else the system user's name).",
  },
  {
    name: "PLAYWRIGHT_JSON_OUTPUT_NAME",
    default: "(none)",
    meaning: "Set by `npm test`: the journeys also write a JSON report, from which the summary line is counted.",
  },
];

import { z } from "zod";
import { DEFAULT_SHOP_TIME_ZONE, isTimeZone } from "./shop-time";
import type { TaxRule } from "./pricing";
import { fictionalContactDefaults } from "./trader";

const isCurrencyCode = (code: string) => {
  try {
    new Intl.NumberFormat("en", { style: "currency", currency: code });
    return true;
  } catch {
    return false;
  }
};

/** An https address of a page on the given network (not its home page). */
const socialUrl = (host: string) =>
  z
    .url({ protocol: /^https$/, error: `must be the https address of the shop's page on ${host}` })
    .refine((value) => {
      const url = new URL(value);
      return (url.hostname === host || url.hostname.endsWith(`.${host}`)) && url.pathname.length > 1;
    }, `must be the address of the shop's own page on ${host}`)
    .optional();

export const configSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^(file:.+|postgres(ql)?:\/\/.+)$/, "must be file:PATH or postgres://…")
    .default("file:./data/shop.db"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  DEMO_CONTENT: z.enum(["on", "off"], "must be on or off").default("on"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(240_000).default(65_000),
  PAGE_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(500),
  SHARED_PAGE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  CONTENT_VERSION_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50_000_000).default(1_000_000),
  UPLOAD_DIR: z.string().min(1).default("./data/uploads"),
  BACKUP_KEEP_DAYS: z.coerce.number().int().min(1, "must be 1 day or more").max(3650).default(30),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(10_000).max(50_000_000).default(5_000_000),
  SHOP_NAME: z.string().min(1).max(60).default("Vapour Lane"),
  SHOP_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, "must be a three-letter currency code such as USD or GBP")
    .refine(isCurrencyCode, "is not a currency code this server knows")
    .default("GBP"),
  SHOP_WHATSAPP_NUMBER: z
    .string()
    .regex(/^\d{8,15}$/, "must be the international number in digits only, e.g. 447700900123")
    .default("447700900123"),
  SHOP_PHONE: z.string().min(3).max(40).default(fictionalContactDefaults.SHOP_PHONE),
  SHOP_EMAIL: z.email().default(fictionalContactDefaults.SHOP_EMAIL),
  SHOP_ADDRESS: z.string().min(3).max(200).default(fictionalContactDefaults.SHOP_ADDRESS),
  SHOP_TIME_ZONE: z
    .string()
    .refine(isTimeZone, "is not a time zone this server knows; use an IANA name such as Europe/London")
    .default(DEFAULT_SHOP_TIME_ZONE),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, "must be smtp://… or smtps://…")
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).optional(),
  STAFF_EMAIL: z.email().optional(),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, "must be true, false or the number of proxies in front of the shop")
    .default("false"),
  METRICS_TOKEN: z.string().min(24, "must be at least 24 characters").optional(),
  METRICS_ALLOW: z.string().max(500).default("127.0.0.1,::1,::ffff:127.0.0.1"),
  APP_URL: z.url("must be the shop's public address, e.g. https://shop.example").optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
  TAX_RATE_PERCENT: z.coerce.number().min(0).max(100).default(20),
  TAX_MODE: z.enum(["added", "included"], "must be added or included").default("included"),
  SHOW_WAS_PRICES: z.enum(["on", "off"], "must be on or off").default("off"),
  COMPANY_NAME: z.string().min(2).max(120).optional(),
  COMPANY_NUMBER: z
    .string()
    .regex(/^(\d{8}|[A-Z]{2}\d{6})$/, "must be a Companies House number: 8 digits, or 2 letters and 6 digits")
    .optional(),
  VAT_NUMBER: z
    .string()
    .regex(/^GB ?\d{3} ?\d{4} ?\d{2}( ?\d{3})?$/, "must be a UK VAT number such as GB123456789")
    .optional(),
  COMPANY_ADDRESS: z.string().min(3).max(200).optional(),
  SOCIAL_FACEBOOK_URL: socialUrl("facebook.com"),
  SOCIAL_INSTAGRAM_URL: socialUrl("instagram.com"),
  SOCIAL_X_URL: socialUrl("x.com"),
  SOCIAL_YOUTUBE_URL: socialUrl("youtube.com"),
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(10_000).default(5),
  UNPAID_ORDER_DAYS: z.coerce.number().int().min(3, "must be 3 days or more").max(90).default(7),
  // A scheduled day's price in the shop's currency ("9.50"); unset: Express's. Never less than Express's (8.50).
  SCHEDULED_SHIPPING_PRICE: z
    .string()
    .regex(/^\d{1,4}(\.\d{2})?$/, "must be a price such as 9.50")
    .refine((price) => Math.round(Number(price) * 100) >= 850, "must be at least Express Shipping's price, 8.50")
    .optional(),
  AGE_VERIFICATION: z.enum(["manual", "http"], "must be manual or http").default("manual"),
  AGE_CHECK_API_URL: z
    .url({ protocol: /^https?$/, error: "must be the checking service's http(s) address" })
    .optional(),
  AGE_CHECK_API_KEY: z.string().min(8, "must be at least 8 characters").optional(),
  AGE_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  AGE_DOCUMENTS_DIR: z.string().min(1).default("./data/age-documents"),
  JOB_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  JOB_RETRY_BASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
});

/** A setting's meaning, and its default in words where the schema has no plain default value. */
type Meaning = string | { description: string; defaultText: string };

/**
 * What each setting means: the one source of docs/configuration.md and .env.example (`npm run docs:config`,
 * scripts/config-docs.ts). Kept in zod's metadata registry, so `configSchema.shape.PORT.meta()` gives it.
 */
const meanings: Record<keyof typeof configSchema.shape, Meaning> = {
  PORT: "HTTP port.",
  HOST: "Interface to listen on.",
  DATABASE_URL: "`file:PATH` for SQLite; `postgres://user:pass@host:5432/db` selects PostgreSQL.",
  DATABASE_POOL_SIZE: "PostgreSQL connections per server process.",
  DEMO_CONTENT:
    "`on`: a new database (no devices, no blog posts) gets the demo shop's content at start; `off`: it starts empty, for a real shop (docs/decisions/026). A database with content of its own is never changed.",
  LOG_LEVEL:
    "`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`; logs are JSON lines on stdout (readable lines under `npm run dev`). At `info`, one line per page or action; static files and health checks only at `debug`.",
  SHUTDOWN_TIMEOUT_MS:
    "On SIGTERM, how long requests in flight may take to finish before they are cut, in ms (0–600000).",
  KEEP_ALIVE_TIMEOUT_MS:
    "How long an idle keep-alive connection stays open, in ms (1000–240000): longer than any proxy or load balancer in front keeps its upstream connections (nginx and cloud load balancers: 60 s), so none reuses a connection the shop is closing and answers 502 (docs/decisions/032). On SIGTERM idle connections are closed at once whatever this is.",
  PAGE_CACHE_ENTRIES:
    "Pages kept per server process (the same page for every shopper, signed in or not); `0` turns the cache off.",
  SHARED_PAGE_SECONDS:
    "How long nginx in front (deploy/nginx/) or a CDN may keep a page that is the same for everyone (`s-maxage`), in seconds; a staff change shows through it within this time. `0`: they ask the shop every time.",
  CONTENT_VERSION_POLL_MS:
    "How often each server process checks whether the catalogue or content changed, in ms; a staff change shows on every copy within this.",
  WEB_CONCURRENCY: {
    description:
      "Server processes on this machine (Node cluster; read by server/main.ts before the rest): the primary prepares the database, the workers share the port. `1`: one process, no cluster.",
    defaultText: "the number of CPUs (1 under `npm run dev`)",
  },
  BODY_LIMIT_BYTES:
    "Largest request body accepted, in bytes (larger: 413); image uploads in the back office have their own limit.",
  UPLOAD_DIR:
    "Where images uploaded in the back office are stored (served at `/uploads/…`, cached for a year: names are content hashes).",
  BACKUP_KEEP_DAYS:
    "`npm run backup` deletes the backups in its folder older than this many days (docs/guide/backups.md). The privacy notice tells customers that an erased account can remain in a backup this long.",
  UPLOAD_MAX_BYTES: "Largest image upload in bytes (JPEG, PNG or WebP; at most 50 megapixels whatever the size).",
  SHOP_NAME: "Shown in the header, footer and page titles.",
  SHOP_CURRENCY:
    "ISO currency code used to format prices: `GBP` gives `£12.99`, `USD` `$12.99`. Each order keeps the currency it was placed in (docs/decisions/036).",
  SHOP_WHATSAPP_NUMBER:
    "The shop's WhatsApp number, international, digits only. The default is fictional (Ofcom's drama range): set the real one before opening.",
  SHOP_PHONE:
    "Contact phone shown to shoppers. The default is fictional (Ofcom's drama range): set the real one before opening.",
  SHOP_EMAIL: "Contact e-mail shown to shoppers. The default is fictional: set the real one before opening.",
  SHOP_ADDRESS: "Contact address shown to shoppers. The default is fictional: set the real one before opening.",
  SHOP_TIME_ZONE:
    "The IANA time zone (e.g. `Europe/Dublin`) the shop's days are counted in (today, delivery dates, the 14-day return window, the back office's date filters and dashboard) and its dates and times are shown in, on the server and in the browser alike (app/lib/shop-time.ts, docs/decisions/024); an unknown zone stops the server at start.",
  SMTP_URL: {
    description:
      "`smtp://user:pass@host:587` or `smtps://…:465`; without it e-mails are written to the log instead of sent. Connection and greeting time out after 5 s, an unanswered command after 10 s (set `?connectionTimeout=`, `greetingTimeout=` or `socketTimeout=` in ms on the URL to change them).",
    defaultText: "none: e-mails go to the log",
  },
  MAIL_FROM: { description: "Sender of the shop's e-mails.", defaultText: "`SHOP_NAME <SHOP_EMAIL>`" },
  STAFF_EMAIL: { description: "Who is e-mailed about each new contact message.", defaultText: "`SHOP_EMAIL`" },
  TRUST_PROXY:
    "`true` or the number of proxies in front of the shop, so rate limits see the client's address (`X-Forwarded-For`); when set, `/metrics` opens only with `METRICS_TOKEN`.",
  METRICS_TOKEN:
    "At least 24 characters: `GET /metrics` with `Authorization: Bearer <token>` answers the Prometheus metrics.",
  METRICS_ALLOW:
    "Client addresses (comma-separated) that may read `/metrics` without the token: seen on the connection itself, only for a request with no proxy header at all (`Forwarded`, `X-Forwarded-*`, `X-Real-IP`, `Via`) and never while `TRUST_PROXY` is set; `none`: the token only.",
  APP_URL: {
    description:
      "The shop's public address, used in e-mailed links and as Google's return address; an `https://` address also turns on HSTS (one year).",
    defaultText: "`http://localhost:PORT`",
  },
  AUTH_SECRET: {
    description:
      "At least 32 characters; signs sessions. Without it the shop makes one on first start and shares it with every server copy through the database.",
    defaultText: "made once, kept in the database",
  },
  GOOGLE_CLIENT_ID:
    "With `GOOGLE_CLIENT_SECRET`: both set, 'Sign in with Google' / 'Sign up with Google' appear (redirect URI: `APP_URL/api/auth/callback/google`).",
  GOOGLE_CLIENT_SECRET: "With `GOOGLE_CLIENT_ID` (above).",
  GOOGLE_ISSUER: "The OpenID Connect issuer; tests point it at a local provider.",
  TAX_RATE_PERCENT:
    "The VAT (or tax) rate in percent: UK standard-rate VAT is 20. Each order keeps the rate it was placed with (to a hundredth of a percent).",
  TAX_MODE:
    "`included` (UK law, the Price Marking Order 2004): prices include VAT, totals are the prices plus shipping and show the VAT they contain ('Includes VAT'), in the cart, payment step, order, WhatsApp texts and e-mails alike; `added`: tax is added on top of the prices ('Tax'), for a shop outside that rule (docs/decisions/029, 036). Each order keeps how it was counted.",
  SHOW_WAS_PRICES:
    "`off`: no struck-through original ('was') price is shown, as CAP Code 22.12 and the CAP/MHRA enforcement notice on e-cigarette pricing (2022) require of nicotine products. `on` (for shops outside that rule): a device's original price is shown struck through, but only if it really sold at that price for at least 28 days within the last 90 (the price history; docs/guide/uk-rules.md).",
  COMPANY_NAME:
    "The company's legal name. The footer shows the company details that are set, in one line ('Registered in England and Wales, company number …'): UK law wants name, number and registered office on the website.",
  COMPANY_NUMBER: "Companies House number (`12345678`, `SC123456`…), shown in the footer when set.",
  VAT_NUMBER: "VAT number (`GB123456789`), shown in the footer when set.",
  COMPANY_ADDRESS: "The registered office, shown in the footer when set.",
  SOCIAL_FACEBOOK_URL:
    "The shop's own Facebook page (https, on that network, not its home page). Only the networks set get an icon in the footer; none set: no social links.",
  SOCIAL_INSTAGRAM_URL: "The shop's own Instagram page (as `SOCIAL_FACEBOOK_URL`).",
  SOCIAL_X_URL: "The shop's own X page (as `SOCIAL_FACEBOOK_URL`).",
  SOCIAL_YOUTUBE_URL: "The shop's own YouTube page (as `SOCIAL_FACEBOOK_URL`).",
  LOW_STOCK_THRESHOLD:
    "At or under this many units an item shows 'Only N left' and is listed as low stock in the back office.",
  SCHEDULED_SHIPPING_PRICE:
    "What delivery on a chosen day costs, in the shop's currency (e.g. `9.50`); unset, Express Shipping's price. Never less than Express's: a chosen day is offered from the day Express would arrive to 15 days ahead, Monday to Saturday.",
  UNPAID_ORDER_DAYS:
    "Days an order waits for its payment (3–90): two days before, the customer is reminded by e-mail; then an order still unpaid is cancelled, its stock goes back on sale and the customer is told (docs/decisions/045). Each order keeps the days it was placed with.",
  AGE_VERIFICATION:
    "The age checker run for each new customer (app/modules/age-checks/checkers.server.ts, docs/decisions/015, 044): `manual` refers every check to staff (the customer is asked for a photo ID); `http` asks the service at `AGE_CHECK_API_URL` first, and a refer, a timeout or a service down falls back to the photo ID.",
  AGE_CHECK_API_URL: {
    description:
      "With `AGE_VERIFICATION=http`: where each check is POSTed as JSON (`{ requestId, name, dateOfBirth, address }`); the answer is `{ result: pass | fail | refer, reference }` (docs/decisions/044).",
    defaultText: "none (required by `http`)",
  },
  AGE_CHECK_API_KEY: {
    description: "With `AGE_VERIFICATION=http`: sent as `Authorization: Bearer <key>`.",
    defaultText: "none",
  },
  AGE_CHECK_TIMEOUT_MS:
    "With `AGE_VERIFICATION=http`: how long to wait for the service's answer, in ms (100–60000); longer is a refer to staff.",
  AGE_DOCUMENTS_DIR:
    "Where customers' photo IDs wait for staff (private: never served by the static server, only to staff through the back office; keep it outside `UPLOAD_DIR` and out of backups you share). Each file is deleted on the decision or after 30 days.",
  JOB_POLL_MS: "How often each server process's job worker looks for due e-mails, in ms (docs/decisions/012).",
  JOB_RETRY_BASE_MS: "Wait before the first retry of a failed e-mail, in ms; each later one doubles it, up to an hour.",
};
for (const [name, meaning] of Object.entries(meanings)) {
  const meta = typeof meaning === "string" ? { description: meaning } : meaning;
  configSchema.shape[name as keyof typeof meanings].register(z.globalRegistry, meta);
}

export type Config = z.infer<typeof configSchema>;

/** Settings a page may show; nothing secret goes in here. */
export type ShopSettings = {
  name: string;
  googleSignIn: boolean;
  currency: string;
  whatsappNumber: string;
  phone: string;
  email: string;
  address: string;
  /** At or under this many units an item shows 'Only N left' (and is listed as low in the back office). */
  lowStockThreshold: number;
  /** The shop's public address (APP_URL), for canonical links and structured data. */
  publicUrl: string;
  /** SHOP_TIME_ZONE: the browser counts and shows dates in it as the server did (app/root.tsx). */
  timeZone: string;
  /** TAX_MODE=included: prices include the tax (VAT) and totals show the VAT they contain. */
  taxIncluded: boolean;
  /** The company's legal details, each only when set (the footer shows them). */
  company: { name?: string; number?: string; vatNumber?: string; address?: string };
  /** The shop's own social pages, only those configured. */
  socials: { network: SocialNetwork; href: string }[];
};

export const socialNetworks = ["Facebook", "Instagram", "X", "YouTube"] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

export class ConfigError extends Error {}

/** Reads and checks the environment; a bad value names its variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
  }
  if (result.data.AGE_VERIFICATION === "http" && !result.data.AGE_CHECK_API_URL)
    throw new ConfigError("Invalid configuration: AGE_CHECK_API_URL is needed with AGE_VERIFICATION=http");
  return result.data;
}

/** Who receives staff notifications (new contact messages): STAFF_EMAIL, else the shop's address. */
export const staffEmail = (config: Config) => config.STAFF_EMAIL ?? config.SHOP_EMAIL;
export const mailFrom = (config: Config) => config.MAIL_FROM ?? `${config.SHOP_NAME} <${config.SHOP_EMAIL}>`;

/** The shop's own address, for links in e-mails and sign-in redirects. */
export const appUrl = (config: Config) => (config.APP_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, "");

/** Google sign-in is offered only when both its client id and secret are configured. */
export const googleEnabled = (config: Config) => Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);

/** Express's "trust proxy": false, true, or a number of hops. */
export function trustProxy(config: Config): boolean | number {
  if (config.TRUST_PROXY === "true") return true;
  if (config.TRUST_PROXY === "false") return false;
  return Number(config.TRUST_PROXY);
}

export function shopSettings(config: Config): ShopSettings {
  return {
    name: config.SHOP_NAME,
    googleSignIn: googleEnabled(config),
    currency: config.SHOP_CURRENCY,
    whatsappNumber: config.SHOP_WHATSAPP_NUMBER,
    phone: config.SHOP_PHONE,
    email: config.SHOP_EMAIL,
    address: config.SHOP_ADDRESS,
    lowStockThreshold: config.LOW_STOCK_THRESHOLD,
    publicUrl: appUrl(config),
    timeZone: config.SHOP_TIME_ZONE,
    taxIncluded: config.TAX_MODE === "included",
    company: {
      name: config.COMPANY_NAME,
      number: config.COMPANY_NUMBER,
      vatNumber: config.VAT_NUMBER,
      address: config.COMPANY_ADDRESS,
    },
    socials: socialLinks(config),
  };
}

function socialLinks(config: Config): ShopSettings["socials"] {
  const pages: Record<SocialNetwork, string | undefined> = {
    Facebook: config.SOCIAL_FACEBOOK_URL,
    Instagram: config.SOCIAL_INSTAGRAM_URL,
    X: config.SOCIAL_X_URL,
    YouTube: config.SOCIAL_YOUTUBE_URL,
  };
  return socialNetworks.flatMap((network) => (pages[network] ? [{ network, href: pages[network] }] : []));
}

/** How the shop counts tax (app/lib/pricing.ts). */
export const taxRule = (config: Config): TaxRule => ({
  ratePercent: config.TAX_RATE_PERCENT,
  included: config.TAX_MODE === "included",
});

import { z } from "zod";
import { DEFAULT_SHOP_TIME_ZONE, isTimeZone } from "./shop-time";
import type { TaxRule } from "./pricing";

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

const configSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^(file:.+|postgres(ql)?:\/\/.+)$/, "must be file:PATH or postgres://…")
    .default("file:./data/shop.db"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  /** `on`: a brand-new database gets the demo shop's content at start; `off`: it starts empty (docs/decisions/026). */
  DEMO_CONTENT: z.enum(["on", "off"], "must be on or off").default("on"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * How long an idle keep-alive connection stays open: longer than any proxy or load balancer in front keeps its
   * upstream connections (nginx and cloud load balancers: 60 s), so the proxy never reuses one the shop is closing.
   */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(240_000).default(65_000),
  PAGE_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(500),
  /** How often each server copy reads the content version (a staff change shows everywhere within this). */
  CONTENT_VERSION_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** Server processes sharing the port; default: one per CPU (read by server/main.ts before the rest). */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50_000_000).default(1_000_000),
  UPLOAD_DIR: z.string().min(1).default("./data/uploads"),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(10_000).max(50_000_000).default(5_000_000),
  SHOP_NAME: z.string().min(1).max(60).default("Vapour Lane"),
  SHOP_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, "must be a three-letter currency code such as USD or GBP")
    .refine(isCurrencyCode, "is not a currency code this server knows")
    .default("USD"),
  SHOP_WHATSAPP_NUMBER: z
    .string()
    .regex(/^\d{8,15}$/, "must be the international number in digits only, e.g. 447700900123")
    .default("447700900123"),
  SHOP_PHONE: z.string().min(3).max(40).default("+44 7700 900123"),
  SHOP_EMAIL: z.email().default("hello@vapourlane.example"),
  SHOP_ADDRESS: z.string().min(3).max(200).default("12 Example Street, Manchester M1 1AA, United Kingdom"),
  /** The zone the shop's days are counted and its dates shown in (app/lib/shop-time.ts, docs/decisions/024). */
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
  // /metrics (Prometheus): with `Authorization: Bearer <METRICS_TOKEN>`, or from these client addresses (comma-separated).
  METRICS_TOKEN: z.string().min(24, "must be at least 24 characters").optional(),
  METRICS_ALLOW: z.string().max(500).default("127.0.0.1,::1,::ffff:127.0.0.1"),
  APP_URL: z.url("must be the shop's public address, e.g. https://shop.example").optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ISSUER: z.url().default("https://accounts.google.com"),
  TAX_RATE_PERCENT: z.coerce.number().min(0).max(100).default(10),
  /** `added`: tax is added on top of the prices (the specification); `included`: prices include it (UK VAT). */
  TAX_MODE: z.enum(["added", "included"], "must be added or included").default("added"),
  // The company behind the shop, shown in the footer when set (UK: name, number and registered office on the website).
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
  // The shop's own pages on social networks; a network without one is not shown.
  SOCIAL_FACEBOOK_URL: socialUrl("facebook.com"),
  SOCIAL_INSTAGRAM_URL: socialUrl("instagram.com"),
  SOCIAL_X_URL: socialUrl("x.com"),
  SOCIAL_YOUTUBE_URL: socialUrl("youtube.com"),
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(10_000).default(5),
  /** The age checker (app/modules/age-checks/checkers.server.ts); `manual` refers every new customer to staff. */
  AGE_VERIFICATION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, "must name an age checker, e.g. manual")
    .default("manual"),
  // The background job worker (docs/decisions/012): how often it looks for due jobs, and the first retry's wait.
  JOB_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  JOB_RETRY_BASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
});

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

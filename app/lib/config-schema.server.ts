// The shop's settings and how each is checked: read from the environment by loadConfig (config.server.ts).
import { z } from "zod";
import { DEFAULT_SHOP_TIME_ZONE, isTimeZone } from "./shop-time";
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
  VAT_QUARTER_ENDS: z
    .enum(
      ["mar-jun-sep-dec", "apr-jul-oct-jan", "may-aug-nov-feb"],
      "must be mar-jun-sep-dec, apr-jul-oct-jan or may-aug-nov-feb",
    )
    .default("mar-jun-sep-dec"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, "must be smtp://… or smtps://…")
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).optional(),
  STAFF_EMAIL: z.email().optional(),
  SHOP_ORDERS_EMAIL: z.email().optional(),
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
  UNPAID_ORDER_DAYS_AGE_UNCHECKED: z.coerce.number().int().min(3, "must be 3 days or more").max(90).default(3),
  UNPAID_ORDERS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(3),
  UNPAID_UNITS_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(20),
  UNPAID_ORDERS_PER_ADDRESS: z.coerce.number().int().min(1).max(1000).default(4),
  UNPAID_UNITS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(30),
  ORDERS_PER_HOUR_PER_ACCOUNT: z.coerce.number().int().min(1).max(10_000).default(5),
  ORDERS_PER_HOUR_PER_IP: z.coerce.number().int().min(1).max(100_000).default(20),
  // Read once by migration 2026_11_29_1500 as the Scheduled Delivery method's price; ignored since (decision 082).
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
  AUDIT_RETENTION_YEARS: z.coerce.number().int().min(1, "must be 1 year or more").max(100).default(6),
  PAYMENT_PROVIDER: z.enum(["manual", "worldpay", "sandbox"], "must be manual, worldpay or sandbox").default("manual"),
  WORLDPAY_BASE_URL: z
    .url({ protocol: /^https?$/, error: "must be Worldpay's http(s) address" })
    .default("https://try.access.worldpay.com"),
  WORLDPAY_USERNAME: z.string().min(1).optional(),
  WORLDPAY_PASSWORD: z.string().min(1).optional(),
  WORLDPAY_ENTITY: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ]{0,31}$/, "must be the merchant entity Worldpay gave (letters, digits)")
    .default("default"),
  PAYMENT_WEBHOOK_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  PAYMENT_TEST_MODE: z.stringbool().default(false),
  PAYMENT_SANDBOX_PORT: z.coerce.number().int().min(1).max(65_535).default(4590),
  PAYMENT_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  PAYMENT_PENDING_MINUTES: z.coerce.number().int().min(5).max(1440).default(60),
  PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  JOB_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  JOB_RETRY_BASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
});

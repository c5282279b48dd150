import { z } from "zod";
import type { TaxRule } from "./pricing";
import { meanings } from "./config-meanings.server";
import { configSchema } from "./config-schema.server";

export { configSchema };

// What each setting means (config-meanings.server.ts) is kept in zod's metadata registry, so
// `configSchema.shape.PORT.meta()` gives it.
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
  const payment = paymentConfigProblem(result.data);
  if (payment) throw new ConfigError(`Invalid configuration: ${payment}`);
  return result.data;
}

/**
 * What is wrong with the card payment settings, or null (docs/guide/payments.md): Worldpay needs its credentials and
 * the webhook secret; a shop at a public https address may take test payments (the sandbox, Worldpay's test
 * environment) only with PAYMENT_TEST_MODE=true, so an open shop never takes test payments by accident.
 */
export function paymentConfigProblem(config: Config): string | null {
  if (config.PAYMENT_PROVIDER === "manual") return null;
  if (!config.PAYMENT_WEBHOOK_SECRET)
    return `PAYMENT_WEBHOOK_SECRET is needed with PAYMENT_PROVIDER=${config.PAYMENT_PROVIDER}`;
  if (config.PAYMENT_PROVIDER === "worldpay" && (!config.WORLDPAY_USERNAME || !config.WORLDPAY_PASSWORD))
    return "WORLDPAY_USERNAME and WORLDPAY_PASSWORD are needed with PAYMENT_PROVIDER=worldpay";
  const publicShop = config.APP_URL?.startsWith("https:") ?? false;
  if (publicShop && paymentsAreTest(config) && !config.PAYMENT_TEST_MODE)
    return `PAYMENT_PROVIDER=${config.PAYMENT_PROVIDER} with ${config.PAYMENT_PROVIDER === "sandbox" ? "the sandbox" : "Worldpay's test environment"} takes no real money: a shop at an https address needs PAYMENT_TEST_MODE=true to use it`;
  return null;
}

/** Whether card payments go to a test environment (the sandbox, or any Worldpay address but the live one). */
export const paymentsAreTest = (config: Config) =>
  config.PAYMENT_PROVIDER === "sandbox" || new URL(config.WORLDPAY_BASE_URL).host !== "access.worldpay.com";

/** Who receives staff notifications (new contact messages): STAFF_EMAIL, else the shop's address. */
export const staffEmail = (config: Config) => config.STAFF_EMAIL ?? config.SHOP_EMAIL;
/** Who is e-mailed about each new order (docs/decisions/084): SHOP_ORDERS_EMAIL, else the staff's address. */
export const shopOrdersEmail = (config: Config) => config.SHOP_ORDERS_EMAIL ?? staffEmail(config);
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

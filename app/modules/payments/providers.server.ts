/**
 * The card payment provider the settings choose (PAYMENT_PROVIDER; docs/guide/payments.md): none for `manual`,
 * Worldpay's adapter for `worldpay`, and the same adapter pointed at the local sandbox for `sandbox`.
 */
import { appUrl, paymentsAreTest, type Config } from "~/lib/config.server";
import type { CardPaymentProvider } from "./payment-provider.server";
import type { PaymentShop } from "./card-payments.service.server";
import { worldpayProvider } from "./worldpay.server";

/** Where the sandbox answers, from the shop's side. */
export const sandboxUrl = (config: Config) => `http://127.0.0.1:${config.PAYMENT_SANDBOX_PORT}`;
/** The credentials the sandbox accepts unless Worldpay's are set. */
export const SANDBOX_CREDENTIALS = { username: "sandbox", password: "sandbox" } as const;

const made = new WeakMap<Config, CardPaymentProvider | null>();

/** The provider for these settings, made once per settings object; null when payments are manual. */
export function cardProviderFor(config: Config): CardPaymentProvider | null {
  if (made.has(config)) return made.get(config)!;
  let provider: CardPaymentProvider | null = null;
  if (config.PAYMENT_PROVIDER !== "manual" && config.PAYMENT_WEBHOOK_SECRET) {
    const sandbox = config.PAYMENT_PROVIDER === "sandbox";
    provider = worldpayProvider({
      baseUrl: sandbox ? sandboxUrl(config) : config.WORLDPAY_BASE_URL,
      username: config.WORLDPAY_USERNAME ?? SANDBOX_CREDENTIALS.username,
      password: config.WORLDPAY_PASSWORD ?? SANDBOX_CREDENTIALS.password,
      entity: config.WORLDPAY_ENTITY,
      webhookSecret: config.PAYMENT_WEBHOOK_SECRET,
      timeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS,
      test: paymentsAreTest(config),
    });
  }
  made.set(config, provider);
  return provider;
}

/**
 * The origins of the provider's payment pages, which 'Pay by card' sends the browser to from a form's answer (the
 * Content-Security-Policy's form-action must allow them): the sandbox's own address, or Worldpay's (its API and its
 * hosted pages, on worldpay.com).
 */
export function paymentPageOrigins(config: Config): string[] {
  if (config.PAYMENT_PROVIDER === "manual") return [];
  if (config.PAYMENT_PROVIDER === "sandbox") return [sandboxUrl(config)];
  return [new URL(config.WORLDPAY_BASE_URL).origin, "https://*.worldpay.com"];
}

/** What card payments need to know of the shop, from its settings. */
export const paymentShop = (config: Config): PaymentShop => ({
  shopName: config.SHOP_NAME,
  baseUrl: appUrl(config),
  checkSeconds: config.PAYMENT_CHECK_SECONDS,
  pendingMinutes: config.PAYMENT_PENDING_MINUTES,
});

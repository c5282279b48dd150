import express, { type RequestHandler } from "express";
import type { ShopServices } from "~/context.server";
import { isUnavailable, RETRY_AFTER_SECONDS } from "~/lib/unavailable.server";
import { applyProviderEvent } from "~/modules/payments/card-payments.service.server";
import { cardProviderFor, paymentShop } from "~/modules/payments/providers.server";

/** The most a provider's event may be: Worldpay's are about 1 KB. */
export const WEBHOOK_MAX_BYTES = 64 * 1024;

/**
 * POST /webhooks/payments/worldpay: Worldpay's Events (and the sandbox's, signed alike). The signature is checked
 * over the raw body before anything is read (`Event-Signature`, HMAC-SHA256, constant time): missing or wrong, 400
 * and nothing is read, as Worldpay's documentation asks. A verified event is applied once (docs/decisions/078) and
 * answered 200, as is one already applied or not one the shop acts on; the database away answers 503 (the provider
 * retries). Mounted before the same-origin check: the provider's servers are not a browser on the shop's pages.
 */
export function paymentWebhook(services: ShopServices): RequestHandler[] {
  return [
    express.raw({ type: () => true, limit: WEBHOOK_MAX_BYTES }),
    async (req, res) => {
      res.set("Cache-Control", "no-store");
      const provider = cardProviderFor(services.config);
      if (!provider) return void res.status(404).type("text/plain").send("Card payments are not switched on.\n");
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (!provider.verifyWebhook(body, req.headers)) {
        services.log.warn({ ip: req.ip }, "a payment webhook without a valid signature was refused");
        return void res.status(400).type("text/plain").send("Missing or wrong Event-Signature.\n");
      }
      const event = provider.readWebhook(body);
      if (!event) return void res.status(200).type("text/plain").send("Not a payment event: ignored.\n");
      try {
        const outcome = await applyProviderEvent(services.db, provider, paymentShop(services.config), event, "webhook");
        services.log.info(
          { eventId: event.eventId, reference: event.reference, type: event.type, outcome },
          "payment event",
        );
        res.status(200).type("text/plain").send(`${outcome}\n`);
      } catch (error) {
        if (!isUnavailable(error)) throw error;
        res.status(503).set("Retry-After", String(RETRY_AFTER_SECONDS)).type("text/plain").send("Try again later.\n");
      }
    },
  ];
}

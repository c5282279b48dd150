import express, { type RequestHandler } from "express";
import type { ShopServices } from "~/context.server";
import { fail, httpStatus } from "~/lib/result";
import { isUnavailable, RETRY_AFTER_SECONDS } from "~/lib/unavailable.server";
import { placeOrderRequest } from "~/modules/checkout/place-order.action.server";
import { orderMessages } from "~/modules/orders/orders";

/**
 * POST /api/orders ('Order via WhatsApp' with JavaScript) served by Express itself: the hottest write of the shop
 * skips React Router's request/response conversion (docs/decisions/008). Only the wiring is here: the check and the
 * work are checkout's placeOrderRequest, the same the payment page's form runs. A database that cannot be reached
 * answers 503, never 401 (decision 011).
 */
export function orderEndpoint(services: ShopServices): RequestHandler[] {
  return [
    express.urlencoded({ extended: false, limit: "4kb" }),
    async (req, res) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const request = new Request(`http://${req.headers.host ?? "localhost"}${req.originalUrl}`, {
        method: "POST",
        headers,
      });
      const context = { ...services, nonce: "", clientIp: req.ip ?? "unknown" };
      res.set("Cache-Control", "no-store");
      try {
        const form = new FormData();
        const key = (req.body as Record<string, unknown> | undefined)?.idempotencyKey;
        if (typeof key === "string") form.set("idempotencyKey", key);
        const { answer, status, retryAfterSeconds } = await placeOrderRequest(context, request, form);
        if (!answer.ok && answer.code === "unavailable") res.set("Retry-After", String(RETRY_AFTER_SECONDS));
        if (retryAfterSeconds) res.set("Retry-After", String(retryAfterSeconds));
        res.status(status).json(answer);
      } catch (error) {
        if (!isUnavailable(error)) throw error; // already logged where it was found (the session read)
        res
          .status(httpStatus("unavailable"))
          .set("Retry-After", String(RETRY_AFTER_SECONDS))
          .json(fail("unavailable", orderMessages.unavailable));
      }
    },
  ];
}

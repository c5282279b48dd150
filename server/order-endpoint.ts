import express, { type RequestHandler } from "express";
import type { ShopServices } from "~/lib/shop-context.server";
import { getSessionUser, isAdult } from "~/modules/accounts/session.server";
import { handlePlaceOrder } from "~/modules/orders/order-action.server";

/**
 * POST /api/orders ('Order via WhatsApp' with JavaScript) served by Express itself: the hottest write of the shop
 * skips React Router's request/response conversion. Same checks as the pages: a signed-in adult, then
 * handlePlaceOrder (docs/decisions/008).
 */
export function orderEndpoint(services: ShopServices): RequestHandler[] {
  return [
    express.urlencoded({ extended: false, limit: "4kb" }),
    async (req, res) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      const request = new Request(`http://${req.headers.host ?? "localhost"}${req.originalUrl}`, { method: "POST", headers });
      const context = { ...services, nonce: "", clientIp: req.ip ?? "unknown" };
      const user = await getSessionUser(context, request);
      res.set("Cache-Control", "no-store");
      if (!user) return void res.status(401).json({ ok: false, message: "Please sign in to place an order." });
      if (!isAdult(user)) {
        return void res.status(403).json({ ok: false, message: "We sell only to adults aged 18 and over." });
      }
      const form = new FormData();
      const key = (req.body as Record<string, unknown> | undefined)?.idempotencyKey;
      if (typeof key === "string") form.set("idempotencyKey", key);
      const { answer, status } = await handlePlaceOrder(context, user, form);
      res.status(status).json(answer);
    },
  ];
}

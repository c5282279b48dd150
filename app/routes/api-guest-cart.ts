import { data } from "react-router";
import { fail, httpStatus } from "~/lib/result";
import { taxRule } from "~/lib/config.server";
import { cartWhatsappUrl, priceGuestCart } from "~/modules/cart/cart.service.server";
import type { Route } from "./+types/api-guest-cart";

/**
 * A visitor's cart, kept in their browser (appState), priced by the shop: POST {"cart": [lines]}. Only the choices
 * and quantities come from the browser; prices, totals and stock from the catalogue. It changes nothing: the page keeps
 * the answer's lines as the browser's cart.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const body = (await request.json().catch(() => null)) as { cart?: unknown } | null;
  if (!body || !Array.isArray(body.cart))
    throw data(fail("invalid", "Unreadable cart."), { status: httpStatus("invalid") });
  const cart = await priceGuestCart(context.db, body.cart, taxRule(context.config));
  return Response.json(
    { cart, whatsappUrl: cartWhatsappUrl(context, cart) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

import { isUnavailable } from "~/lib/unavailable.server";
import { SIGNED_OUT, type Shopper } from "~/modules/cart/shopper";
import { shopperFor } from "~/modules/cart/shopper.service.server";
import type { Route } from "./+types/api-me";

/**
 * The personal part of every page (name, cart count, wishlist), asked for after load by the header: pages are the
 * same cached HTML for everyone (docs/decisions/017). Never stored by any cache (/api/* is private, server/security.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    return Response.json(await shopperFor(context, request));
  } catch (error) {
    // The database is down: the cached page the shopper is on stays as it is (a thrown 503 would replace it with
    // the error page); the header just cannot say who is here.
    if (!isUnavailable(error)) throw error;
    return Response.json({ ...SIGNED_OUT, unavailable: true } satisfies Shopper);
  }
}

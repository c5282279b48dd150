import { shopperFor } from "~/modules/accounts/shopper.server";
import type { Route } from "./+types/api.me";

/**
 * The personal part of every page (name, cart count, wishlist), asked for after load by the header: pages are the
 * same cached HTML for everyone (docs/decisions/017). Never stored by any cache (/api/* is private, server/security.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return Response.json(await shopperFor(context, request));
}

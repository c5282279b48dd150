import { data } from "react-router";
import { fail, httpStatus } from "~/lib/result";
import { requireUser } from "~/modules/accounts/session.service.server";
import { appStateSchema } from "~/modules/cart/cart.schema";
import { mergeGuestCart } from "~/modules/cart/cart.service.server";
import { setWishlisted } from "~/modules/cart/wishlist.service.server";
import type { Route } from "./+types/api-guest-merge";

/** After sign-in the browser hands over what the visitor kept (appState): merged once per cart token. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const parsed = appStateSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) throw data(fail("invalid", "Unreadable cart."), { status: httpStatus("invalid") });
  const { cartToken, cart, wishlist } = parsed.data;
  const result = await mergeGuestCart(context.db, user.id, cartToken, cart);
  if (result.merged) for (const item of wishlist) await setWishlisted(context.db, user.id, item, true);
  return Response.json(result);
}

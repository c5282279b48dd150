import { redirect } from "react-router";
import { requireAdultCustomer } from "~/modules/accounts/session.server";
import type { Route } from "./+types/checkout-step";

/**
 * /cart-address, /cart-shipping and /payment: signed-in adults only. A step reached without the step before it
 * goes back to the cart, and with an empty cart there is no step to be on yet.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdultCustomer(context, request);
  throw redirect("/cart");
}

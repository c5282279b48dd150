import { requireAdultCustomer } from "~/modules/accounts/session.server";
import { handlePlaceOrder } from "~/modules/orders/order-action.server";
import type { Route } from "./+types/api.orders";

/** 'Order via WhatsApp' with JavaScript: JSON in, the Order ID and WhatsApp link out. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdultCustomer(context, request);
  const { answer, status } = await handlePlaceOrder(context, user, await request.formData());
  return Response.json(answer, { status, headers: { "Cache-Control": "no-store" } });
}

import { data } from "react-router";
import { z } from "zod";
import { requireUser } from "~/modules/accounts/session.service.server";
import { itemKinds } from "~/modules/cart/cart";
import { setWishlisted } from "~/modules/cart/wishlist.service.server";
import type { Route } from "./+types/api-wishlist";
import { readForm } from "~/lib/form-data.server";

const toggleInput = z.object({
  kind: z.enum(itemKinds),
  itemId: z.string().regex(/^[a-z0-9-]{1,64}$/),
  wanted: z.enum(["true", "false"]),
});

/** Signed-in wishlist toggle (the heart and 'Add to Wishlist'). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const parsed = toggleInput.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) throw data({ error: "That item is not available." }, { status: 400 });
  const wanted = parsed.data.wanted === "true";
  const ok = await setWishlisted(context.db, user.id, { kind: parsed.data.kind, itemId: parsed.data.itemId }, wanted);
  if (!ok) throw data({ error: "That item is not available." }, { status: 404 });
  return { inWishlist: wanted };
}

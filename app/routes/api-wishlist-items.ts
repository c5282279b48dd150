import { z } from "zod";
import { itemKinds } from "~/modules/cart/cart";
import { wishlistCards } from "~/modules/cart/wishlist.service.server";
import type { Route } from "./+types/api-wishlist-items";

const itemsParam = z
  .array(z.object({ kind: z.enum(itemKinds), itemId: z.string().regex(/^[a-z0-9-]{1,64}$/) }))
  .max(200);

/** Cards for a visitor's wishlist (kept in their browser): ?items=device:ID,flavour:ID */
export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = (new URL(request.url).searchParams.get("items") ?? "")
    .split(",")
    .filter(Boolean)
    .map((pair) => {
      const [kind, itemId] = pair.split(":");
      return { kind, itemId };
    });
  const parsed = itemsParam.safeParse(raw);
  const cards = parsed.success ? await wishlistCards(context.db, parsed.data) : [];
  return Response.json({ cards });
}

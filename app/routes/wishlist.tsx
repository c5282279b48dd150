import { useEffect, useState } from "react";
import { Link } from "~/components/ui/link";
import { readAppState } from "~/components/cart/guest-state";
import { CardGrid, catalogGridCard } from "~/components/product/product-card";
import { pageMeta } from "~/lib/meta";
import { getSessionUser } from "~/modules/accounts/session.service.server";
import { listWishlist } from "~/modules/cart/wishlist.service.server";
import type { CatalogCard } from "~/modules/catalog/catalog";
import type { Route } from "./+types/wishlist";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Wishlist", "Devices and flavours you saved for later.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getSessionUser(context, request);
  return { cards: user ? await listWishlist(context.db, user.id) : null };
}

/** Visitors' wishlists live in their browser: the cards are looked up once the page is there. */
function useGuestCards(enabled: boolean) {
  const [cards, setCards] = useState<CatalogCard[] | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const items = readAppState()
      .wishlist.map((w) => `${w.kind}:${w.itemId}`)
      .join(",");
    if (!items) return setCards([]);
    fetch(`/api/wishlist-items?items=${encodeURIComponent(items)}`)
      .then((r) => r.json() as Promise<{ cards: CatalogCard[] }>)
      .then((body) => setCards(body.cards))
      .catch(() => setCards([]));
  }, [enabled]);
  return cards;
}

export default function Wishlist({ loaderData }: Route.ComponentProps) {
  const guestCards = useGuestCards(loaderData.cards === null);
  const cards = loaderData.cards ?? guestCards;
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-extrabold">Wishlist</h1>
      {cards === null ? (
        <p className="mt-6 text-slate-600">Loading your wishlist…</p>
      ) : cards.length === 0 ? (
        <div className="mt-6 rounded-xl bg-slate-50 p-6 text-slate-700">
          <p>Your wishlist is empty. Tap the heart on a flavour or device to keep it here.</p>
          <Link to="/flavours" className="btn-outline mt-4">
            See all flavours
          </Link>
        </div>
      ) : (
        <div className="mt-8">
          <CardGrid cards={cards.map((card, i) => catalogGridCard(card, i, { wish: true }))} />
        </div>
      )}
    </div>
  );
}

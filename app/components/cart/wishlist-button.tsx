import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useOnWishlist, useSignedIn } from "~/components/layout/use-shop";
import { HeartIcon } from "~/components/ui/icons";
import type { ItemKind } from "~/modules/cart/cart";
import { readAppState, toggleGuestWishlist } from "./guest-state";

/** The wishlist toggle: on the account when signed in, in browser storage for visitors (merged on sign-in). */
export function useWishlist(kind: ItemKind, itemId: string) {
  const signedIn = useSignedIn();
  const onAccountList = useOnWishlist(kind, itemId);
  const fetcher = useFetcher<{ inWishlist: boolean }>();
  const [guestOn, setGuestOn] = useState(false);
  useEffect(() => {
    if (!signedIn) setGuestOn(readAppState().wishlist.some((w) => w.kind === kind && w.itemId === itemId));
  }, [signedIn, kind, itemId]);
  const pending = fetcher.formData ? fetcher.formData.get("wanted") === "true" : undefined;
  // While the toggle is sent: what was asked; then its answer, until the header's /api/me has caught up anyway.
  const on = signedIn ? (pending ?? fetcher.data?.inWishlist ?? onAccountList) : guestOn;
  const toggle = () => {
    if (signedIn)
      void fetcher.submit({ kind, itemId, wanted: String(!on) }, { method: "post", action: "/api/wishlist" });
    else setGuestOn(toggleGuestWishlist(kind, itemId));
  };
  return { on, toggle };
}

export function WishlistButton({ kind, itemId }: { kind: ItemKind; itemId: string }) {
  const { on, toggle } = useWishlist(kind, itemId);
  return (
    <button type="button" onClick={toggle} aria-pressed={on} className="btn-outline mt-3 w-full sm:w-auto">
      <HeartIcon width={18} height={18} className={on ? "fill-current" : ""} />
      {on ? "In Wishlist" : "Add to Wishlist"}
    </button>
  );
}

export function WishlistHeart({ kind, itemId, name }: { kind: ItemKind; itemId: string; name: string }) {
  const { on, toggle } = useWishlist(kind, itemId);
  return <WishlistHeartButton name={name} on={on} onToggle={toggle} />;
}

/**
 * The heart itself. On the server it is always off: the shopper (and so the account's wishlist) is only known in the
 * browser, from /api/me, which is what lets every visitor share a page's HTML.
 */
export function WishlistHeartButton({ name, on, onToggle }: { name: string; on: boolean; onToggle?: () => void }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={on}
      aria-label={on ? `Remove ${name} from wishlist` : `Add ${name} to wishlist`}
      className="absolute right-3 top-3 z-10 rounded-full bg-white/90 p-2 text-brand-700 shadow hover:bg-white"
    >
      <HeartIcon width={18} height={18} className={on ? "fill-current" : ""} />
    </button>
  );
}

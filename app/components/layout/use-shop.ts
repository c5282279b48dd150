import { useCallback, useEffect } from "react";
import { useFetcher, useRouteLoaderData } from "react-router";
import type { ShopSettings } from "~/lib/config.server";
import { DEFAULT_SHOP_TIME_ZONE } from "~/lib/shop-time";
import { wishlistKey, type Shopper } from "~/modules/cart/shopper";
import type { ItemKind } from "~/modules/cart/cart";

const fallback: ShopSettings = {
  name: "Shop",
  googleSignIn: false,
  currency: "GBP",
  whatsappNumber: "",
  phone: "",
  email: "",
  address: "",
  lowStockThreshold: 5,
  publicUrl: "",
  timeZone: DEFAULT_SHOP_TIME_ZONE,
  taxIncluded: true,
  company: {},
  socials: [],
};

/** The shop settings the root loader hands to every page. */
export function useShopSettings(): ShopSettings {
  const data = useRouteLoaderData("root") as { settings?: ShopSettings } | undefined;
  return data?.settings ?? fallback;
}

// One fetcher, shared by key: React Router asks /api/me again after every action (sign in, add to cart, wishlist…).
const SHOPPER = "shopper";
const SHOPPER_URL = "/api/me";

/**
 * The personal part of the page (docs/decisions/017), or undefined until it has arrived: pages are the same HTML for
 * everyone, so nothing personal is known while the server renders them.
 */
export function useShopper(): Shopper | undefined {
  const data = useFetcher<Shopper>({ key: SHOPPER }).data;
  return data?.unavailable ? undefined : data;
}

/** Asks /api/me directly (for a decision that cannot wait for the header's fetcher); null when it cannot be read. */
export async function fetchShopper(): Promise<Shopper | null> {
  try {
    const response = await fetch(SHOPPER_URL, { headers: { Accept: "application/json" } });
    const shopper = response.ok ? ((await response.json()) as Shopper) : null;
    return shopper?.unavailable ? null : shopper;
  } catch {
    return null;
  }
}

/** Mounted once, in the root layout: asks who is here after load, and again when Back restores a page from memory. */
export function useLoadShopper() {
  const { load } = useFetcher<Shopper>({ key: SHOPPER });
  useEffect(() => {
    void load(SHOPPER_URL);
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) void load(SHOPPER_URL);
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, [load]);
}

/**
 * Asks /api/me again now: for a write React Router does not see as an action (a `fetch` of its own, like the
 * payment step's POST /api/orders), after which the header's cart count and the wishlist would otherwise stay as
 * they were until the next action or a reload.
 */
export function useRefreshShopper(): () => void {
  const { load } = useFetcher<Shopper>({ key: SHOPPER });
  return useCallback(() => void load(SHOPPER_URL), [load]);
}

/** true or false once known; undefined while the page has not heard yet (the server then decides, e.g. on a form post). */
export function useSignedIn(): boolean | undefined {
  const shopper = useShopper();
  return shopper ? Boolean(shopper.user) : undefined;
}

/** Whether the item is on the signed-in shopper's wishlist. */
export function useOnWishlist(kind: ItemKind, itemId: string): boolean {
  return useShopper()?.wishlist.includes(wishlistKey(kind, itemId)) ?? false;
}

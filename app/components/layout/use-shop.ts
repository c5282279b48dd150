import { useRouteLoaderData } from "react-router";
import type { ShopSettings } from "~/lib/config.server";

const fallback: ShopSettings = { name: "Shop", googleSignIn: false, currency: "USD", whatsappNumber: "", phone: "", email: "", address: "", lowStockThreshold: 5 };

/** The shop settings the root loader hands to every page. */
export function useShopSettings(): ShopSettings {
  const data = useRouteLoaderData("root") as { settings?: ShopSettings } | undefined;
  return data?.settings ?? fallback;
}

/** Whether a shopper is signed in (the root loader decides; cached pages are always signed out). */
export function useSignedIn(): boolean {
  const data = useRouteLoaderData("root") as { user?: unknown } | undefined;
  return Boolean(data?.user);
}

import { useEffect, useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "~/components/ui/toast";
import { useSignedIn } from "~/components/layout/use-shop";
import { clearGuestState, readAppState } from "./guest-state";

/**
 * Once signed in, hands what the visitor kept in this browser (appState) to the account, then empties it. The
 * server merges each guest cart once (by its token), so a retry or a second sign-in never doubles anything.
 */
export function GuestStateSync() {
  const signedIn = useSignedIn() === true;
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!signedIn) return;
    const state = readAppState();
    if (state.cart.length === 0 && state.wishlist.length === 0) return;
    fetch("/api/guest-merge", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(state),
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`merge answered ${response.status}`);
        const result = (await response.json()) as { merged: boolean; skipped: number };
        clearGuestState();
        if (result.skipped > 0) toast.info("Some items you added before signing in are no longer available.");
        void revalidator.revalidate();
      })
      .catch((error) => console.error("Could not move your cart to your account", error));
    // Runs when the signed-in state changes, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn]);
  return null;
}

/** The visitor's cart line count from browser storage (the server's count is used once signed in). */
export function useGuestCartCount(signedIn: boolean): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (signedIn) return;
    const update = () => setCount(readAppState().cart.length);
    update();
    window.addEventListener("appstate", update);
    window.addEventListener("storage", update);
    return () => {
      window.removeEventListener("appstate", update);
      window.removeEventListener("storage", update);
    };
  }, [signedIn]);
  return count;
}

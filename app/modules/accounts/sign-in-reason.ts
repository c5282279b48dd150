/**
 * Why a visitor was sent to sign in (`?reason=` on /signin and /signup). A fixed list: the page shows one of these
 * sentences or nothing, never text from the address bar. Only the shop's own redirects add a reason, so someone who
 * opens the sign-in page themselves sees no notice.
 */
export const signInReasons = {
  // A guest on their way to the cart or a checkout step: their cart is kept in this browser and merged on sign-in.
  checkout: "Sign in or create an account to check out — your cart is saved",
} as const;

export type SignInReason = keyof typeof signInReasons;

/** The reason named by a query parameter, or null for anything not on the list. */
export function readSignInReason(raw: string | null | undefined): SignInReason | null {
  return typeof raw === "string" && Object.hasOwn(signInReasons, raw) ? (raw as SignInReason) : null;
}

/** /signin or /signup, carrying where to go back to (left out when it is the home page) and why. */
export function authPageHref(page: "/signin" | "/signup", redirectTo: string, reason: SignInReason | null): string {
  const query = [
    redirectTo === "/" ? null : `redirectTo=${encodeURIComponent(redirectTo)}`,
    reason ? `reason=${reason}` : null,
  ].filter(Boolean);
  return query.length ? `${page}?${query.join("&")}` : page;
}

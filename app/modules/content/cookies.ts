/**
 * Every cookie and browser storage key the shop sets, for the cookie page. All are strictly necessary for what the
 * shopper asked for (PECR regulation 6(4)): no analytics, advertising or third-party cookies, so no consent banner.
 * A journey (tests/e2e/privacy.spec.ts) checks that the browser holds nothing that is not listed here.
 */
import { AGE_COOKIE } from "~/modules/compliance/age-gate";
import { APP_STATE_KEY } from "~/modules/cart/cart";

export type StoredItem = { name: string; kind: "Cookie" | "Browser storage"; purpose: string; lasts: string };

export const shopCookies: StoredItem[] = [
  {
    name: AGE_COOKIE,
    kind: "Cookie",
    purpose: "Remembers your answer to 'Are you 18 or over?', so we do not ask on every page.",
    lasts: "A year after 'Yes'; until you close the browser after 'No'",
  },
  {
    name: "shop.session_token",
    kind: "Cookie",
    purpose: "Keeps you signed in to your account (signed, so it cannot be forged).",
    lasts: "30 days with 'Remember me'; otherwise until you close the browser",
  },
  {
    name: "shop.dont_remember",
    kind: "Cookie",
    purpose: "Set when you sign in without 'Remember me', so that your session ends with the browser.",
    lasts: "Until you close the browser",
  },
  {
    name: "shop.two_factor",
    kind: "Cookie",
    purpose: "Remembers, between your password and your code, that you are signing in with two-factor sign-in.",
    lasts: "10 minutes, only while you sign in",
  },
  {
    name: "shop.state",
    kind: "Cookie",
    purpose: "Protects signing in with Google against forged requests.",
    lasts: "5 minutes, only while you sign in with Google",
  },
  {
    name: APP_STATE_KEY,
    kind: "Browser storage",
    purpose: "Holds the cart and wishlist of a visitor who is not signed in, in this browser only, until they sign in.",
    lasts: "Until you empty it or sign in",
  },
];

/** On https the shop's cookies carry the __Secure- prefix (shop.session_token becomes __Secure-shop.session_token). */
export const cookieNameOf = (setName: string) => setName.replace(/^__Secure-/, "");

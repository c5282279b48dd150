import {
  addLine,
  APP_STATE_KEY,
  isAppState,
  upgradeStoredState,
  type AppState,
  type GuestLine,
  type ItemKind,
} from "~/modules/cart/cart";

const emptyState = (): AppState => ({ cartToken: crypto.randomUUID(), cart: [], wishlist: [] });

/** What a visitor keeps before signing in; a damaged or missing store starts afresh (failures are logged, not shown). */
export function readAppState(): AppState {
  try {
    const raw = window.localStorage.getItem(APP_STATE_KEY);
    if (!raw) return emptyState();
    const parsed = upgradeStoredState(JSON.parse(raw));
    return isAppState(parsed) ? parsed : emptyState();
  } catch (error) {
    console.error("Could not read appState", error);
    return emptyState();
  }
}

export function writeAppState(state: AppState) {
  try {
    window.localStorage.setItem(APP_STATE_KEY, JSON.stringify(state));
    window.dispatchEvent(new Event("appstate"));
  } catch (error) {
    console.error("Could not save appState", error);
  }
}

export function addGuestLine(line: GuestLine) {
  const state = readAppState();
  writeAppState({ ...state, cart: addLine(state.cart, line) });
}

export function toggleGuestWishlist(kind: ItemKind, itemId: string): boolean {
  const state = readAppState();
  const has = state.wishlist.some((w) => w.kind === kind && w.itemId === itemId);
  writeAppState({
    ...state,
    wishlist: has
      ? state.wishlist.filter((w) => !(w.kind === kind && w.itemId === itemId))
      : [...state.wishlist, { kind, itemId }],
  });
  return !has;
}

/** After a merge: the guest cart and wishlist are emptied and get a new token, so nothing is merged twice. */
export function clearGuestState() {
  writeAppState(emptyState());
}

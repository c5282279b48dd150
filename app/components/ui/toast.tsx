import { lazy, Suspense, useSyncExternalStore } from "react";
import type { ToastOptions } from "react-toastify/unstyled";

/**
 * Toasts without react-toastify in the first page load (docs/decisions/016): the library and its stylesheet are
 * fetched the first time something is shown. Until then the container is the same empty live region the library
 * renders; toasts asked for while it loads wait in react-toastify's own queue and show once the container mounts.
 */
const load = () => import("./toast-library");

let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function show(kind: "success" | "error" | "info", message: string, options?: ToastOptions) {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  void load().then(({ toast: library }) => library[kind](message, options));
}

/** The shop's toasts: the same calls as react-toastify's `toast`. */
export const toast = {
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
  info: (message: string, options?: ToastOptions) => show("info", message, options),
};

const LibraryContainer = lazy(() => load().then(({ ToastContainer }) => ({ default: ToastContainer })));

/** What react-toastify's container renders while it holds no toast. */
const emptyContainer = (
  <section
    className="Toastify"
    aria-live="polite"
    aria-atomic="false"
    aria-relevant="additions text"
    aria-label="Notifications Alt+T"
  />
);

/** Mounted once in the root layout. */
export function ToastContainer() {
  const active = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!active) return emptyContainer;
  return (
    <Suspense fallback={emptyContainer}>
      <LibraryContainer />
    </Suspense>
  );
}

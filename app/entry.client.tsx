// The browser's entry: React Router's own (hydrate the server's page), and one thing more. A request the page gave up
// on (a fetcher's reload cut short by a save, a search typed over, a page left while loading) rejects with an
// AbortError; nobody waits for that rejection, so the browser would report it as an uncaught error (issue 33: seen
// in the back office on a busy machine). It is expected, not a fault: it is dropped here, and every other error stays.
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

const isAbort = (reason: unknown) =>
  typeof reason === "object" && reason !== null && (reason as { name?: unknown }).name === "AbortError";

window.addEventListener("unhandledrejection", (event) => {
  if (isAbort(event.reason)) event.preventDefault();
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});

import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { ToastContainer } from "./components/ui/toast";
import type { Route } from "./+types/root";
import "./app.css";
import { AgeGate } from "./components/layout/age-gate";
import { Footer } from "./components/layout/footer";
import { Header } from "./components/layout/header";
import { useNonce } from "./components/layout/nonce";
import { useLoadShopper } from "./components/layout/use-shop";
import { NotFound } from "./components/layout/not-found";
import { BeRightBack } from "./components/layout/be-right-back";
import { GuestStateSync } from "./components/cart/guest-state-sync";
import { ageStatus } from "./modules/compliance/age-gate";
import { canonicalUrl } from "./lib/canonical";

/**
 * The same for every visitor with the same age-check answer, so pages can be cached for everyone: what is personal
 * (name, cart count, wishlist) comes from /api/me after load (useLoadShopper, docs/decisions/017).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return { settings: context.settings, ageStatus: ageStatus(request) };
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const location = useLocation();
  useLoadShopper();
  const gate = data && data.ageStatus !== "confirmed" ? data.ageStatus : null;
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {data && <link rel="canonical" href={canonicalUrl(data.settings.publicUrl, location.pathname, location.search)} />}
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
          Skip to content
        </a>
        <div className="flex flex-1 flex-col" inert={gate ? true : undefined}>
          <Header shopName={data?.settings.name ?? "Shop"} />
          <main id="main" className="flex-1">
            {children}
          </main>
          <Footer settings={data?.settings} />
        </div>
        {gate && <AgeGate status={gate} returnTo={location.pathname + location.search} />}
        <ToastContainer />
        <GuestStateSync />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 503) return <BeRightBack />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <section className="container-page py-16 text-center">
      <title>Something went wrong</title>
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-4 text-slate-600">
        {status === 500
          ? "We could not show this page just now. Please try again in a moment."
          : `The request could not be completed (error ${status}).`}
      </p>
      <a className="btn-primary mt-8" href="/">
        Back to the shop
      </a>
    </section>
  );
}

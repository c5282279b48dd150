import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import { ToastContainer } from "./components/ui/toast";
import type { Route } from "./+types/root";
import "./app.css";
import { AgeGate } from "./components/layout/age-gate";
import { Footer } from "./components/layout/footer";
import { Header } from "./components/layout/header";
import { useNonce } from "./components/layout/nonce";
import { useInBackOffice } from "./components/layout/back-office";
import { useLoadShopper } from "./components/layout/use-shop";
import { RouteError, shopWayBack } from "./components/layout/route-error";
import { GuestStateSync } from "./components/cart/guest-state-sync";
import { ageStatus } from "./modules/compliance/age-gate";
import { canonicalUrl } from "./lib/canonical";
import { isTimeZone, setShopTimeZone } from "./lib/shop-time";

/**
 * The same for every visitor with the same age-check answer, so pages can be cached for everyone: what is personal
 * (name, cart count, wishlist) comes from /api/me after load (useLoadShopper, docs/decisions/017).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return { settings: context.settings, ageStatus: ageStatus(request) };
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  // Before any page renders: the browser counts and shows dates in the shop's zone, as the server did
  // (docs/decisions/024). A browser that does not know the zone keeps the default rather than fail.
  if (data && isTimeZone(data.settings.timeZone)) setShopTimeZone(data.settings.timeZone);
  const location = useLocation();
  useLoadShopper();
  // The back office (staff, signed in with two factors) has its own header and no shop footer or 18+ question.
  const backOffice = useInBackOffice();
  const gate = !backOffice && data && data.ageStatus !== "confirmed" ? data.ageStatus : null;
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {data && (
          <link rel="canonical" href={canonicalUrl(data.settings.publicUrl, location.pathname, location.search)} />
        )}
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
        >
          Skip to content
        </a>
        <div className="flex flex-1 flex-col" inert={gate ? true : undefined}>
          {backOffice ? (
            children
          ) : (
            <>
              <Header shopName={data?.settings.name ?? "Shop"} />
              <main id="main" className="flex-1">
                {children}
              </main>
              <Footer settings={data?.settings} />
            </>
          )}
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
  return <RouteError error={error} back={shopWayBack} />;
}

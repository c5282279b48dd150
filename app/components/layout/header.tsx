import { Form, NavLink } from "react-router";
import { Link } from "~/components/ui/link";
import { useGuestCartCount } from "~/components/cart/guest-state-sync";
import { CartIcon, HeartIcon, MenuIcon, SignOutIcon, UserIcon } from "~/components/ui/icons";
import type { Shopper } from "~/modules/cart/shopper";
import { mainLinks } from "./nav-links";
import { useShopper } from "./use-shop";
import { SearchForm } from "./search-form";

type HeaderUser = NonNullable<Shopper["user"]> | null;

/**
 * Who is signed in, with the sign-out icon; or a link to sign in. Until /api/me has answered (and without JavaScript)
 * it is the sign-in link: /signin sends a shopper who is already signed in on to their account.
 */
function AccountLinks({ user }: { user: HeaderUser }) {
  if (!user) {
    return (
      <Link
        to="/signin"
        aria-label="Sign in"
        className="flex items-center gap-1 rounded-full p-2 text-sm font-medium hover:bg-brand-50"
      >
        <UserIcon width={20} height={20} />
        <span className="hidden sm:inline">Sign in</span>
      </Link>
    );
  }
  return (
    <>
      {user.role === "staff" && (
        <Link
          to="/admin"
          className="hidden rounded-full px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50 sm:inline-block"
        >
          Back office
        </Link>
      )}
      <Link
        to="/account"
        className="flex items-center gap-1 rounded-full p-2 text-sm font-medium hover:bg-brand-50"
        // The name shown is part of the link's name, not in brackets (WCAG 2.5.3, axe-core 4.14).
        aria-label={`Your account: ${user.name}`}
      >
        <UserIcon width={20} height={20} />
        <span className="hidden max-w-32 truncate sm:inline">{user.name}</span>
      </Link>
      <Form method="post" action="/signout">
        <button type="submit" className="rounded-full p-2 hover:bg-brand-50" aria-label="Sign out" title="Sign out">
          <SignOutIcon width={20} height={20} />
        </button>
      </Form>
    </>
  );
}

export function Header({ shopName }: { shopName: string }) {
  const shopper = useShopper();
  const user = shopper?.user ?? null;
  const guestCount = useGuestCartCount(Boolean(user));
  const count = user ? shopper!.cartCount : guestCount;
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/* Under 640 px the search box has a row of its own, under the logo and icons: never behind the menu. */}
      <div className="container-page flex flex-wrap items-center gap-x-1 gap-y-2 py-3 sm:flex-nowrap sm:gap-3">
        <Link to="/" className="flex shrink-0 items-center gap-2 font-extrabold text-brand-700">
          <img src="/images/logo.svg" alt="" width="32" height="32" />
          <span className="text-lg">{shopName}</span>
        </Link>
        <SearchForm
          id="site-search"
          placeholder="Search devices and flavours"
          className="order-last flex w-full sm:order-none sm:ml-auto sm:w-auto sm:max-w-xs sm:flex-1"
        />
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex gap-5 text-sm font-medium">
            {mainLinks.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end
                  className="hover:text-brand-700 aria-[current=page]:text-brand-700 aria-[current=page]:underline"
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link to="/wishlist" aria-label="Wishlist" className="hidden rounded-full p-2 hover:bg-brand-50 sm:inline-flex">
          <HeartIcon />
        </Link>
        <Link
          to="/cart"
          // The count shown on the badge is part of the link's name, not in brackets (WCAG 2.5.3, axe-core 4.14).
          aria-label={count ? `Cart: ${count} ${count === 1 ? "line" : "lines"}` : "Cart"}
          className="relative ml-auto rounded-full p-2 hover:bg-brand-50 sm:ml-0"
        >
          <CartIcon />
          {count > 0 && (
            <span
              aria-hidden="true"
              className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-xs font-bold text-white"
            >
              {count}
            </span>
          )}
        </Link>
        <AccountLinks user={user} />
        <details className="relative lg:hidden">
          <summary
            className="list-none rounded-full p-2 hover:bg-brand-50 [&::-webkit-details-marker]:hidden"
            aria-label="Menu"
          >
            <MenuIcon />
          </summary>
          <nav
            aria-label="Side menu"
            className="absolute right-0 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-3 shadow-lg"
          >
            <ul className="flex flex-col gap-1">
              {[...mainLinks, { to: "/cart", label: "Cart" }, { to: "/wishlist", label: "Wishlist" }].map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="block rounded-lg px-3 py-2 hover:bg-brand-50">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}

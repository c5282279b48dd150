import { Form, Link, NavLink } from "react-router";
import { CartIcon, MenuIcon, SearchIcon } from "~/components/ui/icons";
import { mainLinks } from "./nav-links";

export function Header({ shopName }: { shopName: string }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="container-page flex items-center gap-3 py-3">
        <Link to="/" className="flex shrink-0 items-center gap-2 font-extrabold text-brand-700">
          <img src="/images/logo.svg" alt="" width="32" height="32" />
          <span className="text-lg">{shopName}</span>
        </Link>
        <Form method="get" action="/search" role="search" className="ml-auto hidden max-w-xs flex-1 sm:flex">
          <label htmlFor="site-search" className="sr-only">Search devices and flavours</label>
          <input id="site-search" name="q" type="search" maxLength={100} placeholder="Search devices and flavours"
            className="w-full rounded-l-full border border-slate-300 px-4 py-2 text-sm" />
          <button type="submit" className="rounded-r-full bg-brand-600 px-3 text-white" aria-label="Search">
            <SearchIcon width={18} height={18} />
          </button>
        </Form>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex gap-5 text-sm font-medium">
            {mainLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className="hover:text-brand-700 aria-[current=page]:text-brand-700 aria-[current=page]:underline">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link to="/cart" aria-label="Cart" className="ml-auto rounded-full p-2 hover:bg-brand-50 sm:ml-0">
          <CartIcon />
        </Link>
        <details className="relative lg:hidden">
          <summary className="list-none rounded-full p-2 hover:bg-brand-50 [&::-webkit-details-marker]:hidden" aria-label="Menu">
            <MenuIcon />
          </summary>
          <nav aria-label="Side menu" className="absolute right-0 mt-2 w-56 rounded-xl border border-slate-200 bg-white p-3 shadow-lg">
            <Form method="get" action="/search" role="search" className="mb-3 flex sm:hidden">
              <label htmlFor="menu-search" className="sr-only">Search devices and flavours</label>
              <input id="menu-search" name="q" type="search" maxLength={100} placeholder="Search"
                className="w-full rounded-l-full border border-slate-300 px-3 py-1.5 text-sm" />
              <button type="submit" className="rounded-r-full bg-brand-600 px-3 text-white" aria-label="Search">
                <SearchIcon width={16} height={16} />
              </button>
            </Form>
            <ul className="flex flex-col gap-1">
              {[...mainLinks, { to: "/cart", label: "Cart" }].map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="block rounded-lg px-3 py-2 hover:bg-brand-50">{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}

import { Link, NavLink } from "react-router";
import { CartIcon, MenuIcon } from "~/components/ui/icons";
import { mainLinks } from "./nav-links";
import { SearchForm } from "./search-form";

export function Header({ shopName }: { shopName: string }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="container-page flex items-center gap-3 py-3">
        <Link to="/" className="flex shrink-0 items-center gap-2 font-extrabold text-brand-700">
          <img src="/images/logo.svg" alt="" width="32" height="32" />
          <span className="text-lg">{shopName}</span>
        </Link>
        <SearchForm id="site-search" placeholder="Search devices and flavours" className="ml-auto hidden max-w-xs flex-1 sm:flex" />
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
            <SearchForm id="menu-search" placeholder="Search" className="mb-3 flex sm:hidden" />
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

import type { ReactNode } from "react";
import { Form, NavLink } from "react-router";
import { Link } from "~/components/ui/link";
import { useShopSettings } from "~/components/layout/use-shop";
import { SignOutIcon } from "~/components/ui/icons";

/** The back office's sections, in the order of its tabs. */
const sections = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/returns", label: "Returns" },
  { to: "/admin/take-backs", label: "Take-backs" },
  { to: "/admin/products", label: "Devices" },
  { to: "/admin/flavours", label: "Flavours" },
  { to: "/admin/mhra", label: "MHRA list" },
  { to: "/admin/messages", label: "Messages" },
  { to: "/admin/mail", label: "Mail" },
  { to: "/admin/customers", label: "Customers" },
  { to: "/admin/age-checks", label: "Age checks" },
  { to: "/admin/posts", label: "Blog" },
  { to: "/admin/reviews", label: "Reviews" },
  { to: "/admin/about", label: "About page" },
];

/**
 * The back office's own frame, instead of the shop's header, footer and nicotine warning (root.tsx leaves those out
 * here): a compact header (the shop's name, the way back to the shop, who is signed in, Sign out), the sections as
 * tabs that wrap onto a second line on a narrow screen rather than hide, and the page.
 */
export function BackOfficeFrame({ staffName, children }: { staffName: string; children: ReactNode }) {
  const { name } = useShopSettings();
  return (
    <>
      <header className="bg-brand-900 text-white">
        <div className="container-page flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
          <p className="flex items-center gap-2 font-bold">
            <img src="/images/logo.svg" alt="" width="24" height="24" />
            <span>{name}</span>
            <span className="text-sm font-semibold uppercase tracking-wide text-brand-100">Back office</span>
          </p>
          <div className="ml-auto flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <Link to="/" className="rounded font-medium text-white underline-offset-2 hover:underline">
              View the shop
            </Link>
            <span className="min-w-0 break-words text-brand-100">Signed in as {staffName}</span>
            <Form method="post" action="/signout">
              <button
                type="submit"
                className="flex items-center gap-1 rounded-full px-2 py-1 font-medium hover:bg-white/10"
              >
                <SignOutIcon width={16} height={16} />
                Sign out
              </button>
            </Form>
          </div>
        </div>
      </header>
      <nav aria-label="Back office" className="border-b border-slate-200 bg-slate-50">
        <ul className="container-page flex flex-wrap gap-1 py-2">
          {sections.map((s) => (
            <li key={s.to}>
              <NavLink
                to={s.to}
                end={s.end}
                className="inline-block rounded-full px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-brand-50 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white"
              >
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="container-page flex-1 py-6">
        {children}
      </main>
    </>
  );
}

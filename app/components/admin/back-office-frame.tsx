import { useEffect, useRef, type ReactNode } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import { useShopSettings } from "~/components/layout/use-shop";
import { ChevronDown, SignOutIcon } from "~/components/ui/icons";
import type { Permission } from "~/modules/accounts/permissions";

/** The back office's sections, in the order of its tabs, each with the permission that opens it (issue 63). */
const sections: ReadonlyArray<{ to: string; label: string; permission: Permission; end?: true }> = [
  { to: "/admin", label: "Dashboard", permission: "back-office", end: true },
  { to: "/admin/orders", label: "Orders", permission: "orders.read" },
  { to: "/admin/reports", label: "Reports", permission: "reports" },
  { to: "/admin/returns", label: "Returns", permission: "returns" },
  { to: "/admin/take-backs", label: "Take-backs", permission: "returns" },
  { to: "/admin/shipping", label: "Shipping", permission: "shipping" },
  { to: "/admin/products", label: "Devices", permission: "catalogue.edit" },
  { to: "/admin/flavours", label: "Flavours", permission: "catalogue.edit" },
  { to: "/admin/mhra", label: "MHRA list", permission: "catalogue.edit" },
  { to: "/admin/goods-in", label: "Goods in", permission: "stock.edit" },
  { to: "/admin/messages", label: "Messages", permission: "messages" },
  { to: "/admin/mail", label: "Mail", permission: "messages" },
  { to: "/admin/customers", label: "Customers", permission: "customers.read" },
  { to: "/admin/age-checks", label: "Age checks", permission: "age-checks" },
  { to: "/admin/posts", label: "Blog", permission: "content.edit" },
  { to: "/admin/reviews", label: "Reviews", permission: "content.edit" },
  { to: "/admin/about", label: "About page", permission: "content.edit" },
  { to: "/admin/staff", label: "Staff", permission: "staff.manage" },
  { to: "/admin/audit-log", label: "Audit log", permission: "audit.read" },
];

type Section = (typeof sections)[number];

/** The section a page belongs to (an order's page is in Orders); none for a page outside them (catalogue import). */
function sectionOf(shown: readonly Section[], pathname: string): Section | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  return shown.find((s) => path === s.to || (!s.end && path.startsWith(`${s.to}/`)));
}

function SectionLink({ section, className }: { section: Section; className: string }) {
  return (
    <NavLink
      to={section.to}
      end={section.end}
      className={`${className} text-sm font-medium text-slate-800 hover:bg-brand-50 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white`}
    >
      {section.label}
    </NavLink>
  );
}

/**
 * Under 1024 px the sections are one line: a disclosure naming the current section, opening onto the list (a native
 * details element: keyboard and screen readers know it, and it works without JavaScript; Escape closes it). It starts
 * closed on every page (its key is the path).
 */
function SectionsMenu({ shown, current }: { shown: readonly Section[]; current: Section | undefined }) {
  const menu = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = menu.current;
    const close = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details?.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    details?.addEventListener("keydown", close);
    return () => details?.removeEventListener("keydown", close);
  }, []);
  return (
    <details ref={menu} className="group lg:hidden">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-700 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
        Section: <strong className="font-semibold text-slate-900">{current?.label ?? "choose one"}</strong>
        <ChevronDown
          width={18}
          height={18}
          className="ml-auto motion-safe:transition-transform group-open:rotate-180"
        />
      </summary>
      <ul className="mt-2 grid grid-cols-2 gap-1 sm:grid-cols-3">
        {shown.map((s) => (
          <li key={s.to}>
            <SectionLink section={s} className="block rounded-lg px-3 py-2" />
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * The back office's own frame, instead of the shop's header, footer and nicotine warning (root.tsx leaves those out
 * here): a compact header (the shop's name, the way back to the shop, who is signed in with their roles, Sign out),
 * the sections their permissions open (tabs from 1024 px, a menu naming the current section below that, so a phone's
 * first screen is the page) and the page. A section they may not open is not offered (its page would answer 403).
 */
export function BackOfficeFrame({
  staffName,
  staffRoles,
  permissions,
  children,
}: {
  staffName: string;
  /** Their roles' labels ("Packer"). */
  staffRoles: readonly string[];
  permissions: readonly Permission[];
  children: ReactNode;
}) {
  const { name } = useShopSettings();
  const { pathname } = useLocation();
  const shown = sections.filter((s) => permissions.includes(s.permission));
  const current = sectionOf(shown, pathname);
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
            <span className="min-w-0 break-words text-brand-100">
              Signed in as {staffName}
              {staffRoles.length > 0 && ` · ${staffRoles.join(", ")}`}
            </span>
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
        <div className="container-page py-2">
          <SectionsMenu key={pathname} shown={shown} current={current} />
          <ul className="hidden flex-wrap gap-1 lg:flex">
            {shown.map((s) => (
              <li key={s.to}>
                <SectionLink section={s} className="inline-block rounded-full px-3 py-1.5" />
              </li>
            ))}
          </ul>
        </div>
      </nav>
      <main id="main" className="container-page flex-1 py-6">
        {children}
      </main>
    </>
  );
}

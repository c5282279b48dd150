import { NavLink, Outlet } from "react-router";
import { requireStaff } from "~/modules/admin/guard.server";
import type { Route } from "./+types/layout";
import { backOfficeWayBack, RouteError } from "~/components/layout/route-error";

/** Every back-office page sits in here; the door is checked again by each page's own loader and action. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request);
  return { staffName: staff.name || staff.email };
}

const sections = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/returns", label: "Returns" },
  { to: "/admin/products", label: "Devices" },
  { to: "/admin/flavours", label: "Flavours" },
  { to: "/admin/messages", label: "Messages" },
  { to: "/admin/mail", label: "Mail" },
  { to: "/admin/customers", label: "Customers" },
  { to: "/admin/age-checks", label: "Age checks" },
  { to: "/admin/posts", label: "Blog" },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page py-8">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Back office</p>
        <p className="text-sm text-slate-600">Signed in as {loaderData.staffName}</p>
      </div>
      <nav aria-label="Back office" className="relative mt-3 overflow-x-auto border-b border-slate-200">
        <ul className="flex gap-1">
          {sections.map((s) => (
            <li key={s.to}>
              <NavLink
                to={s.to}
                end={s.end}
                className="inline-block whitespace-nowrap rounded-t-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 aria-[current=page]:bg-brand-600 aria-[current=page]:text-white"
              >
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6">
        <Outlet />
      </div>
    </div>
  );
}

/** A back-office page that fails offers the way back to the dashboard, not to the shop. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} back={backOfficeWayBack} />;
}

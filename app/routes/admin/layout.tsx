import { Outlet } from "react-router";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { can, permissionNames, staffRoles } from "~/modules/accounts/permissions";
import type { Route } from "./+types/layout";
import { BackOfficeFrame } from "~/components/admin/back-office-frame";
import { backOfficeWayBack, RouteError } from "~/components/layout/route-error";

/**
 * Every back-office page sits in here; the door is checked again by each page's own loader and action. The frame is
 * told who is signed in, their roles and what those allow, so it shows only the sections they may open (issue 63).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request);
  return {
    staffName: staff.name || staff.email,
    staffRoles: (staff.staffRoles ?? []).map((role) => staffRoles[role].label),
    permissions: permissionNames.filter((permission) => can(staff, permission)),
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <BackOfficeFrame {...loaderData}>
      <Outlet />
    </BackOfficeFrame>
  );
}

/**
 * A back-office page that fails offers the way back to the dashboard, not to the shop, inside the back office's frame.
 * Anybody who is not staff never got past this layout's loader: they see the shop's own 404 page, in the shop's frame.
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  const page = <RouteError error={error} back={backOfficeWayBack} />;
  return loaderData ? <BackOfficeFrame {...loaderData}>{page}</BackOfficeFrame> : page;
}

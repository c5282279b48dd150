import { data } from "react-router";
import type { ShopContext } from "~/lib/app-context";
import type { SessionUser } from "~/modules/accounts/accounts";
import { getSessionUser } from "~/modules/accounts/session.server";

export const STAFF_ONLY = "Only shop staff can do this.";

/** Whether this user may use the back office. */
export const isStaff = (user: SessionUser | null): user is SessionUser => user?.role === "staff";

/**
 * The back office's door, called first in every admin loader and action: staff pass; anybody else (signed out or a
 * customer) gets a 404 page for a page (the back office does not show itself) and a 403 for an action.
 */
export async function requireStaff(context: ShopContext, request: Request): Promise<SessionUser> {
  const user = await getSessionUser(context, request);
  if (isStaff(user)) return user;
  if (request.method === "GET" || request.method === "HEAD") throw data(null, { status: 404 });
  throw data({ ok: false, message: STAFF_ONLY }, { status: 403 });
}

/** For services called outside a request (and a second line of defence inside them): refuses non-staff. */
export function assertStaff(user: SessionUser | null): asserts user is SessionUser {
  if (!isStaff(user)) throw new StaffOnlyError();
}

export class StaffOnlyError extends Error {
  readonly status = 403;
  constructor() {
    super(STAFF_ONLY);
  }
}

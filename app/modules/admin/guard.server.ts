import { data, redirect } from "react-router";
import { twoFactorMessages } from "~/modules/accounts/two-factor";
import type { ShopContext } from "~/context";
import { returnPath } from "~/lib/page-url";
import type { SessionUser } from "~/modules/accounts/accounts";
import { getSessionUser } from "~/modules/accounts/session.server";

export const STAFF_ONLY = "Only shop staff can do this.";

/** Whether this user may use the back office. */
export const isStaff = (user: SessionUser | null): user is SessionUser => user?.role === "staff";

/**
 * The back office's door, called first in every admin loader and action: staff whose session proved the second
 * factor pass (docs/decisions/021). Other staff are sent to set it up or to type their code (an action is refused
 * with 403); anybody else (signed out or a customer) gets a 404 page for a page (the back office does not show
 * itself) and a 403 for an action.
 */
export async function requireStaff(context: ShopContext, request: Request): Promise<SessionUser> {
  const user = await getSessionUser(context, request);
  const reading = request.method === "GET" || request.method === "HEAD";
  if (isStaff(user)) {
    if (user.twoFactorEnabled && user.secondFactor) return user;
    if (!reading) throw data({ ok: false, message: twoFactorMessages.backOfficeOnly }, { status: 403 });
    const back = encodeURIComponent(returnPath(request));
    throw redirect(
      user.twoFactorEnabled ? `/signin/two-factor?redirectTo=${back}` : `/account/two-factor?redirectTo=${back}`,
    );
  }
  if (reading) throw data(null, { status: 404 });
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

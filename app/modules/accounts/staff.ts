/** Who is staff, and the refusal a service gives anybody else (the pages' guard is requireStaff, in the session service). */
import type { SessionUser } from "./accounts";

export const STAFF_ONLY = "Only shop staff can do this.";

/** Whether this user may use the back office. */
export const isStaff = (user: SessionUser | null): user is SessionUser => user?.role === "staff";

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

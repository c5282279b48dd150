/** Who is staff, and the refusal a service gives anybody else (the pages' guard is requireStaff, in the session service). */
import type { SessionUser } from "./accounts";
import type { AuditActor } from "~/modules/audit/audit";
import { can, forbiddenMessage, type Permission } from "./permissions";

export const STAFF_ONLY = "Only shop staff can do this.";

/** Whether this user may use the back office. */
export const isStaff = (user: SessionUser | null): user is SessionUser => user?.role === "staff";

/** For services called outside a request (and a second line of defence inside them): refuses non-staff. */
export function assertStaff(user: SessionUser | null): asserts user is SessionUser {
  if (!isStaff(user)) throw new StaffOnlyError();
}

/**
 * A back-office service's own check (issue 63): staff whose roles give the permission (app/modules/accounts/
 * permissions.ts), or a 403 error. The page's requireStaff asked first; this is the line a crafted call meets.
 */
export function assertAllowed(user: SessionUser | null, permission: Permission): asserts user is SessionUser {
  assertStaff(user);
  if (!can(user, permission)) throw new StaffOnlyError(forbiddenMessage(permission));
}

export class StaffOnlyError extends Error {
  readonly status = 403;
  constructor(message: string = STAFF_ONLY) {
    super(message);
  }
}

/**
 * The audit log's actor for a member of staff (docs/decisions/080): their id, their name and e-mail as they are now,
 * and the request's address (requireStaff adds it; a service called outside a request has none).
 */
export function auditActorOf(staff: SessionUser): AuditActor {
  return {
    kind: "staff",
    id: staff.id,
    name: staff.name && staff.name !== staff.email ? `${staff.name} <${staff.email}>` : staff.email,
    ip: staff.clientIp ?? null,
  };
}

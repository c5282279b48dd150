import type { Generated } from "kysely";
import type { UserRole } from "./values";

/** The accounts tables: Better Auth's own (user, session, account, verification, twoFactor) and the shop's beside them. */

export type UserTable = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
  firstName: string | null;
  lastName: string | null;
  dateOfBirth: string | null;
  authProvider: string | null;
  role: Generated<UserRole>;
  deletedAt: string | null;
  twoFactorEnabled: Generated<boolean | number>;
  /** A staff account's roles, comma-separated ("owner", "manager,age-checker"); null for a customer (issue 63). */
  staffRoles: string | null;
  /** When staff disabled this staff account (it cannot sign in; its sessions were ended); null when enabled. */
  disabledAt: string | null;
};

/** An invitation to become staff (issue 63): its link's token is kept only as a hash; used once, within its days. */
export type StaffInvitationsTable = {
  id: string;
  email: string;
  /** The roles it gives, comma-separated. */
  roles: string;
  token_hash: string;
  invited_by_id: string | null;
  invited_by_name: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_user_id: string | null;
  revoked_at: string | null;
};

/**
 * The back office's audit log (issue 63, docs/decisions/080): appended, never changed; deleted only by the retention
 * job after AUDIT_RETENTION_YEARS.
 */
export type AuditLogTable = {
  id: string;
  at: string;
  actor_kind: "staff" | "cli" | "visitor";
  actor_id: string | null;
  /** The actor's name as it was then (a staff member's name or e-mail, the command line's user). */
  actor_name: string;
  ip: string | null;
  /** What was done, as a dotted name ("catalogue.price-change", "staff.invite", "sign-in.failed"). */
  action: string;
  /** What it was done to ("variant", "order", "customer"), and its id. */
  entity: string | null;
  entity_id: string | null;
  outcome: "done" | "refused";
  /** JSON: the fields before and after ({ field: [before, after] }), or other details; never personal data or secrets. */
  details: string | null;
};

export type SessionTable = {
  id: string;
  expiresAt: string | Date;
  token: string;
  createdAt: string | Date;
  updatedAt: string | Date;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  secondFactorAt: string | null;
};

export type AccountTable = {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  password: string | null;
  createdAt: string | Date;
  updatedAt: string | Date;
};

/** Better Auth's one-time tokens (password reset: value is the user's id). */
export type VerificationTable = {
  id: string;
  identifier: string;
  value: string;
  expiresAt: string | Date;
  createdAt: string | Date;
  updatedAt: string | Date;
};

/** Better Auth's two-factor secrets (encrypted) and recovery codes. */
export type TwoFactorTable = {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
  verified: boolean | number | null;
  failedVerificationCount: number | null;
  lockedUntil: string | Date | null;
};
export type UsedSecondFactorCodesTable = { user_id: string; code: string; used_at: string };

export type AppSecretsTable = { name: string; value: string };
export type OutboxEmailsTable = { id: string; to_address: string; subject: string; body: string; created_at: string };

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

/**
 * The Staff page (issue 63): staff accounts with their roles, disabling and re-enabling them, resetting their
 * two-factor sign-in, and inviting new staff by e-mail. Every change is written to the audit log in its own
 * transaction, and the shop always keeps an enabled owner. Also the command line's `npm run staff` (with the
 * command line as the audit log's actor).
 */
import { createHash, randomBytes } from "node:crypto";
import type { ShopContext } from "~/context";
import type { Db } from "~/db/database.server";
import { inTransaction } from "~/db/transaction.server";
import { appUrl } from "~/lib/config.server";
import { check } from "~/lib/form-check";
import { newId } from "~/lib/ids.server";
import { fail, failFields, type Failure, type Result } from "~/lib/result";
import type { AuditActor } from "~/modules/audit/audit";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { enqueueJob } from "~/modules/jobs/jobs.service.server";
import { noticeJob } from "~/modules/mail/notice.jobs";
import {
  describeWait,
  hitRateLimit,
  STAFF_INVITATION_FAILURES_PER_ADDRESS,
  STAFF_INVITES_PER_STAFF,
  takeRateLimits,
} from "~/modules/security/rate-limit.service.server";
import type { SessionUser } from "./accounts";
import { formatStaffRoles, parseStaffRoles, staffRoles, type StaffRole } from "./permissions";
import { assertAllowed, auditActorOf } from "./staff";
import {
  INVITATION_DAYS,
  inviteInput,
  newStaffInput,
  rolesInput,
  staffMessages as m,
  type PendingInvitation,
  type StaffMember,
} from "./staff-management";
import * as repo from "./staff-management.repository.server";
import { forgetSecondFactor } from "./two-factor.repository.server";

type Done = Result<{ message: string }>;
type Ctx = Pick<ShopContext, "db" | "config">;

/** The command line as the audit log's actor: the system user who ran it. */
export const cliActor = (systemUser: string): AuditActor => ({
  kind: "cli",
  id: null,
  name: `${systemUser} (command line)`,
  ip: null,
});

const rolesText = (roles: readonly StaffRole[]) => roles.map((r) => staffRoles[r].label).join(", ");
const isOwner = (staffRolesText: string | null) => parseStaffRoles(staffRolesText).includes("owner");

/** Every staff account and the invitations waiting, for the Staff page. */
export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await repo.listStaffRows(db);
  return rows.map((r) => ({
    id: r.id,
    name: [r.firstName, r.lastName].filter(Boolean).join(" ") || r.name,
    email: r.email,
    roles: parseStaffRoles(r.staffRoles),
    twoFactor: r.twoFactorEnabled === true || r.twoFactorEnabled === 1,
    disabled: Boolean(r.disabledAt),
  }));
}

export async function staffPage(db: Db, staff: SessionUser, now = new Date()) {
  assertAllowed(staff, "staff.manage");
  const invitations: PendingInvitation[] = (await repo.listPendingInvitationRows(db, now.toISOString())).map((r) => ({
    id: r.id,
    email: r.email,
    roles: parseStaffRoles(r.roles),
    expiresAt: r.expires_at,
    invitedBy: r.invited_by_name,
  }));
  return { members: await listStaff(db), invitations };
}

/** Whether, without this account as an owner, another enabled owner remains (rows locked on PostgreSQL). */
async function anotherOwner(trx: Db, userId: string): Promise<boolean> {
  const enabled = await repo.enabledStaffRoles(trx);
  return enabled.some((r) => r.id !== userId && isOwner(r.staffRoles));
}

/** Sets a staff account's roles (at least one; the last enabled owner keeps "owner"). */
export function changeRoles(db: Db, actor: AuditActor, userId: string, roles: StaffRole[]): Promise<Done> {
  return inTransaction(db, async (trx) => {
    const target = await repo.findStaffRow(trx, userId);
    if (!target) return fail("not-found", m.notFound);
    const before = parseStaffRoles(target.staffRoles);
    const after = formatStaffRoles(roles);
    if (formatStaffRoles(before) === after) return { ok: true, message: `${target.email}'s roles are unchanged.` };
    if (
      !target.disabledAt &&
      before.includes("owner") &&
      !roles.includes("owner") &&
      !(await anotherOwner(trx, userId))
    )
      return failFields({ roles: m.lastOwner }, "wrong-state");
    await repo.setStaffRoles(trx, userId, after);
    await recordAudit(trx, actor, {
      action: "staff.roles-change",
      entity: "user",
      entityId: userId,
      details: { roles: [formatStaffRoles(before), after] },
    });
    return { ok: true, message: `${target.email} now has the roles ${rolesText(roles)}.` };
  });
}

/**
 * Disables a staff account (it is signed out everywhere at once: its sessions are deleted in the same transaction) or
 * enables it again. The last enabled owner cannot be disabled.
 */
export function setDisabled(
  db: Db,
  actor: AuditActor,
  userId: string,
  disabled: boolean,
  now = new Date(),
): Promise<Done> {
  return inTransaction(db, async (trx) => {
    const target = await repo.findStaffRow(trx, userId);
    if (!target) return fail("not-found", m.notFound);
    if (Boolean(target.disabledAt) === disabled)
      return { ok: true, message: `${target.email} is already ${disabled ? "disabled" : "enabled"}.` };
    if (!disabled) {
      await repo.setDisabledAt(trx, userId, null);
      await recordAudit(trx, actor, { action: "staff.enable", entity: "user", entityId: userId }, now);
      return { ok: true, message: `${target.email} is enabled again: they can sign in.` };
    }
    if (isOwner(target.staffRoles) && !(await anotherOwner(trx, userId))) return fail("wrong-state", m.lastOwner);
    await repo.setDisabledAt(trx, userId, now.toISOString());
    const sessionsEnded = await repo.deleteSessionsOf(trx, userId);
    await recordAudit(
      trx,
      actor,
      { action: "staff.disable", entity: "user", entityId: userId, details: { sessionsEnded } },
      now,
    );
    return { ok: true, message: `${target.email} is disabled and signed out everywhere.` };
  });
}

/** Removes a staff member's two-factor set-up and ends their sessions: they set it up again at their next sign-in. */
export function resetTwoFactor(
  db: Db,
  actor: AuditActor,
  userId: string,
): Promise<Result<{ message: string; sessionsEnded: number }>> {
  return inTransaction(db, async (trx) => {
    const target = await repo.findStaffRow(trx, userId);
    if (!target) return fail("not-found", m.notFound);
    const sessionsEnded = await forgetSecondFactor(trx, userId);
    await recordAudit(trx, actor, {
      action: "staff.two-factor-reset",
      entity: "user",
      entityId: userId,
      details: { sessionsEnded },
    });
    return {
      ok: true,
      sessionsEnded,
      message: `${target.email}'s two-factor sign-in was reset: they set it up again at their next sign-in.`,
    };
  });
}

/** The Staff page's forms, as the owner sends them. */
export async function changeRolesByStaff(db: Db, staff: SessionUser, values: unknown): Promise<Done> {
  assertAllowed(staff, "staff.manage");
  const checked = check(rolesInput, values);
  if (!checked.ok) return checked;
  return changeRoles(db, auditActorOf(staff), checked.data.userId, checked.data.roles);
}

export async function setDisabledByStaff(db: Db, staff: SessionUser, userId: string, disabled: boolean): Promise<Done> {
  assertAllowed(staff, "staff.manage");
  return setDisabled(db, auditActorOf(staff), userId, disabled);
}

export async function resetTwoFactorByStaff(db: Db, staff: SessionUser, userId: string): Promise<Done> {
  assertAllowed(staff, "staff.manage");
  return resetTwoFactor(db, auditActorOf(staff), userId);
}

/** The command line's `disable`/`enable --email`. */
export async function setDisabledByEmail(db: Db, actor: AuditActor, email: string, disabled: boolean): Promise<Done> {
  const user = await repo.findUserByEmail(db, email.trim().toLowerCase());
  if (!user || user.role !== "staff") return fail("not-found", `There is no staff account for ${email}.`);
  return setDisabled(db, actor, user.id, disabled);
}

/** Whether the shop has an enabled owner (the command line makes its first staff account an owner). */
export async function hasEnabledOwner(db: Db): Promise<boolean> {
  return (await repo.enabledStaffRoles(db)).some((r) => isOwner(r.staffRoles));
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Invites an address to join the staff with these roles: the invitation and its e-mail (queued in the outbox) in
 * one transaction, with the audit entry. An older invitation to the same address is revoked.
 */
export async function inviteStaff(
  ctx: Ctx,
  staff: SessionUser,
  values: unknown,
  now = new Date(),
): Promise<Result<{ message: string; email: string }>> {
  assertAllowed(staff, "staff.manage");
  const checked = check(inviteInput, values);
  if (!checked.ok) return checked;
  const email = checked.data.email.toLowerCase();
  const roles = checked.data.roles;
  const existing = await repo.findUserByEmail(ctx.db, email);
  if (existing?.role === "staff") return failFields({ email: m.alreadyStaff(email) }, "already-done");
  const limit = await hitRateLimit(ctx.db, STAFF_INVITES_PER_STAFF, staff.id, now.getTime());
  if (!limit.allowed)
    return fail(
      "too-many",
      `Too many invitations in a short time: please wait ${describeWait(limit.retryAfterSeconds)}.`,
    );
  const token = randomBytes(32).toString("base64url");
  const id = newId(16);
  const shopName = ctx.config.SHOP_NAME;
  const link = `${appUrl(ctx.config)}/staff-invitation/${token}`;
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  const actor = auditActorOf(staff);
  return inTransaction(ctx.db, async (trx) => {
    const replaced = await repo.revokeOpenInvitationsTo(trx, email, now.toISOString());
    await repo.insertInvitation(trx, {
      id,
      email,
      roles: formatStaffRoles(roles),
      token_hash: hashToken(token),
      invited_by_id: staff.id,
      invited_by_name: actor.name,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
    });
    await enqueueJob(
      trx,
      noticeJob,
      {
        to: email,
        shopName,
        subject: `You are invited to join ${shopName}'s staff`,
        title: `Join ${shopName}'s staff`,
        greeting: "Hello,",
        paragraphs: [
          `${actor.name} invites you to join ${shopName}'s staff, with the role${roles.length > 1 ? "s" : ""} ${rolesText(roles)}.`,
          `Accept the invitation here: ${link}`,
        ],
        action: {
          label: "Accept the invitation",
          url: link,
          after: `The link works once, within ${INVITATION_DAYS} days. If you did not expect it, you can ignore this e-mail.`,
        },
      },
      now,
    );
    await recordAudit(
      trx,
      actor,
      {
        action: "staff.invite",
        entity: "staff-invitation",
        entityId: id,
        details: { email, roles: formatStaffRoles(roles), ...(replaced.length ? { replaced: replaced.length } : {}) },
      },
      now,
    );
    return { ok: true, email, message: `Invitation sent to ${email}.` };
  });
}

export async function revokeInvitation(db: Db, staff: SessionUser, id: string, now = new Date()): Promise<Done> {
  assertAllowed(staff, "staff.manage");
  return inTransaction(db, async (trx) => {
    if (!(await repo.revokeInvitationRow(trx, id, now.toISOString())))
      return fail("already-done", "That invitation was already used or revoked.");
    await recordAudit(
      trx,
      auditActorOf(staff),
      { action: "staff.invitation-revoke", entity: "staff-invitation", entityId: id },
      now,
    );
    return { ok: true, message: "The invitation is revoked: its link no longer works." };
  });
}

/** An invitation's link as its page shows it. */
export type InvitationView = {
  email: string;
  roles: StaffRole[];
  /** Whether the address has an account already (a customer): they sign in as it and accept. */
  hasAccount: boolean;
};

const gone = (): Failure => fail("not-found", m.invitationGone);

/**
 * The invitation a link's token opens, if it is still open. A token that opens nothing counts against the client's
 * address (guessing links), and past the limit every token is refused for a while.
 */
export async function openInvitation(
  ctx: Pick<ShopContext, "db" | "clientIp">,
  token: string,
  now = new Date(),
): Promise<Result<{ invitation: InvitationView; id: string }>> {
  const attempt = await takeRateLimits(ctx.db, [[STAFF_INVITATION_FAILURES_PER_ADDRESS, ctx.clientIp || "unknown"]], {
    now: now.getTime(),
  });
  if (!attempt.allowed)
    return fail("too-many", `Too many invitation links tried: please wait ${describeWait(attempt.retryAfterSeconds)}.`);
  const row = token.length <= 200 ? await repo.findInvitationByHash(ctx.db, hashToken(token)) : undefined;
  if (!row || row.accepted_at || row.revoked_at || row.expires_at <= now.toISOString()) return gone();
  await attempt.release();
  const user = await repo.findUserByEmail(ctx.db, row.email);
  // An account at the address may be one this invitation's own accept has just made (claimed before the account is
  // created): read the claim again, so the second of two accepts at once is told the link is used.
  if (user && (await repo.findInvitationByHash(ctx.db, hashToken(token)))?.accepted_at) return gone();
  return {
    ok: true,
    id: row.id,
    invitation: { email: row.email, roles: parseStaffRoles(row.roles), hasAccount: Boolean(user) },
  };
}

export type Accepted = Result<{ message: string; userId: string }>;

/**
 * Accepts an invitation for the address's existing account, signed in as it: the account becomes staff with the
 * invitation's roles and keeps everything else (its orders, its password). Once: the invitation is claimed by a
 * conditional update, so of two requests at once one wins.
 */
export async function acceptAsSignedIn(
  ctx: Pick<ShopContext, "db" | "clientIp">,
  user: SessionUser | null,
  token: string,
  now = new Date(),
): Promise<Accepted> {
  const opened = await openInvitation(ctx, token, now);
  if (!opened.ok) return opened;
  const { email, roles } = opened.invitation;
  if (!user) return fail("sign-in", m.signInFirst(email));
  if (user.email.toLowerCase() !== email) return fail("not-allowed", m.otherAccount(email));
  if (user.role === "staff") return fail("already-done", m.alreadyStaff(email));
  return inTransaction(ctx.db, async (trx) => {
    if (!(await repo.claimInvitation(trx, opened.id, now.toISOString()))) return gone();
    await repo.makeStaffById(trx, user.id, formatStaffRoles(roles));
    await repo.setInvitationUser(trx, opened.id, user.id);
    await recordAudit(
      trx,
      {
        kind: "staff",
        id: user.id,
        name: user.name && user.name !== email ? `${user.name} <${email}>` : email,
        ip: ctx.clientIp || null,
      },
      {
        action: "staff.invitation-accept",
        entity: "staff-invitation",
        entityId: opened.id,
        details: { roles: formatStaffRoles(roles), account: "existing" },
      },
      now,
    );
    return { ok: true, userId: user.id, message: `You are now staff of the shop as ${rolesText(roles)}.` };
  });
}

/**
 * Accepts an invitation for an address with no account: creates it (address confirmed, the password given) as staff
 * with the invitation's roles. The invitation is claimed first (once), and given back if the account cannot be made.
 * The caller signs the new member of staff in.
 */
export async function acceptAsNewAccount(
  ctx: Pick<ShopContext, "db" | "clientIp" | "auth">,
  token: string,
  values: unknown,
  now = new Date(),
): Promise<Result<{ message: string; userId: string; email: string }>> {
  const opened = await openInvitation(ctx, token, now);
  if (!opened.ok) return opened;
  const { email, roles, hasAccount } = opened.invitation;
  if (hasAccount) return fail("sign-in", m.signInFirst(email));
  const checked = check(newStaffInput, values);
  if (!checked.ok) return checked;
  const { firstName, lastName, password } = checked.data;
  if (!(await repo.claimInvitation(ctx.db, opened.id, now.toISOString()))) return gone();
  let userId: string;
  try {
    userId = await createCredentialAccount(ctx, { email, password, firstName, lastName });
  } catch (error) {
    await repo.setInvitationUser(ctx.db, opened.id, null, null);
    throw error;
  }
  const name = `${firstName} ${lastName}`;
  await inTransaction(ctx.db, async (trx) => {
    await repo.makeStaffById(trx, userId, formatStaffRoles(roles));
    await repo.setInvitationUser(trx, opened.id, userId);
    await recordAudit(
      trx,
      { kind: "staff", id: userId, name: `${name} <${email}>`, ip: ctx.clientIp || null },
      {
        action: "staff.invitation-accept",
        entity: "staff-invitation",
        entityId: opened.id,
        details: { roles: formatStaffRoles(roles), account: "new" },
      },
      now,
    );
    return { ok: true as const };
  });
  return { ok: true, userId, email, message: `Welcome to the staff, ${firstName}.` };
}

/**
 * An account with an e-mail-and-password sign-in, made through Better Auth's own adapter (its password hashing and
 * records), its address confirmed: the owner (command line) or an invitation's link vouches for it. Its id.
 */
export async function createCredentialAccount(
  ctx: Pick<ShopContext, "auth">,
  input: { email: string; password: string; firstName?: string; lastName?: string },
): Promise<string> {
  const auth = await ctx.auth.$context;
  const user = await auth.internalAdapter.createUser(
    {
      name: `${input.firstName ?? ""} ${input.lastName ?? ""}`.trim() || input.email,
      email: input.email,
      emailVerified: true,
      firstName: input.firstName ?? "",
      lastName: input.lastName ?? "",
      authProvider: "email",
    },
    { method: "email-password" },
  );
  await auth.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await auth.password.hash(input.password),
  });
  return user.id;
}

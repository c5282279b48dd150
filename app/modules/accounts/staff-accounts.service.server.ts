import type { ShopContext } from "~/context";
import { fail, type Result } from "~/lib/result";
import { findUserIdByEmail, makeStaff } from "./accounts.repository.server";
import type { AuditActor } from "~/modules/audit/audit";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { formatStaffRoles, type StaffRole } from "./permissions";
import { cliActor, createCredentialAccount } from "./staff-management.service.server";
import { findAccountRole, forgetSecondFactor } from "./two-factor.repository.server";

/**
 * The command line's `npm run staff -- create`: creates the account (its address taken as confirmed: the owner knows
 * it) or makes an existing account staff, with these roles (default: owner), and writes the audit entry.
 */
export async function createOrPromoteStaff(
  ctx: Omit<ShopContext, "nonce" | "clientIp">,
  input: { email: string; password: string; firstName?: string; lastName?: string; roles?: StaffRole[] },
  actor: AuditActor = cliActor("unknown"),
): Promise<"created" | "promoted"> {
  const email = input.email.toLowerCase();
  const existing = await findUserIdByEmail(ctx.db, email);
  if (!existing) {
    if (input.password.length < 8) throw new Error("Password must be at least 8 characters");
    await createCredentialAccount(ctx, { ...input, email });
  }
  const roles = formatStaffRoles(input.roles?.length ? input.roles : ["owner"]);
  const user = await findUserIdByEmail(ctx.db, email);
  await ctx.db.transaction().execute(async (trx) => {
    await makeStaff(trx, email, roles);
    await recordAudit(trx, actor, {
      action: existing ? "staff.promote" : "staff.create",
      entity: "user",
      entityId: user?.id ?? null,
      details: { roles },
    });
  });
  return existing ? "promoted" : "created";
}

export type TwoFactorReset = Result<{ sessionsEnded: number }>;

/**
 * `npm run staff -- reset-two-factor`: for a staff member who lost their phone and their recovery codes. Their
 * authenticator secret and recovery codes are removed and every session of theirs ends, in one transaction; on their
 * next sign-in (password) the back office asks them to set two-factor up again before anything else. Written to the
 * log with the account and who ran the command. Staff only: a customer turns it off with their password.
 */
export async function resetStaffTwoFactor(
  ctx: Pick<ShopContext, "db" | "log">,
  email: string,
  ranBy: string,
): Promise<TwoFactorReset> {
  const address = email.trim().toLowerCase();
  const user = await findAccountRole(ctx.db, address);
  if (!user || user.role !== "staff") return fail("not-found", `There is no staff account for ${address}.`);
  const sessionsEnded = await ctx.db.transaction().execute(async (trx) => {
    const ended = await forgetSecondFactor(trx, user.id);
    await recordAudit(trx, cliActor(ranBy), {
      action: "staff.two-factor-reset",
      entity: "user",
      entityId: user.id,
      details: { sessionsEnded: ended },
    });
    return ended;
  });
  ctx.log.warn(
    { userId: user.id, email: address, ranBy, sessionsEnded },
    "staff two-factor reset by command: secret and recovery codes removed, signed out everywhere",
  );
  return { ok: true, sessionsEnded };
}

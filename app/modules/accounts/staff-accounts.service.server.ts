import type { ShopContext } from "~/context";
import { fail, type Result } from "~/lib/result";
import { findUserIdByEmail, makeStaff } from "./accounts.repository.server";
import { findAccountRole, forgetSecondFactor } from "./two-factor.repository.server";

/** Staff are made only by `npm run create-staff` (never by a form): creates the account or promotes it. */
export async function createOrPromoteStaff(
  ctx: Omit<ShopContext, "nonce" | "clientIp">,
  input: { email: string; password: string; firstName?: string; lastName?: string },
): Promise<"created" | "promoted"> {
  const email = input.email.toLowerCase();
  const existing = await findUserIdByEmail(ctx.db, email);
  if (!existing) {
    // Through Better Auth's own adapter (its password hashing and records), not its sign-up: the shop's owner knows
    // the address, so no confirmation e-mail is queued for it.
    const auth = await ctx.auth.$context;
    if (input.password.length < 8) throw new Error("Password must be at least 8 characters");
    const user = await auth.internalAdapter.createUser(
      {
        name: `${input.firstName ?? ""} ${input.lastName ?? ""}`.trim() || email,
        email,
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
  }
  // Made by the shop's owner, who knows the address: no confirmation e-mail needed.
  await makeStaff(ctx.db, email);
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
  const sessionsEnded = await ctx.db.transaction().execute((trx) => forgetSecondFactor(trx, user.id));
  ctx.log.warn(
    { userId: user.id, email: address, ranBy, sessionsEnded },
    "staff two-factor reset by command: secret and recovery codes removed, signed out everywhere",
  );
  return { ok: true, sessionsEnded };
}

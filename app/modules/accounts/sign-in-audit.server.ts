/**
 * Staff sign-ins in the audit log (issue 63, docs/decisions/080): each sign-in of a staff account, each failed one
 * for a staff address, a disabled account's refusal and the second factor's events. Customers' sign-ins are never
 * recorded (a failed attempt for a customer's address neither). Written on their own: a sign-in changes nothing else
 * the log would have to commit with.
 */
import type { ShopContext } from "~/context";
import type { AuditActor, AuditEntry } from "~/modules/audit/audit";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { findSignInAccount } from "./accounts.repository.server";

export type SignInAccount = NonNullable<Awaited<ReturnType<typeof findSignInAccount>>>;

/** The staff account behind an address or an id; null for a customer or nobody. */
export async function staffAccount(ctx: ShopContext, by: { email: string } | { id: string }) {
  const account = await findSignInAccount(ctx.db, by);
  return account?.role === "staff" ? account : null;
}

export const isDisabledAccount = (account: SignInAccount) => Boolean(account.disabledAt);

/** The member of staff as the log names them (as auditActorOf does for a session): name and e-mail, and the address. */
const staffActor = (ctx: ShopContext, account: SignInAccount): AuditActor => ({
  kind: "staff",
  id: account.id,
  name: account.name && account.name !== account.email ? `${account.name} <${account.email}>` : account.email,
  ip: ctx.clientIp || null,
});

/** An event of this staff account's own sign-in (done, or refused). */
export const recordStaffSignIn = (ctx: ShopContext, account: SignInAccount, entry: AuditEntry) =>
  recordAudit(ctx.db, staffActor(ctx, account), { entity: "user", entityId: account.id, ...entry });

/** A wrong password for a staff address: whoever typed it is a visitor, named by the address they typed. */
export const recordFailedStaffSignIn = (ctx: ShopContext, account: SignInAccount) =>
  recordAudit(
    ctx.db,
    { kind: "visitor", id: null, name: account.email, ip: ctx.clientIp || null },
    { action: "sign-in.failed", entity: "user", entityId: account.id, outcome: "refused" },
  );

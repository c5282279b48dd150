/**
 * A shopper's rights over their data (UK GDPR): a copy of everything the shop holds about them, and erasure. Orders
 * stay for the shop's accounts with placeholders instead of the person (docs/decisions/020).
 */
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { likeMatch, likePattern } from "~/db/like.server";
import type { ShopContext } from "~/lib/app-context";
import { ageVerificationOf } from "~/modules/age-checks/age-checks.service.server";
import { deliveredAt, returnRequestOf } from "~/modules/orders/customer-orders.server";
import { orderEvents } from "~/modules/orders/order-events.server";
import { findOrder } from "~/modules/orders/orders.service.server";
import { check, type SessionUser } from "./accounts";
import { dataRightsMessages, deleteAccountInput, DELETED_CUSTOMER, ERASED, RECENT_SIGN_IN_MINUTES } from "./data-rights";
import { recordSignInFailure, signInAllowed } from "./sign-in-limits.server";
import { describeWait } from "~/modules/security/rate-limit.server";

const iso = (value: string | Date | null | undefined) => (value == null ? null : new Date(value).toISOString());

/** Everything the shop holds about one account, as the shopper's own copy (no staff names, no other people). */
export async function exportAccountData(db: Db, userId: string, now = new Date()) {
  const user = await db
    .selectFrom("user")
    .select(["id", "name", "firstName", "lastName", "email", "emailVerified", "dateOfBirth", "authProvider", "createdAt", "twoFactorEnabled"])
    .where("id", "=", userId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  if (!user) return null;
  const email = user.email.toLowerCase();
  const logins = await db.selectFrom("account").select("providerId").where("userId", "=", userId).execute();
  const sessions = await db.selectFrom("session").select(["createdAt", "expiresAt", "ipAddress", "userAgent"]).where("userId", "=", userId).orderBy("createdAt").execute();
  const addresses = await db.selectFrom("addresses").select(["title", "type", "address", "phone", "is_default", "created_at"]).where("user_id", "=", userId).orderBy("position").execute();
  const orderIds = await db.selectFrom("orders").select("id").where("user_id", "=", userId).orderBy("created_at").execute();
  const orders = [];
  for (const { id } of orderIds) {
    const order = await findOrder(db, userId, id);
    if (!order) continue;
    const history = (await orderEvents(db, id)).map(({ field, from, to, at }) => ({ field, from, to, at }));
    const returnRequest = await returnRequestOf(db, id);
    orders.push({ ...order, deliveredAt: await deliveredAt(db, id), history, returnRequest });
  }
  const wishlist = await db.selectFrom("wishlist_items").select(["kind", "item_id", "created_at"]).where("user_id", "=", userId).orderBy("created_at").execute();
  const cart = await db.selectFrom("cart_lines").select(["kind", "item_id", "flavor", "nicotine_strength", "puff_count", "quantity", "created_at"]).where("user_id", "=", userId).execute();
  const messages = await db
    .selectFrom("messages")
    .select(["first_name", "last_name", "email", "phone", "subject", "message", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
  const alerts = await db
    .selectFrom("stock_alerts")
    .select(["kind", "item_id", "email", "created_at"])
    .where((eb) => eb.or([eb("user_id", "=", userId), eb(sql`lower(email)`, "=", email)]))
    .execute();
  const age = await ageVerificationOf(db, userId);
  return {
    exportedAt: now.toISOString(),
    profile: {
      name: user.name,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      emailConfirmed: Boolean(user.emailVerified),
      dateOfBirth: user.dateOfBirth,
      signUpMethod: user.authProvider,
      signInMethods: logins.map((l) => (l.providerId === "credential" ? "password" : l.providerId)),
      twoFactorSignIn: Boolean(user.twoFactorEnabled),
      accountCreatedAt: iso(user.createdAt),
    },
    ageVerification: { status: age.status, decidedAt: age.decidedAt },
    sessions: sessions.map((s) => ({ startedAt: iso(s.createdAt), expiresAt: iso(s.expiresAt), ipAddress: s.ipAddress, browser: s.userAgent })),
    addresses: addresses.map((a) => ({ title: a.title, type: a.type, address: a.address, phone: a.phone, isDefault: Boolean(a.is_default), addedAt: a.created_at })),
    orders,
    wishlist: wishlist.map((w) => ({ kind: w.kind, itemId: w.item_id, addedAt: w.created_at })),
    cart: cart.map((c) => ({ kind: c.kind, itemId: c.item_id, flavour: c.flavor, nicotineStrength: c.nicotine_strength, puffCount: c.puff_count, quantity: c.quantity, addedAt: c.created_at })),
    messages: messages.map((m) => ({ firstName: m.first_name, lastName: m.last_name, email: m.email, phone: m.phone, subject: m.subject, message: m.message, sentAt: m.created_at })),
    backInStockAlerts: alerts.map((a) => ({ kind: a.kind, itemId: a.item_id, email: a.email, askedAt: a.created_at })),
  };
}

export type AccountExport = NonNullable<Awaited<ReturnType<typeof exportAccountData>>>;

export type DeleteResult = { ok: true; headers: Headers } | { ok: false; status: number; errors: Record<string, string>; formError: string | null };

const refused = (status: number, formError: string | null, errors: Record<string, string> = {}): DeleteResult => ({ ok: false, status, errors, formError });

/** Orders still on their way (or a return still open): the shop needs the address and the person until they end. */
async function openOrderIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("orders as o")
    .leftJoin("return_requests as r", "r.order_id", "o.id")
    .select("o.id")
    .where("o.user_id", "=", userId)
    .where((eb) => eb.or([eb("o.status", "in", ["pending", "confirmed", "dispatched"]), eb("r.status", "=", "requested")]))
    .orderBy("o.created_at")
    .execute();
  return rows.map((r) => r.id);
}

/** Whether the person asking is the owner: their password (counted like a sign-in) or a sign-in in the last minutes. */
async function provesOwner(ctx: ShopContext, request: Request, user: SessionUser, password: string): Promise<DeleteResult | null> {
  const auth = await ctx.auth.$context;
  const login = await ctx.db.selectFrom("account").select("password").where("userId", "=", user.id).where("providerId", "=", "credential").executeTakeFirst();
  if (login?.password) {
    if (!password) return refused(400, null, { password: dataRightsMessages.passwordRequired });
    const email = user.email.toLowerCase();
    const allowed = await signInAllowed(ctx.db, email, ctx.clientIp);
    if (!allowed.allowed) return refused(429, `Too many wrong passwords. Please wait ${describeWait(allowed.retryAfterSeconds)} and try again.`);
    if (await auth.password.verify({ hash: login.password, password })) return null;
    await recordSignInFailure(ctx.db, email, ctx.clientIp);
    return refused(400, null, { password: dataRightsMessages.wrongPassword });
  }
  const session = await ctx.auth.api.getSession({ headers: request.headers, query: { disableCookieCache: true } });
  const startedAt = session ? new Date(session.session.createdAt).getTime() : 0;
  return Date.now() - startedAt <= RECENT_SIGN_IN_MINUTES * 60_000 ? null : refused(403, dataRightsMessages.signInAgain);
}

/** Set-Cookie lines that remove the session cookies from this browser. */
async function clearedSessionCookies(ctx: ShopContext): Promise<Headers> {
  const { authCookies } = await ctx.auth.$context;
  const headers = new Headers();
  for (const cookie of [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken]) {
    const secure = cookie.name.startsWith("__Secure-") ? "; Secure" : "";
    headers.append("Set-Cookie", `${cookie.name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`);
  }
  return headers;
}

/**
 * Erases the account (the owner proven by password or a recent sign-in): sessions and sign-in methods, addresses,
 * cart, wishlist, checkout, messages, back-in-stock requests, pending e-mails and limits about the address, and the
 * profile itself. Orders stay, with 'Deleted customer' and 'Erased' instead of name, e-mail and address; the user
 * row stays as their anonymous owner (deletedAt set). One transaction: all of it or none.
 */
export async function deleteAccount(ctx: ShopContext, request: Request, user: SessionUser, values: Record<string, string>, now = new Date()): Promise<DeleteResult> {
  if (user.role === "staff") return refused(403, dataRightsMessages.staff);
  const checked = check(deleteAccountInput, values);
  if ("errors" in checked) return refused(400, null, checked.errors);
  const open = await openOrderIds(ctx.db, user.id);
  if (open.length > 0) return refused(409, dataRightsMessages.openOrders(open));
  const notOwner = await provesOwner(ctx, request, user, checked.data.password);
  if (notOwner) return notOwner;
  const result = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("user").select(["email", "deletedAt"]).where("id", "=", user.id).executeTakeFirst();
    if (!row || row.deletedAt) return false;
    // Checked again inside the transaction: an order placed meanwhile in another tab keeps the account.
    if ((await openOrderIds(trx, user.id)).length > 0) return false;
    await eraseAccount(trx, user.id, row.email.toLowerCase(), now);
    return true;
  });
  if (!result) return refused(409, dataRightsMessages.openOrders(await openOrderIds(ctx.db, user.id)));
  ctx.log.info({ userId: user.id }, "account deleted by its owner");
  return { ok: true, headers: await clearedSessionCookies(ctx) };
}

/** The erasure itself, inside the caller's transaction. */
export async function eraseAccount(trx: Db, userId: string, email: string, now: Date): Promise<void> {
  const stamp = now.toISOString();
  const aboutThem = likePattern(email);
  await trx.deleteFrom("session").where("userId", "=", userId).execute();
  await trx.deleteFrom("account").where("userId", "=", userId).execute();
  await trx.deleteFrom("twoFactor").where("userId", "=", userId).execute();
  await trx.deleteFrom("used_second_factor_codes").where("user_id", "=", userId).execute();
  await trx
    .deleteFrom("verification")
    .where((eb) => eb.or([eb("value", "=", userId), likeMatch("identifier", aboutThem), likeMatch("value", aboutThem)]))
    .execute();
  for (const table of ["addresses", "cart_lines", "wishlist_items", "checkout_state", "guest_merges"] as const) {
    await trx.deleteFrom(table).where("user_id", "=", userId).execute();
  }
  await trx.deleteFrom("messages").where((eb) => eb.or([eb("user_id", "=", userId), eb(sql`lower(email)`, "=", email)])).execute();
  await trx.deleteFrom("stock_alerts").where((eb) => eb.or([eb("user_id", "=", userId), eb(sql`lower(email)`, "=", email)])).execute();
  await trx.deleteFrom("outbox_emails").where(sql`lower(to_address)`, "=", email).execute();
  // Queued and sent e-mails to them or about them, and the age check's job.
  await trx
    .deleteFrom("jobs")
    .where((eb) =>
      eb.or([
        eb(sql`lower(recipient)`, "=", email),
        likeMatch("payload", aboutThem),
        likeMatch("payload", likePattern(`"userId":"${userId}"`)),
      ]),
    )
    .execute();
  await trx.deleteFrom("rate_limit_hits").where(likeMatch("key", aboutThem)).execute();
  // The age check stays as the shop's evidence (status, method, when, which member of staff), without free text.
  await trx
    .updateTable("age_verifications")
    .set({ note: null, reference: sql`case when method = 'service' then reference else null end`, updated_at: stamp })
    .where("user_id", "=", userId)
    .execute();
  await trx.updateTable("orders").set({ address_title: DELETED_CUSTOMER, address_type: "", address_text: ERASED, address_phone: "", updated_at: stamp }).where("user_id", "=", userId).execute();
  await trx.updateTable("order_events").set({ by_name: DELETED_CUSTOMER }).where("by_user_id", "=", userId).execute();
  await trx.updateTable("stock_movements").set({ by_name: DELETED_CUSTOMER }).where("by_user_id", "=", userId).execute();
  await trx.updateTable("return_requests").set({ reason: ERASED }).where("user_id", "=", userId).execute();
  await trx
    .updateTable("user")
    .set({
      name: DELETED_CUSTOMER,
      email: `deleted-${userId}@deleted.invalid`.toLowerCase(),
      emailVerified: sql<boolean>`false`,
      image: null,
      firstName: null,
      lastName: null,
      dateOfBirth: null,
      authProvider: null,
      twoFactorEnabled: sql<boolean>`false`,
      deletedAt: stamp,
      updatedAt: stamp,
    })
    .where("id", "=", userId)
    .execute();
}

/**
 * A shopper's rights over their data (UK GDPR): a copy of everything the shop holds about them, and erasure. Orders
 * stay for the shop's accounts with placeholders instead of the person (docs/decisions/020).
 */
import type { Db } from "~/db/database.server";
import type { ShopContext } from "~/context";
import { ageVerificationOf, dropAgeDocument } from "~/modules/age-checks/age-checks.service.server";
import { deliveredAt, returnRequestOf } from "~/modules/orders/customer-orders.service.server";
import { findOrder, orderEvents } from "~/modules/orders/orders.service.server";
import { takeBackOf } from "~/modules/orders/take-back.service.server";
import { paymentOf } from "~/modules/orders/payments.service.server";
import { refundsOf } from "~/modules/payments/card-payments.service.server";
import { type SessionUser } from "~/modules/accounts/accounts";
import { check } from "~/lib/form-check";
import { fail, type Result } from "~/lib/result";
import { inTransaction } from "~/db/transaction.server";
import { proveOwner } from "~/modules/accounts/owner-proof.service.server";
import {
  dataRightsMessages,
  DELETED_CUSTOMER,
  deleteAccountInput,
  ERASED,
  RECENT_SIGN_IN_MINUTES,
} from "./data-rights";
import * as repo from "./data-rights.repository.server";
import { eraseRateLimitsAbout } from "~/modules/security/rate-limit.service.server";
import { eraseAccountRecords } from "~/modules/accounts/account-erasure.service.server";
import { eraseAgeCheckText } from "~/modules/age-checks/age-check-erasure.service.server";
import { eraseCartOf } from "~/modules/cart/cart.service.server";
import { eraseCheckoutOf } from "~/modules/checkout/checkout-erasure.service.server";
import { eraseMessagesOf } from "~/modules/content/messages.service.server";
import { eraseJobsAbout } from "~/modules/jobs/jobs.service.server";
import { eraseOutboxEmailsTo } from "~/modules/mail/outbox.service.server";
import { eraseOrdersOf } from "~/modules/orders/order-erasure.service.server";
import { eraseStockRecordsOf } from "~/modules/stock/stock-erasure.service.server";

const iso = (value: string | Date | null | undefined) => (value == null ? null : new Date(value).toISOString());

/** Everything the shop holds about one account, as the shopper's own copy (no staff names, no other people). */
export async function exportAccountData(db: Db, userId: string, now = new Date()) {
  const user = await repo.findLiveProfile(db, userId);
  if (!user) return null;
  const logins = await repo.listLogins(db, userId);
  const sessions = await repo.listSessions(db, userId);
  const addresses = await repo.listAddresses(db, userId);
  const orders = [];
  for (const id of await repo.listOrderIds(db, userId)) {
    const order = await findOrder(db, userId, id);
    if (!order) continue;
    const history = (await orderEvents(db, id)).map(({ field, from, to, at }) => ({ field, from, to, at }));
    const returnRequest = await returnRequestOf(db, id);
    // A WEEE take-back asked for with the order (docs/decisions/041): kept four years, so it is in the copy.
    const takeBack = await takeBackOf(db, id);
    // The payment the shop recorded (docs/decisions/045): how, its reference, the amount and when, and any refund;
    // not who recorded it.
    const paid = await paymentOf(db, id);
    const payment = paid && {
      method: paid.method,
      reference: paid.reference,
      amountCents: paid.amountCents,
      currency: paid.currency,
      receivedAt: paid.recordedAt,
      // What was refunded of it, and when (docs/decisions/070), once refunded.
      refundedCents: paid.refundedCents,
      refundedAt: paid.refundedAt,
    };
    // Each refund of the order (issue 61): to the card through the provider or recorded by staff; not who asked.
    const refunds = (await refundsOf(db, id)).map((r) => ({
      amountCents: r.amountCents,
      currency: r.currency,
      state: r.state,
      method: r.method,
      date: r.createdAt,
      reason: r.reason,
    }));
    orders.push({
      ...order,
      deliveredAt: await deliveredAt(db, id),
      history,
      returnRequest,
      takeBack,
      payment,
      refunds,
    });
  }
  const wishlist = await repo.listWishlist(db, userId);
  const cart = await repo.listCart(db, userId);
  const messages = await repo.listMessages(db, userId);
  const alerts = await repo.listStockAlerts(db, userId, user.email.toLowerCase());
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
    sessions: sessions.map((s) => ({
      startedAt: iso(s.createdAt),
      expiresAt: iso(s.expiresAt),
      ipAddress: s.ipAddress,
      browser: s.userAgent,
    })),
    addresses: addresses.map((a) => ({
      title: a.title,
      type: a.type,
      recipient: a.recipient,
      line1: a.line1,
      line2: a.line2,
      town: a.town,
      postcode: a.postcode,
      phone: a.phone,
      isDefault: Boolean(a.is_default),
      addedAt: a.created_at,
    })),
    orders,
    wishlist: wishlist.map((w) => ({ kind: w.kind, itemId: w.item_id, addedAt: w.created_at })),
    cart: cart.map((c) => ({
      kind: c.kind,
      itemId: c.item_id,
      flavour: c.flavour,
      nicotineStrength: c.nicotine_strength,
      puffCount: c.puff_count,
      quantity: c.quantity,
      addedAt: c.created_at,
    })),
    messages: messages.map((m) => ({
      firstName: m.first_name,
      lastName: m.last_name,
      email: m.email,
      phone: m.phone,
      subject: m.subject,
      message: m.message,
      sentAt: m.created_at,
    })),
    backInStockAlerts: alerts.map((a) => ({ kind: a.kind, itemId: a.item_id, email: a.email, askedAt: a.created_at })),
  };
}

export type AccountExport = NonNullable<Awaited<ReturnType<typeof exportAccountData>>>;

export type DeleteResult = Result<{ headers: Headers }>;

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
export async function deleteAccount(
  ctx: ShopContext,
  request: Request,
  user: SessionUser,
  values: Record<string, string>,
  now = new Date(),
): Promise<DeleteResult> {
  if (user.role === "staff") return fail("not-allowed", dataRightsMessages.staff);
  const checked = check(deleteAccountInput, values);
  if (!checked.ok) return checked;
  const open = await repo.openOrderIds(ctx.db, user.id);
  if (open.length > 0) return fail("changed", dataRightsMessages.openOrders(open));
  // The owner: their password, or a sign-in in the last minutes (an account without one: Google).
  const proof = await proveOwner(ctx, request, user, checked.data.password, RECENT_SIGN_IN_MINUTES, dataRightsMessages);
  if (!proof.ok) return proof;
  const erased = await inTransaction(ctx.db, async (trx): Promise<Result> => {
    const row = await repo.findUserState(trx, user.id);
    // Checked again inside the transaction: an order placed meanwhile in another tab keeps the account.
    const openNow = await repo.openOrderIds(trx, user.id);
    if (!row || row.deletedAt || openNow.length > 0) return fail("changed", dataRightsMessages.openOrders(openNow));
    await eraseAccount(trx, user.id, row.email.toLowerCase(), now);
    return { ok: true };
  });
  if (!erased.ok) return erased;
  ctx.log.info({ userId: user.id }, "account deleted by its owner");
  return { ok: true, headers: await clearedSessionCookies(ctx) };
}

/** The erasure itself, inside the caller's transaction (what is erased and what stays: decision 020). */
export async function eraseAccount(trx: Db, userId: string, email: string, now: Date): Promise<void> {
  // Each table is erased by the module that writes it (docs/decisions/072); `email` is in lower case.
  const stamp = now.toISOString();
  await eraseCheckoutOf(trx, userId);
  await eraseCartOf(trx, userId);
  await eraseMessagesOf(trx, userId, email);
  await eraseStockRecordsOf(trx, userId, email, DELETED_CUSTOMER);
  // Queued and sent e-mails to them or about them, the age check's job, and the limits counted on their address.
  await eraseOutboxEmailsTo(trx, email);
  await eraseJobsAbout(trx, email, userId);
  await eraseRateLimitsAbout(trx, email);
  await eraseAgeCheckText(trx, userId, stamp);
  await eraseOrdersOf(trx, userId, { customer: DELETED_CUSTOMER, erased: ERASED }, stamp);
  await eraseAccountRecords(trx, userId, email, DELETED_CUSTOMER, stamp);
  // A photo ID waiting for the age check goes too (its file by a job after the commit: docs/decisions/044).
  await dropAgeDocument(trx, userId, now);
}

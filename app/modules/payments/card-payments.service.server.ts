/**
 * Card payments (docs/decisions/078, docs/guide/payments.md): an attempt per order and try, the ledger of what the
 * provider said, refunds as their own rows. The order's paid and refunded states change only through the order's
 * lifecycle (`transitionOrder`), taken here by the provider ("Worldpay") or the shop.
 *
 * Proof of payment is a verified webhook or the provider's own status asked by the shop, never the shopper's return.
 * Every event is applied once (the ledger's unique provider event id), an attempt's state only moves forward, and
 * the order's transition is conditional: the same event twice, events out of order, two server copies at once, the
 * webhook before or after the return all end in one payment. Commands to the provider (settle, refund) are jobs
 * retried with the same idempotency key, so an answer lost to a time-out, a crash or a restart is asked again,
 * never sent twice.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "~/db/database.server";
import { isUniqueViolation } from "~/db/errors.server";
import { inTransaction } from "~/db/transaction.server";
import { newId } from "~/lib/ids.server";
import { formatMoney } from "~/lib/money";
import { fail, failFields, ok, type Result } from "~/lib/result";
import { enqueueJob } from "~/modules/jobs/jobs.service.server";
import { PermanentJobError } from "~/modules/jobs/jobs";
import { noticeJob } from "~/modules/mail/notice.jobs";
import { transitionOrder, type OrderActor } from "~/modules/orders/order-lifecycle.service.server";
import { payableOrder } from "~/modules/orders/payments.service.server";
import { refundArrival, type PaymentMethod } from "~/modules/orders/payments";
import { parseAmount } from "~/modules/orders/payments.schema";
import {
  attemptMoves,
  attemptReference,
  cardMessages,
  openAttemptStates,
  type AttemptState,
  type RefundState,
} from "./card-payments";
import { paymentCheckJob, paymentSettleJob, refundSendJob } from "./card-payments.jobs";
import {
  ProviderRefused,
  ProviderUnavailable,
  type CardPaymentProvider,
  type ProviderEvent,
  type ProviderStatus,
} from "./payment-provider.server";
import * as repo from "./card-payments.repository.server";

/** What the shop knows of itself that payments need: its name, its address, and when to ask about an attempt. */
export type PaymentShop = {
  shopName: string;
  baseUrl: string;
  /** Seconds after an attempt starts before the provider is asked about it (PAYMENT_CHECK_SECONDS). */
  checkSeconds: number;
  /** Minutes after which an attempt nobody finished is given up (PAYMENT_PENDING_MINUTES). */
  pendingMinutes: number;
};

const providerActor = (provider: CardPaymentProvider): OrderActor => ({
  kind: "provider",
  id: null,
  name: provider.test ? "Worldpay (test)" : "Worldpay",
});
const SHOP_ACTOR: OrderActor = { kind: "shop", id: null, name: "Shop (card refund)" };

/** The most card payment tries one order may have. */
export const MAX_ATTEMPTS_PER_ORDER = 10;

/** The wait before the `round`th ask about an attempt: the first after `checkSeconds`, then doubling, at most an hour. */
export const checkDelayMs = (checkSeconds: number, round: number) =>
  Math.min(3_600_000, checkSeconds * 1000 * 2 ** Math.min(round, 12));

// ---------------------------------------------------------------------------------------------------------------
// Starting a payment

/**
 * Starts paying `orderId` by card: a new attempt (its own reference at the provider), a check job in case nobody
 * reports back, then the provider's hosted page. Only the customer's own order, not cancelled, not paid, and not
 * already authorised by another attempt. The provider down: the attempt ends `error` and the order stays as it was.
 */
export async function startCardPayment(
  db: Db,
  provider: CardPaymentProvider,
  shop: PaymentShop,
  request: { orderId: string; customerId: string; now?: Date },
): Promise<Result<{ url: string; reference: string }>> {
  const now = request.now ?? new Date();
  const stamp = now.toISOString();
  const started = await inTransaction(db, async (trx) => {
    const order = await payableOrder(trx, request.orderId);
    if (!order || order.user_id !== request.customerId) return fail("not-found", "There is no such order.");
    if (order.status === "cancelled" || order.payment_status !== "pending" || order.status === "dispatched")
      return fail("wrong-state", cardMessages.notPayable);
    const attempts = await repo.listAttempts(trx, order.id);
    if (attempts.some((a) => a.state === "authorised" || a.state === "captured"))
      return fail("wrong-state", cardMessages.notPayable);
    // Each try asks the provider for a page: a card declined again and again, or a script, stops here.
    if (attempts.length >= MAX_ATTEMPTS_PER_ORDER) return fail("too-many", cardMessages.tooManyTries);
    const id = newId(16);
    const reference = attemptReference(order.id, attempts.length + 1);
    await repo.insertAttempt(trx, {
      id,
      order_id: order.id,
      provider: provider.name,
      reference,
      amount_cents: Number(order.total_cents),
      currency: order.currency,
      state: "created",
      test: provider.test ? 1 : 0,
      hosted_url: null,
      links: null,
      created_at: stamp,
      updated_at: stamp,
      checked_at: null,
    });
    await enqueueJob(
      trx,
      paymentCheckJob,
      { attemptId: id, round: 0 },
      new Date(now.getTime() + checkDelayMs(shop.checkSeconds, 0)),
    );
    return ok({ id, reference, amountCents: Number(order.total_cents), currency: order.currency, orderId: order.id });
  });
  if (!started.ok) return started;
  try {
    const page = await provider.createHostedPage({
      reference: started.reference,
      amountCents: started.amountCents,
      currency: started.currency,
      narrative: shop.shopName,
      description: `Order ${started.orderId}`,
      returnUrl: `${shop.baseUrl}/payment/return?ref=${encodeURIComponent(started.reference)}`,
    });
    await repo.noteAttempt(db, started.id, { hosted_url: page.url });
    return ok({ url: page.url, reference: started.reference });
  } catch (error) {
    if (!(error instanceof ProviderUnavailable || error instanceof ProviderRefused)) throw error;
    await repo.moveAttempt(db, started.id, ["created"], "error", new Date().toISOString());
    return fail("unavailable", cardMessages.providerDown);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// What the provider says

export type EventOutcome = "applied" | "duplicate" | `ignored: ${string}`;

/** The attempt's next state for an event of `kind`, or null when the event moves no attempt. */
const stateFor: Partial<Record<ProviderEvent["kind"], AttemptState>> = {
  authorised: "authorised",
  captured: "captured",
  refused: "refused",
  error: "error",
  cancelled: "cancelled",
  expired: "cancelled",
};
/** The states an attempt may come from to reach `to`. */
const fromStatesOf = (to: AttemptState) =>
  (Object.keys(attemptMoves) as AttemptState[]).filter((from) => attemptMoves[from].includes(to));

/**
 * Applies one event the provider sent (a verified webhook) or that the shop read from its status answer, once: the
 * ledger row and every change it makes commit together, and a second copy of the event changes nothing.
 */
export async function applyProviderEvent(
  db: Db,
  provider: CardPaymentProvider,
  shop: Pick<PaymentShop, "shopName" | "baseUrl">,
  event: ProviderEvent,
  source: "webhook" | "query",
  now = new Date(),
): Promise<EventOutcome> {
  const stamp = now.toISOString();
  try {
    return await db.transaction().execute(async (trx): Promise<EventOutcome> => {
      const attempt = await repo.findAttemptByReference(trx, event.reference);
      const outcome = judgeEvent(attempt, event);
      const inserted = await repo.insertEventOnce(trx, {
        id: newId(16),
        provider: provider.name,
        provider_event_id: event.eventId,
        attempt_id: attempt?.id ?? null,
        reference: event.reference,
        type: event.type,
        amount_cents: event.amountCents,
        currency: event.currency,
        source,
        outcome,
        received_at: stamp,
      });
      if (!inserted) return "duplicate";
      if (outcome !== "applied" || !attempt) return outcome;
      await applyToAttempt(trx, provider, shop, attempt, event, now);
      return outcome;
    });
  } catch (error) {
    // Two copies of one event at once (two server copies): the second loses the ledger's unique index.
    if (isUniqueViolation(error)) return "duplicate";
    throw error;
  }
}

type AttemptRow = NonNullable<Awaited<ReturnType<typeof repo.findAttempt>>>;

/** Whether an event may be applied to its attempt; why not, when not. Pure: the same event always judged alike. */
function judgeEvent(attempt: AttemptRow | undefined, event: ProviderEvent): EventOutcome {
  if (!attempt) return "ignored: unknown reference";
  if (event.kind === "other") return `ignored: ${event.type} is not acted on`;
  const moneyEvent = event.kind === "authorised" || event.kind === "captured";
  if (moneyEvent && (event.amountCents === null || event.currency === null))
    return "ignored: no amount (the status query will tell)";
  if (moneyEvent && (event.amountCents !== Number(attempt.amount_cents) || event.currency !== attempt.currency))
    return `ignored: amount ${event.amountCents} ${event.currency} is not the attempt's ${attempt.amount_cents} ${attempt.currency}`;
  if (event.kind === "refunded" || event.kind === "refund-failed") {
    if (!event.refundReference) return "ignored: a refund without its reference";
    return "applied";
  }
  return "applied";
}

async function applyToAttempt(
  trx: Db,
  provider: CardPaymentProvider,
  shop: Pick<PaymentShop, "shopName" | "baseUrl">,
  attempt: AttemptRow,
  event: ProviderEvent,
  now: Date,
): Promise<void> {
  const stamp = now.toISOString();
  if (event.kind === "refunded" || event.kind === "refund-failed") {
    const refund = await repo.findRefundByReference(trx, attempt.id, event.refundReference!);
    if (!refund) return; // a refund made outside the shop (the provider's dashboard): kept in the ledger only
    if (event.kind === "refunded") {
      // The provider's word came before the refund job's own answer: the follow-up is done here, once.
      await refundWentOut(trx, shop, refund.id, now);
      await repo.moveRefund(trx, refund.id, ["sent"], "confirmed", stamp);
    } else
      await repo.moveRefund(trx, refund.id, ["requested", "sent"], "failed", stamp, "the provider could not refund it");
    return;
  }
  const to = stateFor[event.kind];
  if (!to) return;
  const moved = await repo.moveAttempt(trx, attempt.id, fromStatesOf(to), to, stamp);
  if (!moved) return; // already there or past it: a late or repeated event
  if (to === "authorised") {
    // Taken now or when the customer's age is verified: the settle job decides (auto-settling providers send
    // `captured` on their own, and the job then finds nothing to settle).
    await enqueueJob(trx, paymentSettleJob, { attemptId: attempt.id }, now);
  } else if (to === "captured") {
    await takeInPayment(trx, provider, shop, attempt, now);
  }
}

/**
 * Money taken on an attempt: the order becomes paid (its e-mail queued with it). If the order was cancelled before the
 * money came, or another payment paid it first, this payment goes straight back (nothing is paid twice).
 */
async function takeInPayment(
  trx: Db,
  provider: CardPaymentProvider,
  shop: Pick<PaymentShop, "shopName" | "baseUrl">,
  attempt: AttemptRow,
  now: Date,
): Promise<void> {
  const done = await transitionOrder(trx, {
    orderId: attempt.order_id,
    transition: "record-payment",
    actor: providerActor(provider),
    expected: "pending",
    payment: {
      method: "card-online",
      reference: attempt.reference,
      amountCents: Number(attempt.amount_cents),
      currency: attempt.currency,
    },
    mail: { shopName: shop.shopName, baseUrl: shop.baseUrl },
    now,
  });
  if (done.ok) return;
  const reason =
    done.code === "wrong-state" ? "the order was cancelled before the payment arrived" : "the order was already paid";
  await queueRefund(trx, attempt, {
    amountCents: Number(attempt.amount_cents),
    reason,
    actor: SHOP_ACTOR,
    idempotencyKey: `auto-${attempt.id}`,
    now,
  });
}

/** Reads the provider's status of an attempt as an event the ledger keeps once per state it reports. */
function statusEvent(attempt: AttemptRow, status: Extract<ProviderStatus, { found: true }>): ProviderEvent | null {
  const kinds: Record<typeof status.state, ProviderEvent["kind"] | null> = {
    authorised: "authorised",
    captured: "captured",
    refunded: "captured", // refunded after being taken: taken it was
    refused: "refused",
    cancelled: "cancelled",
    error: "error",
  };
  const kind = kinds[status.state];
  if (!kind) return null;
  return {
    eventId: `query:${attempt.reference}:${kind}`,
    reference: attempt.reference,
    kind,
    type: `status ${status.state}`,
    amountCents: status.amountCents,
    currency: status.currency,
    refundReference: null,
  };
}

/**
 * Asks the provider about an attempt and applies what it says (the reconciling job, and the shopper's return while
 * it is still open). Nothing known yet: given up as abandoned after PAYMENT_PENDING_MINUTES, asked again otherwise.
 * The provider down throws `ProviderUnavailable` (the job retries).
 */
export async function checkAttempt(
  db: Db,
  provider: CardPaymentProvider,
  shop: PaymentShop,
  attemptId: string,
  round: number,
  now = new Date(),
): Promise<AttemptState | null> {
  const attempt = await repo.findAttempt(db, attemptId);
  if (!attempt) return null;
  if (!(openAttemptStates as readonly string[]).includes(attempt.state) && attempt.state !== "authorised")
    return attempt.state;
  const status = await provider.status(attempt.reference);
  await repo.noteAttempt(db, attempt.id, {
    checked_at: now.toISOString(),
    ...(status.found && { links: JSON.stringify(status.links) }),
  });
  if (status.found) {
    const event = statusEvent(attempt, status);
    if (event) await applyProviderEvent(db, provider, shop, event, "query", now);
  } else {
    const age = now.getTime() - Date.parse(attempt.created_at);
    if (age >= shop.pendingMinutes * 60_000) {
      await repo.moveAttempt(db, attempt.id, openAttemptStates, "abandoned", now.toISOString());
    }
  }
  const after = await repo.findAttempt(db, attemptId);
  const open = after && (openAttemptStates as readonly string[]).includes(after.state);
  if (open && round >= 0)
    await enqueueJob(
      db,
      paymentCheckJob,
      { attemptId, round: round + 1 },
      new Date(now.getTime() + checkDelayMs(shop.checkSeconds, round + 1)),
    );
  return after?.state ?? null;
}

/** The shopper is back from the page: the attempt is marked pending (the return proves nothing), then asked about. */
export async function noteShopperReturn(
  db: Db,
  provider: CardPaymentProvider,
  shop: PaymentShop,
  request: { reference: string; customerId: string; now?: Date },
): Promise<Result<{ orderId: string; state: AttemptState }>> {
  const now = request.now ?? new Date();
  const attempt = await repo.findAttemptByReference(db, request.reference);
  if (!attempt) return fail("not-found", "There is no such payment.");
  const order = await payableOrder(db, attempt.order_id);
  if (!order || order.user_id !== request.customerId) return fail("not-found", "There is no such payment.");
  await repo.moveAttempt(db, attempt.id, ["created"], "pending", now.toISOString());
  // Not settled yet (nothing heard, or only the authorisation: its settlement may be on its way): asked now.
  if ((openAttemptStates as readonly string[]).includes(attempt.state) || attempt.state === "authorised") {
    try {
      // Asked now so the page can say what happened; the job keeps asking if it cannot (round -1: no new job).
      await checkAttempt(db, provider, shop, attempt.id, -1, now);
    } catch (error) {
      if (!(error instanceof ProviderUnavailable || error instanceof ProviderRefused)) throw error;
    }
  }
  const after = await repo.findAttempt(db, attempt.id);
  return ok({ orderId: attempt.order_id, state: after!.state });
}

// ---------------------------------------------------------------------------------------------------------------
// Settling an authorisation

/**
 * The settle job: an authorised attempt is taken when its customer's age is verified, released when its order was
 * cancelled, and left for later otherwise (the age check's pass queues this job again). `ageVerified` is asked of the
 * age checks by the caller (the composition root).
 */
export async function settleAttempt(
  db: Db,
  provider: CardPaymentProvider,
  shop: PaymentShop,
  attemptId: string,
  ageVerified: (userId: string) => Promise<boolean>,
  now = new Date(),
): Promise<"settled" | "released" | "waits for the age check" | "nothing to do"> {
  const attempt = await repo.findAttempt(db, attemptId);
  if (!attempt || attempt.state !== "authorised") return "nothing to do";
  const order = await payableOrder(db, attempt.order_id);
  if (!order) return "nothing to do";
  const status = await provider.status(attempt.reference);
  if (!status.found) return "nothing to do";
  if (status.state !== "authorised") {
    const event = statusEvent(attempt, status);
    if (event) await applyProviderEvent(db, provider, shop, event, "query", now);
    return "nothing to do";
  }
  if (order.status === "cancelled") {
    if (!status.links.cancel) throw new ProviderRefused("no cancel link for an authorised payment", null);
    await provider.cancel(status.links.cancel, `cancel-${attempt.id}`);
    await repo.moveAttempt(db, attempt.id, ["authorised"], "cancelled", now.toISOString());
    return "released";
  }
  if (!(await ageVerified(order.user_id))) return "waits for the age check";
  if (!status.links.settle) throw new ProviderRefused("no settle link for an authorised payment", null);
  await provider.settle(status.links.settle, `settle-${attempt.id}`);
  // The provider's `sentForSettlement` event (or the next status answer) makes the order paid.
  const after = await provider.status(attempt.reference).catch(() => null);
  const event = after?.found ? statusEvent(attempt, after) : null;
  if (event) await applyProviderEvent(db, provider, shop, event, "query", now);
  return "settled";
}

/** A customer's authorised payments, to settle now that their age is verified (the age check's pass asks). */
export async function authorisedAttemptsOf(db: Db, orderIds: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const orderId of orderIds)
    for (const attempt of await repo.listAttempts(db, orderId))
      if (attempt.state === "authorised") ids.push(attempt.id);
  return ids;
}

// ---------------------------------------------------------------------------------------------------------------
// Refunds

type RefundRequest = {
  amountCents: number;
  reason: string;
  actor: OrderActor;
  idempotencyKey: string;
  now: Date;
};

/** What is left to refund of an attempt: its amount less every refund not failed. */
async function leftOf(trx: Db, attempt: AttemptRow) {
  const refunds = (await repo.listRefunds(trx, attempt.order_id)).filter((r) => r.attempt_id === attempt.id);
  const refunded = refunds.filter((r) => r.state !== "failed").reduce((sum, r) => sum + Number(r.amount_cents), 0);
  return { left: Number(attempt.amount_cents) - refunded, inFlight: refunds.find((r) => r.state === "requested") };
}

/** Writes a refund to send and its job, in the caller's transaction. */
async function queueRefund(trx: Db, attempt: AttemptRow, request: RefundRequest): Promise<string> {
  const id = newId(16);
  const stamp = request.now.toISOString();
  await repo.insertRefund(trx, {
    id,
    order_id: attempt.order_id,
    attempt_id: attempt.id,
    amount_cents: request.amountCents,
    currency: attempt.currency,
    state: "requested",
    method: "card-online",
    reference: `RF-${id.slice(0, 12)}`,
    idempotency_key: request.idempotencyKey,
    reason: request.reason.slice(0, 200),
    requested_by_id: request.actor.id,
    requested_by_name: request.actor.name,
    error: null,
    created_at: stamp,
    updated_at: stamp,
  });
  await enqueueJob(trx, refundSendJob, { refundId: id }, request.now);
  return id;
}

/** The attempt that paid an order (its payment's reference), if it was paid by card. */
async function payingAttempt(trx: Db, orderId: string): Promise<AttemptRow | null> {
  const attempts = await repo.listAttempts(trx, orderId);
  return attempts.find((a) => a.state === "captured") ?? null;
}

/**
 * Staff refund part or all of an order paid by card, through the provider: at most what is left of the payment, one
 * refund on its way at a time, and the form's idempotency key makes a second click the same refund.
 */
export async function requestCardRefund(
  db: Db,
  request: { orderId: string; amount: string; reason: string; idempotencyKey: string; actor: OrderActor; now?: Date },
): Promise<Result<{ refundId: string; amountCents: number; currency: string }>> {
  const now = request.now ?? new Date();
  const reason = request.reason.trim();
  try {
    return await inTransaction(db, async (trx) => {
      const again = await repo.findRefundByKey(trx, request.idempotencyKey);
      if (again && again.order_id === request.orderId)
        return ok({ refundId: again.id, amountCents: Number(again.amount_cents), currency: again.currency });
      const attempt = await payingAttempt(trx, request.orderId);
      if (!attempt) return fail("wrong-state", cardMessages.refundNoPayment);
      const { left, inFlight } = await leftOf(trx, attempt);
      // The same press again, seen only now (another server copy committed it a moment ago): the same refund.
      if (inFlight?.idempotency_key === request.idempotencyKey)
        return ok({ refundId: inFlight.id, amountCents: Number(inFlight.amount_cents), currency: inFlight.currency });
      if (inFlight) return fail("already-done", cardMessages.refundInFlight);
      const parsed = request.amount.trim() === "" ? ok({ value: left }) : parseAmount(request.amount);
      if (!parsed.ok) return failFields({ amount: parsed.message });
      const amountCents = parsed.value;
      const errors: Record<string, string> = {};
      if (amountCents <= 0) errors.amount = cardMessages.refundNothing;
      else if (amountCents > left) errors.amount = cardMessages.refundTooMuch(left, attempt.currency);
      if (!reason) errors.reason = cardMessages.refundReasonMissing;
      if (Object.keys(errors).length > 0) return failFields(errors);
      const refundId = await queueRefund(trx, attempt, {
        amountCents,
        reason,
        actor: request.actor,
        idempotencyKey: request.idempotencyKey,
        now,
      });
      return ok({ refundId, amountCents, currency: attempt.currency });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const again = await repo.findRefundByKey(db, request.idempotencyKey);
      if (again) return ok({ refundId: again.id, amountCents: Number(again.amount_cents), currency: again.currency });
    }
    throw error;
  }
}

/**
 * A cancelled order's card money goes back by itself: what is left of a captured payment is refunded in full (the
 * customer told why), an authorisation is released. Nothing paid by card: nothing to do.
 */
export async function refundCancelledOrder(
  db: Db,
  request: { orderId: string; reason: string; now?: Date },
): Promise<"refund queued" | "authorisation to release" | "nothing to refund"> {
  const now = request.now ?? new Date();
  return inTransaction(db, async (trx) => {
    const attempts = await repo.listAttempts(trx, request.orderId);
    const authorised = attempts.filter((a) => a.state === "authorised");
    for (const attempt of authorised) await enqueueJob(trx, paymentSettleJob, { attemptId: attempt.id }, now);
    let queued = false;
    for (const attempt of attempts.filter((a) => a.state === "captured")) {
      const { left } = await leftOf(trx, attempt);
      if (left <= 0) continue;
      await queueRefund(trx, attempt, {
        amountCents: left,
        reason: request.reason,
        actor: SHOP_ACTOR,
        idempotencyKey: `cancelled-${attempt.id}`,
        now,
      });
      queued = true;
    }
    type Outcome = "refund queued" | "authorisation to release" | "nothing to refund";
    const outcome: Outcome = queued
      ? "refund queued"
      : authorised.length > 0
        ? "authorisation to release"
        : "nothing to refund";
    return ok({ outcome });
  }).then((r) => r.outcome);
}

/**
 * The refund job: sends the refund to the provider with its own idempotency key. The provider down or too slow: thrown,
 * and the job tries again later with the same key (never a second refund). Refused: the refund is marked failed.
 * Sent: the customer is e-mailed, and the order becomes refunded once everything paid has gone back.
 */
export async function sendRefund(
  db: Db,
  provider: CardPaymentProvider,
  shop: Pick<PaymentShop, "shopName" | "baseUrl">,
  refundId: string,
  now = new Date(),
): Promise<RefundState | null> {
  const refund = await repo.findRefund(db, refundId);
  if (!refund || refund.state !== "requested" || !refund.attempt_id) return refund?.state ?? null;
  const attempt = await repo.findAttempt(db, refund.attempt_id);
  if (!attempt) throw new PermanentJobError(`refund ${refundId}: no attempt ${refund.attempt_id}`);
  try {
    const status = await provider.status(attempt.reference);
    const link = status.found ? (status.links.partialRefund ?? status.links.refund) : undefined;
    if (!link) throw new ProviderRefused("the provider offers no refund for this payment now", null);
    await provider.refund(link, {
      amountCents: Number(refund.amount_cents),
      currency: refund.currency,
      reference: refund.reference,
      idempotencyKey: refund.idempotency_key,
    });
  } catch (error) {
    if (!(error instanceof ProviderRefused)) throw error;
    await repo.moveRefund(db, refund.id, ["requested"], "failed", now.toISOString(), error.message.slice(0, 300));
    return "failed";
  }
  await inTransaction(db, async (trx) => ok({ done: await refundWentOut(trx, shop, refund.id, now) }));
  return "sent";
}

/**
 * A refund the provider took: marked sent, the customer e-mailed, and the order refunded once everything paid has
 * gone back. Whoever learns of it first (the refund job's answer, or the provider's `sentForRefund` event racing it)
 * does it, once: only the move from `requested` does the rest. False when it had been done already.
 */
async function refundWentOut(
  trx: Db,
  shop: Pick<PaymentShop, "shopName" | "baseUrl">,
  refundId: string,
  now: Date,
): Promise<boolean> {
  const refund = await repo.findRefund(trx, refundId);
  if (!refund?.attempt_id) return false;
  if (!(await repo.moveRefund(trx, refund.id, ["requested"], "sent", now.toISOString()))) return false;
  const attempt = await repo.findAttempt(trx, refund.attempt_id);
  if (!attempt) return true;
  const { left } = await leftOf(trx, attempt);
  const order = await payableOrder(trx, refund.order_id);
  if (!order) return true;
  const actor: OrderActor = refund.requested_by_id
    ? { kind: "staff", id: refund.requested_by_id, name: refund.requested_by_name }
    : SHOP_ACTOR;
  // Everything paid has gone back: the order is refunded (its own e-mail is the notice below).
  if (left <= 0 && order.payment_status === "paid") {
    await transitionOrder(trx, { orderId: order.id, transition: "refund", actor, expected: "paid", now });
  }
  if (!order.deletedAt) {
    const amount = formatMoney(Number(refund.amount_cents), refund.currency);
    await enqueueJob(
      trx,
      noticeJob,
      {
        to: order.email,
        shopName: shop.shopName,
        subject: `${shop.shopName}: ${amount} refunded for order ${order.id}`,
        title: cardMessages.refundTitle(order.id),
        greeting: `Hello ${order.firstName || order.name || "there"},`,
        paragraphs: [
          `We have refunded ${amount} of order ${order.id} to the card you paid with${refund.reason ? `: ${refund.reason}` : ""}.`,
          refundArrival("card-online"),
        ],
        action: { label: "Open the order", url: `${shop.baseUrl}/account/orders/${order.id}` },
      },
      now,
    );
  }
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// What the pages show

export type CardAttemptView = {
  id: string;
  reference: string;
  amountCents: number;
  currency: string;
  state: AttemptState;
  test: boolean;
  createdAt: string;
  updatedAt: string;
  events: { at: string; type: string; source: string; outcome: string; providerEventId: string }[];
};
export type RefundView = {
  id: string;
  amountCents: number;
  currency: string;
  state: RefundState;
  method: string;
  reference: string;
  reason: string;
  byName: string;
  createdAt: string;
  error: string | null;
  /** Through the provider (a card), or recorded by staff. */
  card: boolean;
};

/** An order's card attempts with their ledger, and its refunds: the back office's payments panel. */
export async function orderMoney(
  db: Db,
  orderId: string,
): Promise<{ attempts: CardAttemptView[]; refunds: RefundView[] }> {
  const attempts = await repo.listAttempts(db, orderId);
  const events = await repo.listEvents(
    db,
    attempts.map((a) => a.id),
  );
  const refunds = await repo.listRefunds(db, orderId);
  return {
    attempts: attempts.map((a) => ({
      id: a.id,
      reference: a.reference,
      amountCents: Number(a.amount_cents),
      currency: a.currency,
      state: a.state,
      test: Number(a.test) === 1,
      createdAt: a.created_at,
      updatedAt: a.updated_at,
      events: events
        .filter((e) => e.attempt_id === a.id)
        .map((e) => ({
          at: e.received_at,
          type: e.type,
          source: e.source,
          outcome: e.outcome,
          providerEventId: e.provider_event_id,
        })),
    })),
    refunds: refunds.map(refundView),
  };
}

const refundView = (r: Awaited<ReturnType<typeof repo.listRefunds>>[number]): RefundView => ({
  id: r.id,
  amountCents: Number(r.amount_cents),
  currency: r.currency,
  state: r.state,
  method: r.method,
  reference: r.reference,
  reason: r.reason,
  byName: r.requested_by_name,
  createdAt: r.created_at,
  error: r.error,
  card: r.attempt_id !== null,
});

/** The customer's view of an order's refunds (their order page and data export): what went back, when, how. */
export async function refundsOf(db: Db, orderId: string): Promise<RefundView[]> {
  return (await repo.listRefunds(db, orderId)).map(refundView);
}

/** Records a refund staff made by hand for a manual payment (method, reference, amount), in their transaction. */
export async function recordManualRefund(
  trx: Db,
  request: {
    orderId: string;
    amountCents: number;
    currency: string;
    method: PaymentMethod;
    reference: string;
    reason: string;
    actor: OrderActor;
    now: Date;
  },
): Promise<void> {
  const stamp = request.now.toISOString();
  await repo.insertRefund(trx, {
    id: newId(16),
    order_id: request.orderId,
    attempt_id: null,
    amount_cents: request.amountCents,
    currency: request.currency,
    state: "confirmed",
    method: request.method,
    reference: request.reference.slice(0, 60),
    idempotency_key: `manual-${randomUUID()}`,
    reason: request.reason.slice(0, 200),
    requested_by_id: request.actor.id,
    requested_by_name: request.actor.name,
    error: null,
    created_at: stamp,
    updated_at: stamp,
  });
}

/** The dashboard's figures: attempts waiting to be confirmed, refunds on their way. */
export const openMoney = (db: Db) => repo.countOpenMoney(db);

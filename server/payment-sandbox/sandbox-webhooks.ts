// The payment sandbox's events (server/payment-sandbox/sandbox-server.ts): Worldpay's event JSON, and its delivery to
// the shop's webhook, signed as Worldpay signs (`Event-Signature: 1/SHA256/<hex>`), retried while unanswered with 2xx.
// Never used in production: it only stands in for Worldpay on a developer's machine and in tests.
import { randomUUID } from "node:crypto";
import { signWorldpayEvent } from "~/modules/payments/worldpay-signature.server";

export type WorldpayEventType =
  "authorized" | "sentForSettlement" | "refused" | "error" | "cancelled" | "sentForRefund" | "refundFailed" | "expired";

/** An event as Worldpay documents it (the contract's section 3). */
export type WorldpayEvent = {
  eventId: string;
  eventTimestamp: string;
  eventDetails: {
    classification: "payment";
    transactionReference: string;
    type: WorldpayEventType;
    date: string;
    amount: { value: number; currencyCode: string };
    reference?: string;
    _links: { payment: { href: string } };
  };
};

/** One attempt to deliver an event: the shop's HTTP status, or why there was none. */
export type DeliveryAttempt = { eventId: string; type: WorldpayEventType; attempt: number; result: number | string };

/** Retries after the first attempt that got no 2xx answer (Worldpay: up to 5, 1 s apart). */
export const MAX_RETRIES = 5;
/** How long one attempt waits for the shop's answer. */
const ATTEMPT_TIMEOUT_MS = 10_000;

/** "ECONNREFUSED" rather than fetch's bare "fetch failed": the cause says why. */
function failureText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: string; message?: string } | undefined;
  return cause?.code ?? cause?.message ?? `${error.name}: ${error.message}`;
}

export function worldpayEvent(input: {
  transactionReference: string;
  type: WorldpayEventType;
  amount: number;
  currency: string;
  reference?: string;
  paymentHref: string;
}): WorldpayEvent {
  const now = new Date().toISOString(); // UTC, written without its zone as in Worldpay's examples
  return {
    eventId: randomUUID(),
    eventTimestamp: now.slice(0, 23),
    eventDetails: {
      classification: "payment",
      transactionReference: input.transactionReference,
      type: input.type,
      date: now.slice(0, 10),
      amount: { value: input.amount, currencyCode: input.currency },
      ...(input.reference === undefined ? {} : { reference: input.reference }),
      _links: { payment: { href: input.paymentHref } },
    },
  };
}

export type WebhookSender = {
  /** Delivers the events one after another, each `copies` times (same eventId), after `delayMs`. */
  send(
    url: string | null,
    events: WorldpayEvent[],
    how: { copies: number; delayMs: number; record: (attempt: DeliveryAttempt) => void },
  ): Promise<void>;
  /** Stops every wait and request in flight; later sends do nothing. */
  close(): void;
};

export function webhookSender(options: {
  secret: string;
  retryDelayMs: number;
  log: (line: string) => void;
}): WebhookSender {
  const stop = new AbortController();
  const waits = new Set<() => void>();

  function pause(ms: number): Promise<void> {
    if (ms <= 0 || stop.signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        waits.delete(finish);
        resolve();
      };
      const timer = setTimeout(finish, ms);
      waits.add(finish);
    });
  }

  async function deliver(url: string, event: WorldpayEvent, record: (attempt: DeliveryAttempt) => void) {
    const body = JSON.stringify(event);
    const { type, transactionReference } = event.eventDetails;
    const what = `${type} of ${transactionReference} (event ${event.eventId})`;
    for (let attempt = 1; attempt <= 1 + MAX_RETRIES; attempt++) {
      if (attempt > 1) await pause(options.retryDelayMs);
      if (stop.signal.aborted) return;
      let result: number | string;
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Event-Signature": signWorldpayEvent(body, options.secret) },
          body,
          signal: AbortSignal.any([stop.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
        });
        await response.body?.cancel();
        result = response.status;
      } catch (error) {
        if (stop.signal.aborted) return;
        result = failureText(error);
      }
      record({ eventId: event.eventId, type, attempt, result });
      options.log(`webhook ${what} → ${result} (attempt ${attempt} of ${1 + MAX_RETRIES})`);
      if (typeof result === "number" && result >= 200 && result < 300) return;
    }
    options.log(`webhook ${what}: gave up, no 2xx answer after ${1 + MAX_RETRIES} attempts`);
  }

  return {
    async send(url, events, { copies, delayMs, record }) {
      await pause(delayMs);
      for (const event of events) {
        for (let copy = 0; copy < copies; copy++) {
          if (stop.signal.aborted) return;
          if (url) await deliver(url, event, record);
          else options.log(`webhook ${event.eventDetails.type} of ${event.eventDetails.transactionReference}: no URL`);
        }
      }
    },
    close() {
      stop.abort();
      for (const finish of waits) finish();
    },
  };
}

/**
 * Access Worldpay, as the shop uses it (docs/guide/payments.md, docs/decisions/078): Hosted Payment Pages set up a
 * page per attempt (`POST /payment_pages`), the shopper pays there (3-D Secure included; the shop never sees card
 * data: PCI DSS SAQ A), Worldpay's Events webhooks tell what happened (signed: `Event-Signature`, HMAC-SHA256 of the
 * raw body), the payment's status is asked with `GET /payments/events?transactionRef=…&entity=…`, and settling,
 * cancelling and refunding go through the action links that answer returns, each with an `Idempotency-Key`.
 * The sandbox (server/payment-sandbox) answers this same API: only the base URL differs.
 */
import { verifyWorldpayEventSignature } from "./worldpay-signature.server";
import {
  ProviderRefused,
  ProviderUnavailable,
  type CardPaymentProvider,
  type HostedPageRequest,
  type ProviderEvent,
  type ProviderLinks,
  type ProviderStatus,
} from "./payment-provider.server";

export const HPP_MEDIA_TYPE = "application/vnd.worldpay.payment_pages-v1.hal+json";
export const PAYMENTS_MEDIA_TYPE = "application/vnd.worldpay.payments-v7+json";

export type WorldpayOptions = {
  baseUrl: string;
  username: string;
  password: string;
  entity: string;
  webhookSecret: string;
  timeoutMs: number;
  test: boolean;
  fetch?: typeof fetch;
};

/** Worldpay's event types, as the shop reads them. */
const eventKinds: Record<string, ProviderEvent["kind"]> = {
  authorized: "authorised",
  sentForSettlement: "captured",
  settled: "captured",
  refused: "refused",
  error: "error",
  cancelled: "cancelled",
  sentForRefund: "refunded",
  refundFailed: "refund-failed",
  expired: "expired",
};

/** The query's `lastEvent`, as the shop reads it. */
const lastEventStates: Record<string, Extract<ProviderStatus, { found: true }>["state"]> = {
  authorized: "authorised",
  sentforsettlement: "captured",
  settled: "captured",
  refused: "refused",
  sentforcancellation: "cancelled",
  cancelled: "cancelled",
  sentforrefund: "refunded",
  refundfailed: "captured",
  error: "error",
};

const linkNames: Record<string, keyof ProviderLinks> = {
  "payments:settle": "settle",
  "payments:cancel": "cancel",
  "payments:refund": "refund",
  "payments:partialRefund": "partialRefund",
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const intOrNull = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : null);
const currencyOrNull = (v: unknown) => (typeof v === "string" && /^[A-Z]{3}$/.test(v) ? v : null);

export function worldpayProvider(options: WorldpayOptions): CardPaymentProvider {
  const base = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString("base64")}`;
  // Only links to the provider's own address are followed (an answer cannot send the shop's credentials elsewhere).
  const ownLink = (href: string) => {
    const url = new URL(href, base);
    if (url.origin !== new URL(base).origin) throw new ProviderRefused(`a link outside ${base}: ${href}`, null);
    return url.href;
  };

  async function call(url: string, init: { method: string; headers: Record<string, string>; body?: string }) {
    let response: Response;
    try {
      response = await doFetch(url, {
        ...init,
        headers: { Authorization: authorization, ...init.headers },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new ProviderUnavailable(`Worldpay did not answer: ${(error as Error).message}`);
    }
    const text = await response.text().catch(() => "");
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (response.status >= 500 || response.status === 429)
      throw new ProviderUnavailable(`Worldpay answered ${response.status}`);
    return { status: response.status, body };
  }

  const refused = (what: string, status: number, body: unknown) => {
    const name = isRecord(body) && typeof body.errorName === "string" ? body.errorName : null;
    const message = isRecord(body) && typeof body.message === "string" ? body.message : "";
    return new ProviderRefused(`Worldpay refused ${what} (${status}${name ? ` ${name}` : ""}) ${message}`.trim(), name);
  };

  async function command(what: string, link: string, idempotencyKey: string, body?: unknown) {
    const headers: Record<string, string> = { Accept: PAYMENTS_MEDIA_TYPE, "Idempotency-Key": idempotencyKey };
    if (body !== undefined) headers["Content-Type"] = PAYMENTS_MEDIA_TYPE;
    const answer = await call(ownLink(link), {
      method: "POST",
      headers,
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (answer.status < 200 || answer.status >= 300) throw refused(what, answer.status, answer.body);
  }

  return {
    name: "worldpay",
    test: options.test,
    async createHostedPage(request: HostedPageRequest) {
      const result = (outcome: string) =>
        `${request.returnUrl}${request.returnUrl.includes("?") ? "&" : "?"}result=${outcome}`;
      const answer = await call(`${base}/payment_pages`, {
        method: "POST",
        headers: { "Content-Type": HPP_MEDIA_TYPE, Accept: HPP_MEDIA_TYPE },
        body: JSON.stringify({
          transactionReference: request.reference,
          merchant: { entity: options.entity },
          narrative: { line1: request.narrative.slice(0, 24) },
          value: { currency: request.currency, amount: request.amountCents },
          description: request.description,
          resultURLs: {
            successURL: result("success"),
            pendingURL: result("pending"),
            failureURL: result("failure"),
            errorURL: result("error"),
            cancelURL: result("cancel"),
            expiryURL: result("expiry"),
          },
        }),
      });
      const url = isRecord(answer.body) && typeof answer.body.url === "string" ? answer.body.url : null;
      if (answer.status !== 200 && answer.status !== 201) throw refused("the payment page", answer.status, answer.body);
      if (!url || !/^https?:\/\//.test(url))
        throw new ProviderUnavailable("Worldpay's answer had no payment page address");
      return { url };
    },
    async status(reference: string): Promise<ProviderStatus> {
      const query = new URLSearchParams({ transactionRef: reference, entity: options.entity });
      const answer = await call(`${base}/payments/events?${query}`, {
        method: "GET",
        headers: { Accept: PAYMENTS_MEDIA_TYPE },
      });
      if (answer.status === 404) return { found: false };
      if (answer.status !== 200 || !isRecord(answer.body))
        throw refused("the status query", answer.status, answer.body);
      const body = answer.body;
      const lastEvent = typeof body.lastEvent === "string" ? body.lastEvent.replace(/\s+/g, "").toLowerCase() : "";
      const state = lastEventStates[lastEvent];
      if (!state)
        throw new ProviderRefused(`Worldpay's status "${String(body.lastEvent)}" is not one the shop knows`, null);
      const links: ProviderLinks = {};
      if (isRecord(body._links))
        for (const [rel, link] of Object.entries(body._links)) {
          const name = linkNames[rel];
          if (name && isRecord(link) && typeof link.href === "string") links[name] = link.href;
        }
      const value = isRecord(body.value) ? body.value : {};
      return {
        found: true,
        state,
        amountCents: intOrNull(value.amount),
        currency: currencyOrNull(value.currency),
        refundedCents: intOrNull(body.refundedAmount),
        links,
      };
    },
    settle: (link, key) => command("the settlement", link, key),
    cancel: (link, key) => command("the cancellation", link, key),
    refund: (link, request) =>
      command("the refund", link, request.idempotencyKey, {
        value: { amount: request.amountCents, currency: request.currency },
        reference: request.reference,
      }),
    verifyWebhook(rawBody, headers) {
      const header = headers["event-signature"];
      return verifyWorldpayEventSignature(
        rawBody,
        Array.isArray(header) ? header.join(",") : header,
        options.webhookSecret,
      );
    },
    readWebhook(rawBody) {
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString("utf8"));
      } catch {
        return null;
      }
      if (!isRecord(body) || typeof body.eventId !== "string" || !isRecord(body.eventDetails)) return null;
      const details = body.eventDetails;
      if (typeof details.transactionReference !== "string" || typeof details.type !== "string") return null;
      if (details.classification !== undefined && details.classification !== "payment") return null;
      const amount = isRecord(details.amount) ? details.amount : {};
      return {
        eventId: body.eventId.slice(0, 100),
        reference: details.transactionReference.slice(0, 64),
        kind: eventKinds[details.type] ?? "other",
        type: details.type.slice(0, 40),
        amountCents: intOrNull(amount.value),
        currency: currencyOrNull(amount.currencyCode),
        refundReference: typeof details.reference === "string" ? details.reference.slice(0, 64) : null,
      };
    },
  };
}

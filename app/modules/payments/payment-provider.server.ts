/**
 * What the shop asks of a card payment provider (docs/decisions/078), whichever it is: one interface, as Medusa's
 * payment providers and Vendure's payment handlers have one. Today Worldpay's Hosted Payment Pages (worldpay.server.ts);
 * the sandbox answers the same API at a local address, so it is Worldpay's adapter with another base URL.
 *
 * Every call may fail with `ProviderUnavailable` (a 5xx, a time-out, a network error): the caller retries later with
 * the same idempotency key, so a command is never carried out twice. A 4xx is `ProviderRefused`: retrying cannot help.
 */

/** What the provider's status answer says of a payment, in the shop's words. */
export type ProviderStatus =
  | { found: false }
  | {
      found: true;
      /** authorised: held on the card, not taken; captured: taken (sent for settlement); refunded (in part or whole). */
      state: "authorised" | "captured" | "refused" | "cancelled" | "refunded" | "error";
      amountCents: number | null;
      currency: string | null;
      refundedCents: number | null;
      /** The next actions the provider offers, by name (settle, cancel, refund, partialRefund): their addresses. */
      links: ProviderLinks;
    };
export type ProviderLinks = Partial<Record<"settle" | "cancel" | "refund" | "partialRefund", string>>;

/** An event the provider sent, verified and read. */
export type ProviderEvent = {
  eventId: string;
  reference: string;
  /** What happened, mapped to the shop's words; `other` for an event the shop does not act on. */
  kind:
    "authorised" | "captured" | "refused" | "cancelled" | "refunded" | "refund-failed" | "expired" | "error" | "other";
  /** The provider's own name of the event (kept in the ledger). */
  type: string;
  amountCents: number | null;
  currency: string | null;
  /** A refund's own reference (ours, sent with it). */
  refundReference: string | null;
};

export type HostedPageRequest = {
  reference: string;
  amountCents: number;
  currency: string;
  /** What the customer's statement and the page show. */
  narrative: string;
  description: string;
  /** Where the page sends the shopper back: one address, with `result` added per outcome. */
  returnUrl: string;
};

export interface CardPaymentProvider {
  /** Stored with each attempt and event ("worldpay"). */
  readonly name: string;
  /** Whether no real money moves (a test environment). */
  readonly test: boolean;
  /** Sets up the hosted page for one attempt; the address to send the shopper to. */
  createHostedPage(request: HostedPageRequest): Promise<{ url: string }>;
  /** Asks the provider where a payment stands. */
  status(reference: string): Promise<ProviderStatus>;
  /** Takes an authorised payment (capture). */
  settle(link: string, idempotencyKey: string): Promise<void>;
  /** Releases an authorised payment not taken. */
  cancel(link: string, idempotencyKey: string): Promise<void>;
  /** Sends back part or all of a captured payment. */
  refund(
    link: string,
    request: { amountCents: number; currency: string; reference: string; idempotencyKey: string },
  ): Promise<void>;
  /** Whether a webhook's raw body carries the provider's valid signature. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): boolean;
  /** Reads a verified webhook's body; null when it is not a payment event the shop knows how to read. */
  readWebhook(rawBody: Buffer): ProviderEvent | null;
}

/** The provider did not answer, answered 5xx, or too late: try again later with the same key. */
export class ProviderUnavailable extends Error {}
/** The provider refused the request (4xx): trying again will not help. */
export class ProviderRefused extends Error {
  constructor(
    message: string,
    readonly errorName: string | null,
  ) {
    super(message);
  }
}

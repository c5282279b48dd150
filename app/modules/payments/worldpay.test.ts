// The Worldpay adapter: its requests as Worldpay documents them (Hosted Payment Pages' setup, the payment events
// query, settle and refund through the links), its reading of Worldpay's documented event, and its behaviour against
// the sandbox, which answers the same API, faults included.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPaymentSandbox, type PaymentSandbox } from "../../../server/payment-sandbox/sandbox-server";
import { ProviderRefused, ProviderUnavailable } from "./payment-provider.server";
import { signWorldpayEvent } from "./worldpay-signature.server";
import { HPP_MEDIA_TYPE, worldpayProvider, type WorldpayOptions } from "./worldpay.server";

const SECRET = "adapter-webhook-secret-0123456";
const options = (baseUrl: string, extra: Partial<WorldpayOptions> = {}): WorldpayOptions => ({
  baseUrl,
  username: "sandbox",
  password: "sandbox",
  entity: "default",
  webhookSecret: SECRET,
  timeoutMs: 2_000,
  test: true,
  ...extra,
});

describe("the Worldpay adapter's requests, as Worldpay documents them", () => {
  it("sets up a hosted payment page with Worldpay's media type, Basic credentials and result URLs", async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const fetchSpy = (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return new Response(
        JSON.stringify({ url: "https://payments.worldpay.com/app/hpp/integration/wpg/corporate?OrderKey=x" }),
      );
    }) as unknown as typeof fetch;
    const provider = worldpayProvider(
      options("https://try.access.worldpay.com", {
        username: "user",
        password: "pass",
        entity: "POxxxxxxxxx",
        fetch: fetchSpy,
      }),
    );
    const page = await provider.createHostedPage({
      reference: "AB23CD45-1",
      amountCents: 4347,
      currency: "GBP",
      narrative: "Vapour Lane Limited Shop",
      description: "Order AB23CD45",
      returnUrl: "https://shop.example/payment/return?ref=AB23CD45-1",
    });
    expect(page.url).toMatch(/^https:\/\/payments\.worldpay\.com\//);
    const [request] = seen;
    expect(request!.url).toBe("https://try.access.worldpay.com/payment_pages");
    expect(request!.init.method).toBe("POST");
    expect(request!.init.headers).toMatchObject({
      Authorization: `Basic ${Buffer.from("user:pass").toString("base64")}`,
      "Content-Type": HPP_MEDIA_TYPE,
      Accept: HPP_MEDIA_TYPE,
    });
    // Worldpay's example request with its minimum fields, and the result URLs the shopper comes back to.
    expect(JSON.parse(String(request!.init.body))).toEqual({
      transactionReference: "AB23CD45-1",
      merchant: { entity: "POxxxxxxxxx" },
      narrative: { line1: "Vapour Lane Limited Shop".slice(0, 24) },
      value: { currency: "GBP", amount: 4347 },
      description: "Order AB23CD45",
      resultURLs: {
        successURL: "https://shop.example/payment/return?ref=AB23CD45-1&result=success",
        pendingURL: "https://shop.example/payment/return?ref=AB23CD45-1&result=pending",
        failureURL: "https://shop.example/payment/return?ref=AB23CD45-1&result=failure",
        errorURL: "https://shop.example/payment/return?ref=AB23CD45-1&result=error",
        cancelURL: "https://shop.example/payment/return?ref=AB23CD45-1&result=cancel",
        expiryURL: "https://shop.example/payment/return?ref=AB23CD45-1&result=expiry",
      },
    });
  });

  it("reads Worldpay's documented event and verifies its Event-Signature over the raw body", () => {
    const provider = worldpayProvider(options("https://try.access.worldpay.com"));
    // Worldpay's example sentForSettlement event (Events API reference), byte for byte.
    const body =
      '{ "eventId": "bb55ca5a-e05c-47e1-8e94-e88bac1a0a17", "eventTimestamp": "2018-06-13T14:18:13.407", "eventDetails": { "classification": "payment", "downstreamReference": "3378792436", "transactionReference": "Memory265-13/08/1876", "type": "sentForSettlement", "date": "2017-11-03", "reference": "12345", "amount": { "value": 100, "currencyCode": "EUR" }, "_links": { "payment": { "href": "" } } } }';
    const raw = Buffer.from(body);
    expect(provider.verifyWebhook(raw, { "event-signature": signWorldpayEvent(body, SECRET) })).toBe(true);
    expect(provider.verifyWebhook(raw, { "event-signature": signWorldpayEvent(body, "someone-else's-secret") })).toBe(
      false,
    );
    expect(provider.verifyWebhook(raw, {})).toBe(false);
    expect(provider.readWebhook(raw)).toEqual({
      eventId: "bb55ca5a-e05c-47e1-8e94-e88bac1a0a17",
      reference: "Memory265-13/08/1876",
      kind: "captured",
      type: "sentForSettlement",
      amountCents: 100,
      currency: "EUR",
      refundReference: "12345",
    });
    expect(provider.readWebhook(Buffer.from("not json"))).toBeNull();
    expect(
      provider.readWebhook(
        Buffer.from('{"eventId":"x","eventDetails":{"classification":"payout","type":"x","transactionReference":"r"}}'),
      ),
    ).toBeNull();
  });
});

describe("the Worldpay adapter against the sandbox", () => {
  let sandbox: PaymentSandbox;
  beforeAll(async () => {
    sandbox = await startPaymentSandbox({ port: 0, webhookSecret: SECRET });
  });
  afterAll(() => sandbox.close());
  const control = (body: unknown) =>
    fetch(`${sandbox.url}/sandbox/control`, { method: "POST", body: JSON.stringify(body) });
  const outcome = (reference: string, value: string) =>
    fetch(`${sandbox.url}/sandbox/payments/${encodeURIComponent(reference)}/outcome`, {
      method: "POST",
      body: JSON.stringify({ outcome: value }),
    });
  const page = (reference: string, amountCents = 1250) => ({
    reference,
    amountCents,
    currency: "GBP",
    narrative: "Vapour Lane",
    description: "An order",
    returnUrl: "http://shop.test/payment/return?ref=x",
  });

  it("sets up a page, knows nothing until paid, then settles and refunds through the links once per key", async () => {
    await control({ reset: true });
    const provider = worldpayProvider(options(sandbox.url));
    const { url } = await provider.createHostedPage(page("ADAPT-1"));
    expect(url.startsWith(`${sandbox.url}/`)).toBe(true);
    expect(await provider.status("ADAPT-1")).toEqual({ found: false });
    await control({ settlement: "manual" });
    expect((await outcome("ADAPT-1", "approve")).status).toBe(200);
    const held = await provider.status("ADAPT-1");
    expect(held).toMatchObject({ found: true, state: "authorised", amountCents: 1250, currency: "GBP" });
    if (!held.found || !held.links.settle) throw new Error("no settle link");
    await provider.settle(held.links.settle, "settle-key");
    await provider.settle(held.links.settle, "settle-key");
    const taken = await provider.status("ADAPT-1");
    expect(taken).toMatchObject({ found: true, state: "captured" });
    if (!taken.found || !taken.links.partialRefund) throw new Error("no refund link");
    const refund = { amountCents: 250, currency: "GBP", reference: "RF-1", idempotencyKey: "refund-key" };
    await provider.refund(taken.links.partialRefund, refund);
    await provider.refund(taken.links.partialRefund, refund);
    const held2 = (await (await fetch(`${sandbox.url}/sandbox/payments/ADAPT-1`)).json()) as { refunds: unknown[] };
    expect(held2.refunds).toEqual([{ amount: 250, reference: "RF-1" }]);
    // More than is left: Worldpay refuses it; retrying cannot help.
    const tooMuch = { ...refund, amountCents: 5000, reference: "RF-2", idempotencyKey: "refund-key-2" };
    await expect(provider.refund(taken.links.partialRefund, tooMuch)).rejects.toBeInstanceOf(ProviderRefused);
  });

  it("treats a 500 or a time-out as unavailable (retry later) and bad credentials or a foreign link as refused", async () => {
    await control({ reset: true });
    const provider = worldpayProvider(options(sandbox.url, { timeoutMs: 300 }));
    await control({ apiFaults: { mode: "500", count: 1 } });
    await expect(provider.createHostedPage(page("ADAPT-2"))).rejects.toBeInstanceOf(ProviderUnavailable);
    await control({ apiFaults: { mode: "timeout", count: 1 } });
    await expect(provider.status("ADAPT-2")).rejects.toBeInstanceOf(ProviderUnavailable);
    await control({ apiFaults: { mode: "none", count: 0 } });
    const wrong = worldpayProvider(options(sandbox.url, { password: "wrong" }));
    await expect(wrong.createHostedPage(page("ADAPT-3"))).rejects.toBeInstanceOf(ProviderRefused);
    await expect(provider.settle("https://elsewhere.example/payments/settlements/x", "k")).rejects.toBeInstanceOf(
      ProviderRefused,
    );
  });
});

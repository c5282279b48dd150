import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { verifyWorldpayEventSignature } from "~/modules/payments/worldpay-signature.server";
import { startPaymentSandbox, type PaymentSandbox } from "./sandbox-server";
import type { WorldpayEvent } from "./sandbox-webhooks";

// The payment sandbox as the shop meets it: Worldpay's API over HTTP, the hosted page's buttons, and the signed
// events a tiny receiver (standing in for the shop's webhook) gets. Every payment has its own reference, so the
// tests share one sandbox; each waits for the events it expects, never a fixed time.

const SECRET = "test-webhook-secret";
const PAGES = "application/vnd.worldpay.payment_pages-v1.hal+json";
const PAYMENTS = "application/vnd.worldpay.payments-v7+json";
const AUTH = `Basic ${Buffer.from("sandbox:sandbox").toString("base64")}`;

type Received = { raw: string; signature: string | undefined; event: WorldpayEvent };
const received: Received[] = [];
/** How many deliveries of a reference the receiver answers 500 before it answers 200. */
const failuresLeft = new Map<string, number>();
let receiver: Server;
let sandbox: PaymentSandbox;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const event = JSON.parse(raw) as WorldpayEvent;
      const ref = event.eventDetails.transactionReference;
      const failures = failuresLeft.get(ref) ?? 0;
      if (failures > 0) {
        failuresLeft.set(ref, failures - 1);
        return res.writeHead(500).end();
      }
      const signature = req.headers["event-signature"];
      received.push({ raw, signature: typeof signature === "string" ? signature : undefined, event });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const { port } = receiver.address() as AddressInfo;
  sandbox = await startPaymentSandbox({
    port: 0,
    webhookUrl: `http://127.0.0.1:${port}/webhooks/payments/worldpay`,
    webhookSecret: SECRET,
    retryDelayMs: 5,
  });
});

afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => receiver.close(resolve));
});

afterEach(async () => {
  await control({ reset: true });
});

let counter = 0;
const newRef = () => `VS-T${++counter}${Date.now().toString(36).toUpperCase()}-1`;
const resultUrl = (ref: string, result: string) => `https://shop.test/payment/return?ref=${ref}&result=${result}`;

function setupBody(ref: string, amount = 4347): Record<string, unknown> {
  return {
    transactionReference: ref,
    merchant: { entity: "default" },
    narrative: { line1: "Vape Shop" },
    value: { currency: "GBP", amount },
    description: `Order ${ref}`,
    resultURLs: Object.fromEntries(
      ["success", "pending", "failure", "error", "cancel", "expiry"].map((r) => [`${r}URL`, resultUrl(ref, r)]),
    ),
  };
}

function setUp(body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) {
  return fetch(`${sandbox.url}/payment_pages`, {
    method: "POST",
    headers: { Authorization: AUTH, "Content-Type": PAGES, Accept: PAGES, ...headers },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
}

async function pageFor(ref: string): Promise<string> {
  const response = await setUp(setupBody(ref));
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  return url;
}

/** Presses a button of the hosted page (a form post), without following the redirect. */
function press(pageUrl: string, outcome: string) {
  return fetch(pageUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ outcome }).toString(),
    redirect: "manual",
  });
}

async function approved(ref: string) {
  expect((await press(await pageFor(ref), "approve")).status).toBe(303);
}

type Query = { lastEvent: string; refundedAmount: number; _links: Record<string, { href: string }> };
function query(ref: string, headers: Record<string, string> = {}) {
  return fetch(`${sandbox.url}/payments/events?transactionRef=${encodeURIComponent(ref)}&entity=default`, {
    headers: { Authorization: AUTH, Accept: PAYMENTS, ...headers },
  });
}
async function queried(ref: string): Promise<Query> {
  const response = await query(ref);
  expect(response.status).toBe(200);
  return (await response.json()) as Query;
}

function post(href: string, init: { key?: string; body?: unknown } = {}) {
  return fetch(href, {
    method: "POST",
    headers: {
      Authorization: AUTH,
      ...(init.key ? { "Idempotency-Key": init.key } : {}),
      ...(init.body ? { "Content-Type": PAYMENTS } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
}

async function control(body: unknown) {
  const response = await fetch(`${sandbox.url}/sandbox/control`, { method: "POST", body: JSON.stringify(body) });
  expect(response.status).toBe(200);
}

async function held(ref: string) {
  const response = await fetch(`${sandbox.url}/sandbox/payments/${encodeURIComponent(ref)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as { events: WorldpayEvent[]; refunds: unknown[]; deliveries: unknown[] };
}

const eventsOf = (ref: string) => received.filter((r) => r.event.eventDetails.transactionReference === ref);
const typesOf = (ref: string) => eventsOf(ref).map((r) => r.event.eventDetails.type);

/** Waits until the receiver has `count` events of the payment (at least), and gives them. */
async function waitForEvents(ref: string, count: number): Promise<Received[]> {
  await vi.waitFor(() => expect(eventsOf(ref).length).toBeGreaterThanOrEqual(count), { timeout: 5000, interval: 10 });
  return eventsOf(ref);
}

/** Waits for an event of this type: a payment's deliveries go in order, so every earlier one has arrived by then. */
async function waitForType(ref: string, type: string): Promise<string[]> {
  await vi.waitFor(() => expect(typesOf(ref)).toContain(type), { timeout: 5000, interval: 10 });
  return typesOf(ref);
}

describe("setting up a hosted payment page", () => {
  it("refuses a body that does not match the schema, saying which field", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...setupBody("x"), transactionReference: "has space" }, "$.transactionReference"],
      [{ ...setupBody("x"), transactionReference: "A".repeat(65) }, "$.transactionReference"],
      [{ ...setupBody(newRef()), merchant: {} }, "$.merchant.entity"],
      [{ ...setupBody(newRef()), merchant: undefined }, "$.merchant.entity"],
      [{ ...setupBody(newRef()), value: { currency: "GBP", amount: 43.47 } }, "$.value.amount"],
      [{ ...setupBody(newRef()), value: { currency: "GBP", amount: -1 } }, "$.value.amount"],
      [{ ...setupBody(newRef()), value: { currency: "gbp", amount: 4347 } }, "$.value.currency"],
    ];
    for (const [body, jsonPath] of cases) {
      const response = await setUp(body);
      expect(response.status, jsonPath).toBe(400);
      const error = (await response.json()) as { errorName: string; validationErrors: { jsonPath: string }[] };
      expect(error.errorName).toBe("bodyDoesNotMatchSchema");
      expect(error.validationErrors.map((e) => e.jsonPath)).toEqual([jsonPath]);
    }
  });

  it("refuses a wrong Accept (406) and a wrong Content-Type (400)", async () => {
    expect((await setUp(setupBody(newRef()), { Accept: "application/json" })).status).toBe(406);
    expect((await setUp(setupBody(newRef()), { "Content-Type": "application/json" })).status).toBe(400);
  });

  it("answers 401 without the right Basic credentials, on every API call", async () => {
    const wrong = `Basic ${Buffer.from("sandbox:wrong").toString("base64")}`;
    const refused = await setUp(setupBody(newRef()), { Authorization: wrong });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ errorName: "unauthorized" });
    const missing = await fetch(`${sandbox.url}/payment_pages`, {
      method: "POST",
      headers: { "Content-Type": PAGES, Accept: PAGES },
      body: JSON.stringify(setupBody(newRef())),
    });
    expect(missing.status).toBe(401);
    expect((await query(newRef(), { Authorization: wrong })).status).toBe(401);
  });

  it("shows a page with the test banner, the amount and the five buttons, escaping what it echoes", async () => {
    const ref = newRef();
    const url = await pageFor(ref);
    expect(url).toMatch(new RegExp(`^${sandbox.url}/hpp/[\\w-]+$`));
    expect(await pageFor(ref)).toBe(url); // the same reference, not finished: the same page
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain("TEST — no real money");
    expect(html).toMatch(/<h1>Pay £43\.47 to Vape Shop<\/h1>/);
    const buttons = [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);
    expect(buttons).toEqual(["Approve", "Decline", "Fail 3-D Secure", "Abandon", "Leave pending"]);
    expect(html).toContain(`<form method="post" action="${url}">`);

    const sly = newRef();
    const slyResponse = await setUp({
      ...setupBody(sly),
      description: `<script>alert("x")</script>`,
      narrative: { line1: "A&B" },
    });
    const slyHtml = await (await fetch(((await slyResponse.json()) as { url: string }).url)).text();
    expect(slyHtml).not.toContain("<script>");
    expect(slyHtml).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(slyHtml).toContain("A&amp;B");
  });
});

describe("the hosted page's buttons", () => {
  it("Approve: 303 to successURL, then authorized and sentForSettlement, each signed", async () => {
    const ref = newRef();
    const url = await pageFor(ref);
    const response = await press(url, "approve");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(resultUrl(ref, "success"));
    const events = await waitForEvents(ref, 2);
    expect(events.map((r) => r.event.eventDetails.type)).toEqual(["authorized", "sentForSettlement"]);
    for (const { raw, signature, event } of events) {
      expect(signature).toMatch(/^1\/SHA256\/[0-9a-f]{64}$/);
      expect(verifyWorldpayEventSignature(raw, signature, SECRET)).toBe(true);
      expect(verifyWorldpayEventSignature(raw, signature, "another-secret")).toBe(false);
      expect(event).toEqual({
        eventId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        eventTimestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/),
        eventDetails: {
          classification: "payment",
          transactionReference: ref,
          type: event.eventDetails.type,
          date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
          amount: { value: 4347, currencyCode: "GBP" },
          _links: { payment: { href: expect.stringContaining(`${sandbox.url}/payments/events/`) } },
        },
      });
    }
    expect(await queried(ref)).toMatchObject({ lastEvent: "SentForSettlement", refundedAmount: 0 });
    const finished = await (await fetch(url)).text();
    expect(finished).toContain("This payment is finished");
    expect(finished).not.toContain("<button");
    const again = await setUp(setupBody(ref));
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ errorName: "duplicateTransaction" });
  });

  it.each(["decline", "fail-3ds"])("%s: 303 to failureURL and a refused event", async (outcome) => {
    const ref = newRef();
    const response = await press(await pageFor(ref), outcome);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(resultUrl(ref, "failure"));
    expect(await waitForType(ref, "refused")).toEqual(["refused"]);
    expect(await queried(ref)).toMatchObject({ lastEvent: "Refused", _links: {} });
  });

  it("Abandon: a closed-page answer, no event, and the query finds nothing", async () => {
    const ref = newRef();
    const url = await pageFor(ref);
    const response = await press(url, "abandon");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("You closed the payment page");
    expect(html).not.toMatch(/<a\s/);
    const notFound = await query(ref);
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toMatchObject({ errorName: "entityNotFound" });
    expect((await held(ref)).events).toEqual([]);
    // Still unfinished: approved later, its deliveries go in order, so an event of the abandon would come first.
    await press(url, "approve");
    expect(await waitForType(ref, "sentForSettlement")).toEqual(["authorized", "sentForSettlement"]);
  });

  it("Leave pending: 303 to pendingURL, 404 on query, then the control API approves it", async () => {
    const ref = newRef();
    const response = await press(await pageFor(ref), "pending");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(resultUrl(ref, "pending"));
    expect((await query(ref)).status).toBe(404);
    const outcome = await fetch(`${sandbox.url}/sandbox/payments/${encodeURIComponent(ref)}/outcome`, {
      method: "POST",
      body: JSON.stringify({ outcome: "approve" }),
    });
    expect(outcome.status).toBe(200);
    expect(await waitForType(ref, "sentForSettlement")).toEqual(["authorized", "sentForSettlement"]);
    expect(await queried(ref)).toMatchObject({ lastEvent: "SentForSettlement" });
    const twice = await fetch(`${sandbox.url}/sandbox/payments/${encodeURIComponent(ref)}/outcome`, {
      method: "POST",
      body: JSON.stringify({ outcome: "decline" }),
    });
    expect(twice.status).toBe(409);
  });
});

describe("settling, cancelling and refunding", () => {
  it("manual settlement: settle and cancel links; one settlement for one Idempotency-Key", async () => {
    await control({ settlement: "manual" });
    const ref = newRef();
    await approved(ref);
    expect(await waitForType(ref, "authorized")).toEqual(["authorized"]);
    const authorised = await queried(ref);
    expect(authorised.lastEvent).toBe("Authorized");
    expect(Object.keys(authorised._links).sort()).toEqual(["payments:cancel", "payments:settle"]);

    const key = crypto.randomUUID();
    const first = await post(authorised._links["payments:settle"]!.href, { key });
    const second = await post(authorised._links["payments:settle"]!.href, { key });
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(await second.json()).toEqual(await first.json());
    expect((await held(ref)).events.map((e) => e.eventDetails.type)).toEqual(["authorized", "sentForSettlement"]);
    const settled = await queried(ref);
    const href = (await held(ref)).events[0]!.eventDetails._links.payment.href; // the event's link to the payment
    const byLink = await fetch(href, { headers: { Authorization: AUTH, Accept: PAYMENTS } });
    expect(await byLink.json()).toEqual(settled);
    expect(settled.lastEvent).toBe("SentForSettlement");
    expect(Object.keys(settled._links).sort()).toEqual(["payments:partialRefund", "payments:refund"]);
    // A refund after it: when its event arrives, every settlement event sent before it has arrived too.
    expect((await post(settled._links["payments:refund"]!.href)).status).toBe(202);
    expect(await waitForType(ref, "sentForRefund")).toEqual(["authorized", "sentForSettlement", "sentForRefund"]);
    const calls = (await (await fetch(`${sandbox.url}/sandbox/requests`)).json()) as { idempotencyKey: string }[];
    expect(calls.filter((c) => c.idempotencyKey === key)).toMatchObject([
      { status: 202 },
      { status: 202, replayed: true },
    ]);
  });

  it("cancels an authorisation: a cancelled event, and nothing more to do", async () => {
    await control({ settlement: "manual" });
    const ref = newRef();
    await approved(ref);
    await waitForType(ref, "authorized");
    const cancel = (await queried(ref))._links["payments:cancel"]!.href;
    expect((await post(cancel)).status).toBe(202);
    expect(await waitForType(ref, "cancelled")).toEqual(["authorized", "cancelled"]);
    expect(await queried(ref)).toMatchObject({ lastEvent: "SentForCancellation", _links: {} });
    expect((await post(cancel)).status).toBe(409);
  });

  it("partial refunds: one refund for one key, its amount and reference, never more than is left", async () => {
    const ref = newRef();
    await approved(ref);
    const href = (await queried(ref))._links["payments:partialRefund"]!.href;
    const body = { value: { amount: 500, currency: "GBP" }, reference: "RF-123" };
    const key = crypto.randomUUID();
    const first = await post(href, { key, body });
    const second = await post(href, { key, body });
    expect([first.status, second.status]).toEqual([202, 202]);
    expect(await second.json()).toEqual(await first.json());
    expect((await held(ref)).refunds).toEqual([{ amount: 500, reference: "RF-123" }]);
    const types = await waitForType(ref, "sentForRefund");
    expect(types).toEqual(["authorized", "sentForSettlement", "sentForRefund"]);
    expect(eventsOf(ref)[2]!.event.eventDetails).toMatchObject({
      amount: { value: 500, currencyCode: "GBP" },
      reference: "RF-123",
    });
    const after = await queried(ref);
    expect(after).toMatchObject({ lastEvent: "SentForRefund", refundedAmount: 500 });
    expect(Object.keys(after._links)).toEqual(["payments:partialRefund"]); // no full refund once part is refunded

    const tooMuch = await post(href, { key: crypto.randomUUID(), body: { value: { amount: 3848, currency: "GBP" } } });
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.json()).toMatchObject({ errorName: "refundAmountExceeded" });
    const rest = await post(href, { key: crypto.randomUUID(), body: { value: { amount: 3847, currency: "GBP" } } });
    expect(rest.status).toBe(202);
    expect(await queried(ref)).toMatchObject({ refundedAmount: 4347, _links: {} });
  });
});

describe("how events are delivered", () => {
  it("twice: each event twice, with the same eventId", async () => {
    await control({ delivery: "twice" });
    const ref = newRef();
    await approved(ref);
    const events = await waitForEvents(ref, 4);
    const ids = events.map((r) => r.event.eventId);
    expect(new Set(ids).size).toBe(2);
    for (const id of new Set(ids)) expect(ids.filter((i) => i === id)).toHaveLength(2);
  });

  it("outOfOrder: a payment's events in reverse order", async () => {
    await control({ outOfOrder: true });
    const ref = newRef();
    await approved(ref);
    await waitForEvents(ref, 2);
    expect(typesOf(ref)).toEqual(["sentForSettlement", "authorized"]);
  });

  it("none: no delivery (a later event of the payment arrives alone)", async () => {
    await control({ delivery: "none" });
    const ref = newRef();
    await approved(ref);
    expect((await held(ref)).events).toHaveLength(2);
    await control({ delivery: "once" });
    const href = (await queried(ref))._links["payments:partialRefund"]!.href;
    await post(href, { body: { value: { amount: 100, currency: "GBP" }, reference: "RF-1" } });
    expect(await waitForType(ref, "sentForRefund")).toEqual(["sentForRefund"]);
  });

  it("redeliver: the payment's events again, with their eventIds", async () => {
    const ref = newRef();
    await approved(ref);
    const first = (await waitForEvents(ref, 2)).map((r) => r.event.eventId);
    const response = await fetch(`${sandbox.url}/sandbox/redeliver`, { method: "POST", body: JSON.stringify({ ref }) });
    expect(response.status).toBe(202);
    const all = (await waitForEvents(ref, 4)).map((r) => r.event.eventId);
    expect(all).toEqual([...first, ...first]);
  });

  it("retries an event the shop did not answer with 2xx", async () => {
    const ref = newRef();
    failuresLeft.set(ref, 2);
    await approved(ref);
    await waitForType(ref, "sentForSettlement");
    expect(typesOf(ref)).toEqual(["authorized", "sentForSettlement"]);
    expect((await held(ref)).deliveries).toMatchObject([
      { type: "authorized", attempt: 1, result: 500 },
      { type: "authorized", attempt: 2, result: 500 },
      { type: "authorized", attempt: 3, result: 200 },
      { type: "sentForSettlement", attempt: 1, result: 200 },
    ]);
  });

  it("gives an event up after 5 retries, and goes on with the next", async () => {
    const ref = newRef();
    failuresLeft.set(ref, 6);
    await approved(ref);
    expect(await waitForType(ref, "sentForSettlement")).toEqual(["sentForSettlement"]);
    const attempts = (await held(ref)).deliveries as { type: string; attempt: number; result: number }[];
    expect(attempts.map((a) => `${a.type} ${a.attempt} ${a.result}`)).toEqual([
      ...[1, 2, 3, 4, 5, 6].map((n) => `authorized ${n} 500`),
      "sentForSettlement 1 200",
    ]);
  });

  it("delayMs: a payment's events wait, while another's delivered later arrive first", async () => {
    await control({ delayMs: 1000 });
    const late = newRef();
    await approved(late);
    await control({ delayMs: 0 });
    const prompt = newRef();
    await approved(prompt);
    await waitForEvents(late, 2);
    const order = received
      .map((r) => r.event.eventDetails.transactionReference)
      .filter((r) => r === late || r === prompt);
    expect(order).toEqual([prompt, prompt, late, late]);
  });

  it("refuses a control setting it does not know, changing nothing", async () => {
    const response = await fetch(`${sandbox.url}/sandbox/control`, {
      method: "POST",
      body: JSON.stringify({ delivery: "thrice", outOfOrder: true }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ validationErrors: [{ jsonPath: "$.delivery" }] });
    const ref = newRef();
    await approved(ref);
    await waitForEvents(ref, 2);
    expect(typesOf(ref)).toEqual(["authorized", "sentForSettlement"]);
  });
});

describe("API faults", () => {
  it("500 for the next N calls, then answers again", async () => {
    await control({ apiFaults: { mode: "500", count: 2 } });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await setUp(setupBody(newRef()))).status);
    expect(statuses).toEqual([500, 500, 200]);
  });

  it("timeout: no answer, so the caller's own timeout fires; the next call is answered", async () => {
    await control({ apiFaults: { mode: "timeout", count: 1 } });
    const ref = newRef();
    await expect(setUp(setupBody(ref), {}, AbortSignal.timeout(300))).rejects.toMatchObject({ name: "TimeoutError" });
    expect((await setUp(setupBody(ref))).status).toBe(200);
    const calls = (await (await fetch(`${sandbox.url}/sandbox/requests`)).json()) as { status: number | null }[];
    expect(calls.slice(-2).map((c) => c.status)).toEqual([null, 200]);
  });
});

it("answers /health with ok", async () => {
  const response = await fetch(`${sandbox.url}/health`);
  expect([response.status, await response.text()]).toEqual([200, "ok"]);
});

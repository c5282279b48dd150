// The payment sandbox: a local stand-in for Access Worldpay's API (the contract of issue 61, sections 1–5), for
// development, tests and the storm. In memory, one process, node:http only: hosted payment pages with buttons instead
// of a card form, the events webhook signed as Worldpay signs it, query, settle, cancel and refunds, and a control API
// to make it misbehave (late, doubled or reversed events, failing or silent API calls). `npm run payment-sandbox`.
//
// NEVER IN PRODUCTION: it takes no money and approves whatever it is told to. The shop reaches it only with
// PAYMENT_PROVIDER=sandbox; a shop taking real orders must talk to Worldpay itself (access.worldpay.com).
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { formatMoney } from "~/lib/money";
import { hostedPage, type PageOutcome } from "./sandbox-pages";
import { webhookSender, worldpayEvent, type DeliveryAttempt, type WorldpayEvent } from "./sandbox-webhooks";

export type PaymentSandboxOptions = {
  /** 0: any free port. */
  port: number;
  /** 127.0.0.1 unless told. */
  host?: string;
  /** Where events go (the shop's /webhooks/payments/worldpay); none: they are only logged. */
  webhookUrl?: string;
  webhookSecret: string;
  /** The API's Basic credentials: sandbox / sandbox unless told. */
  username?: string;
  password?: string;
  /** The gap between a webhook's attempts (1000 ms, as Worldpay; tests take less). */
  retryDelayMs?: number;
  /** Each delivery and API call as a line; silent unless given. */
  log?: (line: string) => void;
};

export type PaymentSandbox = { url: string; close(): Promise<void> };

const PAGES_TYPE = "application/vnd.worldpay.payment_pages-v1.hal+json";
const PAYMENTS_TYPE = "application/vnd.worldpay.payments-v7+json";
const REFERENCE = /^[-A-Za-z0-9_!@#$%()*=.:;?[\]{}~`/+]{1,64}$/;
const RESULT_URLS = ["successURL", "pendingURL", "failureURL", "errorURL", "cancelURL", "expiryURL"] as const;
const BODY_LIMIT = 1024 * 1024;

type ResultUrl = (typeof RESULT_URLS)[number];
type Outcome = "approve" | "decline" | "fail-3ds" | "pending";
type LastEvent = "Authorized" | "SentForSettlement" | "Refused" | "SentForCancellation" | "SentForRefund" | "Error";
/** "open": set up, nothing decided (also after Abandon); "pending": left sentForAuthorization. */
type State = "open" | "pending" | LastEvent;

type Payment = {
  transactionReference: string;
  entity: string;
  narrative: string;
  description: string | null;
  amount: number;
  currency: string;
  resultURLs: Partial<Record<ResultUrl, string>>;
  pageToken: string;
  linkToken: string;
  state: State;
  refunds: { amount: number; reference: string | null }[];
  events: WorldpayEvent[];
  deliveries: DeliveryAttempt[];
  queue: Promise<void>; // this payment's deliveries, one after another
};

type Settings = {
  settlement: "auto" | "manual";
  delivery: "once" | "twice" | "none";
  delayMs: number;
  outOfOrder: boolean;
  apiFaults: { mode: "none" | "500" | "timeout"; count: number };
  webhookUrl: string | null;
};

type Answer = { status: number; body: unknown };
type ValidationError = { errorName: string; message: string; jsonPath: string };
type RequestRecord = {
  at: string;
  method: string;
  path: string;
  idempotencyKey: string | null;
  status: number | null; // null: not answered (a timeout fault)
  replayed?: true;
};

const answer = (status: number, body: unknown): Answer => ({ status, body });
const apiError = (status: number, errorName: string, message: string, more: object = {}) =>
  answer(status, { errorName, message, ...more });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isHttpUrl = (v: unknown) => typeof v === "string" && /^https?:\/\/[^\s]+$/.test(v) && URL.canParse(v);
const mediaType = (header: string | undefined) => header?.split(";")[0]?.trim().toLowerCase() ?? "";
const accepts = (header: string | undefined, type: string) =>
  (header ?? "").split(",").some((part) => mediaType(part) === type);
const settledStates: State[] = ["SentForSettlement", "SentForRefund"];

/** Required fields: missing → fieldIsMissing, wrong → fieldHasInvalidValue, each with its JSON path. */
function fieldErrors(checks: [path: string, value: unknown, valid: (v: unknown) => boolean, rule: string][]) {
  const errors: ValidationError[] = [];
  for (const [path, value, valid, rule] of checks) {
    if (value === undefined || value === null)
      errors.push({ errorName: "fieldIsMissing", message: `${path} is required`, jsonPath: `$.${path}` });
    else if (!valid(value))
      errors.push({ errorName: "fieldHasInvalidValue", message: `${path} must be ${rule}`, jsonPath: `$.${path}` });
  }
  return errors;
}

const schemaError = (errors: ValidationError[]) =>
  apiError(400, "bodyDoesNotMatchSchema", "The json body provided does not match the expected schema", {
    validationErrors: errors,
  });

function setupErrors(body: Record<string, unknown>): ValidationError[] {
  const merchant = isObject(body.merchant) ? body.merchant : {};
  const narrative = isObject(body.narrative) ? body.narrative : {};
  const value = isObject(body.value) ? body.value : {};
  const errors = fieldErrors([
    [
      "transactionReference",
      body.transactionReference,
      (v) => typeof v === "string" && REFERENCE.test(v),
      "1 to 64 characters of A-Z a-z 0-9 - _ ! @ # $ % ( ) * = . : ; ? [ ] { } ~ ` / +",
    ],
    [
      "merchant.entity",
      merchant.entity,
      (v) => typeof v === "string" && /^[A-Za-z0-9]{1,32}$/.test(v),
      "1 to 32 letters or digits",
    ],
    ["narrative.line1", narrative.line1, (v) => typeof v === "string" && v.trim() !== "", "a non-empty string"],
    [
      "value.currency",
      value.currency,
      (v) => typeof v === "string" && /^[A-Z]{3}$/.test(v),
      "3 capital letters (ISO 4217)",
    ],
    [
      "value.amount",
      value.amount,
      (v) => Number.isSafeInteger(v) && (v as number) >= 0,
      "a whole number of minor units, 0 or more",
    ],
  ]);
  if (body.description !== undefined && typeof body.description !== "string")
    errors.push({
      errorName: "fieldHasInvalidValue",
      message: "description must be a string",
      jsonPath: "$.description",
    });
  if (body.resultURLs !== undefined && !isObject(body.resultURLs))
    errors.push({
      errorName: "fieldHasInvalidValue",
      message: "resultURLs must be an object",
      jsonPath: "$.resultURLs",
    });
  const urls = isObject(body.resultURLs) ? body.resultURLs : {};
  for (const name of RESULT_URLS)
    if (urls[name] !== undefined)
      errors.push(...fieldErrors([[`resultURLs.${name}`, urls[name], isHttpUrl, "an http(s) URL"]]));
  return errors;
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT) chunks.push(chunk);
    });
    req.on("end", () => resolve(size > BODY_LIMIT ? null : Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function parseJson(text: string): { value: unknown } | null {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return null;
  }
}

/**
 * Starts the sandbox; `url` is its base (Worldpay's base URL for the shop). Choices the contract leaves open:
 * - an action its payment's query does not offer now (settle twice without a key, a refund of a refused payment)
 *   answers 409 `{"errorName":"paymentStateConflict"}`;
 * - an Idempotency-Key is remembered for every settle/cancel/refund link, whatever the link, with its first answer;
 * - a faulted API call (500 or no answer) is not processed: the next try with the same key is the first;
 * - a full refund (no body) carries no `reference` in its event; a partial refund's `reference` is optional;
 * - `redeliver` sends each event once, in order, whatever `delivery` and `outOfOrder` say; `{"reset":true}` restores
 *   the settings only, not the payments;
 * - `/sandbox/requests` and `apiFaults` count Worldpay's API calls only (not the page, the control API or /health);
 * - the events `error`, `refundFailed` and `expired` are never sent (no outcome leads to them yet).
 */
export async function startPaymentSandbox(options: PaymentSandboxOptions): Promise<PaymentSandbox> {
  const host = options.host ?? "127.0.0.1";
  const credentials = `${options.username ?? "sandbox"}:${options.password ?? "sandbox"}`;
  const log = options.log ?? (() => {});
  const defaults: Settings = {
    settlement: "auto",
    delivery: "once",
    delayMs: 0,
    outOfOrder: false,
    apiFaults: { mode: "none", count: 0 },
    webhookUrl: options.webhookUrl ?? null,
  };
  let settings: Settings = structuredClone(defaults);
  const payments = new Map<string, Payment>(); // by transactionReference
  const byPageToken = new Map<string, Payment>();
  const byLinkToken = new Map<string, Payment>();
  const replies = new Map<string, Answer>(); // by Idempotency-Key
  const requests: RequestRecord[] = [];
  const sender = webhookSender({ secret: options.webhookSecret, retryDelayMs: options.retryDelayMs ?? 1000, log });
  let base = "";

  const token = () => randomBytes(18).toString("base64url");
  const pageUrl = (p: Payment) => `${base}/hpp/${p.pageToken}`;
  const paymentHref = (p: Payment) => `${base}/payments/events/${p.linkToken}`;
  const decided = (p: Payment) => p.state !== "open" && p.state !== "pending";
  const refunded = (p: Payment) => p.refunds.reduce((sum, r) => sum + r.amount, 0);

  function links(p: Payment): Record<string, { href: string }> {
    const href = (path: string) => ({ href: `${base}/payments/${path}/${p.linkToken}` });
    if (p.state === "Authorized")
      return { "payments:settle": href("settlements"), "payments:cancel": href("authorizations/cancellations") };
    if (!settledStates.includes(p.state) || refunded(p) >= p.amount) return {};
    return {
      ...(refunded(p) === 0 ? { "payments:refund": href("settlements/refunds/full") } : {}),
      "payments:partialRefund": href("settlements/refunds/partials"),
    };
  }

  /** Records the events and queues their delivery as the settings say now. */
  function emit(p: Payment, events: WorldpayEvent[]) {
    p.events.push(...events);
    deliver(p, events, settings.delivery === "twice" ? 2 : settings.delivery === "none" ? 0 : 1, settings.outOfOrder);
  }

  function deliver(p: Payment, events: WorldpayEvent[], copies: number, reversed: boolean) {
    if (copies === 0) {
      log(`webhook: ${events.map((e) => e.eventDetails.type).join(", ")} of ${p.transactionReference} not sent (none)`);
      return;
    }
    const { webhookUrl, delayMs } = settings;
    const ordered = reversed ? [...events].reverse() : events;
    const record = (attempt: DeliveryAttempt) => p.deliveries.push(attempt);
    p.queue = p.queue.then(() => sender.send(webhookUrl, ordered, { copies, delayMs, record }));
  }

  function event(p: Payment, type: WorldpayEvent["eventDetails"]["type"], amount = p.amount, reference?: string) {
    return worldpayEvent({
      transactionReference: p.transactionReference,
      type,
      amount,
      currency: p.currency,
      paymentHref: paymentHref(p),
      ...(reference ? { reference } : {}),
    });
  }

  /** What a button (or the control API) decides for an unfinished payment. */
  function decide(p: Payment, outcome: Outcome) {
    if (outcome === "pending") p.state = "pending";
    else if (outcome === "approve") {
      const auto = settings.settlement === "auto";
      p.state = auto ? "SentForSettlement" : "Authorized";
      emit(p, auto ? [event(p, "authorized"), event(p, "sentForSettlement")] : [event(p, "authorized")]);
    } else {
      p.state = "Refused";
      emit(p, [event(p, "refused")]);
    }
    log(`payment ${p.transactionReference}: ${outcome} → ${p.state}`);
  }

  // --- Worldpay's API -------------------------------------------------------------------------------------------

  function setUp(req: IncomingMessage, text: string): Answer {
    if (!accepts(req.headers.accept, PAGES_TYPE))
      return apiError(406, "headerHasInvalidValue", `Accept must be ${PAGES_TYPE}`);
    if (mediaType(req.headers["content-type"]) !== PAGES_TYPE)
      return apiError(400, "headerHasInvalidValue", `Content-Type must be ${PAGES_TYPE}`);
    const json = parseJson(text);
    if (!json) return apiError(400, "bodyIsNotJson", "The body is not JSON");
    if (!isObject(json.value)) return schemaError([]);
    const errors = setupErrors(json.value);
    if (errors.length > 0) return schemaError(errors);
    const body = json.value as {
      transactionReference: string;
      merchant: { entity: string };
      narrative: { line1: string };
      value: { currency: string; amount: number };
      description?: string;
      resultURLs?: Partial<Record<ResultUrl, string>>;
    };
    const existing = payments.get(body.transactionReference);
    if (existing && decided(existing))
      return apiError(400, "duplicateTransaction", "This transactionReference belongs to a finished payment");
    if (existing) return answer(200, { url: pageUrl(existing) });
    const resultURLs = Object.fromEntries(
      RESULT_URLS.flatMap((n) => (body.resultURLs?.[n] ? [[n, body.resultURLs[n]]] : [])),
    );
    const p: Payment = {
      transactionReference: body.transactionReference,
      entity: body.merchant.entity,
      narrative: body.narrative.line1,
      description: body.description ?? null,
      amount: body.value.amount,
      currency: body.value.currency,
      resultURLs,
      pageToken: token(),
      linkToken: token(),
      state: "open",
      refunds: [],
      events: [],
      deliveries: [],
      queue: Promise.resolve(),
    };
    payments.set(p.transactionReference, p);
    byPageToken.set(p.pageToken, p);
    byLinkToken.set(p.linkToken, p);
    return answer(200, { url: pageUrl(p) });
  }

  function view(p: Payment | undefined, entity?: string | null): Answer {
    if (!p || !decided(p) || (entity && entity !== p.entity))
      return apiError(404, "entityNotFound", "No payment was authorised or refused under this reference");
    const value = { amount: p.amount, currency: p.currency };
    return answer(200, { lastEvent: p.state, value, refundedAmount: refunded(p), _links: links(p) });
  }

  function query(req: IncomingMessage, url: URL, linkToken: string | null): Answer {
    if (!accepts(req.headers.accept, PAYMENTS_TYPE))
      return apiError(406, "headerHasInvalidValue", `Accept must be ${PAYMENTS_TYPE}`);
    if (linkToken) return view(byLinkToken.get(linkToken));
    const ref = url.searchParams.get("transactionRef");
    if (!ref) return apiError(400, "queryParameterIsMissing", "transactionRef is required");
    return view(payments.get(ref), url.searchParams.get("entity"));
  }

  type Action = "settle" | "cancel" | "refund" | "partialRefund";

  const notNow = (p: Payment, action: Action) =>
    apiError(409, "paymentStateConflict", `The payment is ${p.state}: ${action} is not possible now`);

  /** Settle, cancel or refund in full: each only while the payment's query offers its link. */
  function act(action: Exclude<Action, "partialRefund">, p: Payment): Answer {
    if (!(`payments:${action}` in links(p))) return notNow(p, action);
    if (action === "settle") {
      p.state = "SentForSettlement";
      emit(p, [event(p, "sentForSettlement")]);
    } else if (action === "cancel") {
      p.state = "SentForCancellation";
      emit(p, [event(p, "cancelled")]);
    } else {
      p.refunds.push({ amount: p.amount, reference: null });
      p.state = "SentForRefund";
      emit(p, [event(p, "sentForRefund")]);
    }
    log(`payment ${p.transactionReference}: ${action} → ${p.state}`);
    return answer(202, { _links: links(p) });
  }

  /** `{ value: { amount, currency }, reference }`: at most what is left to refund. */
  function refundPart(req: IncomingMessage, p: Payment, text: string): Answer {
    if (mediaType(req.headers["content-type"]) !== PAYMENTS_TYPE)
      return apiError(400, "headerHasInvalidValue", `Content-Type must be ${PAYMENTS_TYPE}`);
    const json = parseJson(text);
    if (!json) return apiError(400, "bodyIsNotJson", "The body is not JSON");
    const body = isObject(json.value) ? json.value : {};
    const value = isObject(body.value) ? body.value : {};
    const errors = fieldErrors([
      ["value.amount", value.amount, (v) => Number.isSafeInteger(v) && (v as number) > 0, "a whole number above 0"],
      ["value.currency", value.currency, (v) => v === p.currency, `the payment's currency, ${p.currency}`],
    ]);
    const reference = typeof body.reference === "string" ? body.reference : undefined;
    if (body.reference !== undefined && (reference === undefined || !REFERENCE.test(reference)))
      errors.push({
        errorName: "fieldHasInvalidValue",
        message: "reference must be 1 to 64 characters",
        jsonPath: "$.reference",
      });
    if (errors.length > 0) return schemaError(errors);
    if (!settledStates.includes(p.state)) return notNow(p, "partialRefund");
    const amount = value.amount as number;
    const left = p.amount - refunded(p);
    if (amount > left)
      return apiError(400, "refundAmountExceeded", `Only ${formatMoney(left, p.currency)} is left to refund`);
    p.refunds.push({ amount, reference: reference ?? null });
    p.state = "SentForRefund";
    emit(p, [event(p, "sentForRefund", amount, reference)]);
    log(`payment ${p.transactionReference}: partial refund of ${amount} → ${p.state}`);
    return answer(202, { _links: links(p) });
  }

  /** Routes Worldpay's API; null when the path is none of its. */
  function apiRoute(req: IncomingMessage, url: URL): ((text: string) => Answer) | null {
    const path = url.pathname;
    if (req.method === "POST" && path === "/payment_pages") return (text) => setUp(req, text);
    if (req.method === "GET" && path === "/payments/events") return () => query(req, url, null);
    const byLink = /^\/payments\/(.+)\/([\w-]+)$/.exec(path);
    if (!byLink) return null;
    const [, what = "", linkToken = ""] = byLink;
    if (req.method === "GET" && what === "events") return () => query(req, url, linkToken);
    const actions: Record<string, Action> = {
      settlements: "settle",
      "authorizations/cancellations": "cancel",
      "settlements/refunds/full": "refund",
      "settlements/refunds/partials": "partialRefund",
    };
    const action = actions[what];
    if (req.method !== "POST" || !action) return null;
    return (text) => {
      const p = byLinkToken.get(linkToken);
      if (!p) return apiError(404, "entityNotFound", "No payment behind this link");
      return action === "partialRefund" ? refundPart(req, p, text) : act(action, p);
    };
  }

  /** An API call: its faults, its credentials, its Idempotency-Key, then its answer. */
  async function callApi(req: IncomingMessage, res: ServerResponse, url: URL, route: (text: string) => Answer) {
    const text = await readBody(req);
    const key = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
    const record: RequestRecord = {
      at: new Date().toISOString(),
      method: req.method!,
      path: url.pathname + url.search,
      idempotencyKey: key,
      status: null,
    };
    requests.push(record);
    const send = (a: Answer) => {
      record.status = a.status;
      log(`${record.method} ${record.path} → ${a.status}${record.replayed ? " (replayed)" : ""}`);
      const type = url.pathname === "/payment_pages" ? PAGES_TYPE : PAYMENTS_TYPE;
      res
        .writeHead(a.status, { "Content-Type": a.status < 300 ? type : "application/json" })
        .end(JSON.stringify(a.body));
    };
    const fault = settings.apiFaults;
    if (fault.mode !== "none" && fault.count > 0) {
      fault.count -= 1;
      if (fault.mode === "500")
        return send(apiError(500, "internalErrorOccurred", "A fault the sandbox was told to make"));
      log(`${record.method} ${record.path} → no answer (timeout fault)`);
      return; // held open until the client gives up and closes the socket, or the sandbox closes
    }
    const given = (req.headers.authorization ?? "").match(/^Basic\s+(\S+)$/i)?.[1];
    if (!given || Buffer.from(given, "base64").toString("utf8") !== credentials) {
      res.setHeader("WWW-Authenticate", 'Basic realm="payment sandbox"');
      return send(apiError(401, "unauthorized", "Wrong or missing Basic credentials"));
    }
    if (text === null) return send(apiError(413, "bodyTooLarge", "The body is over 1 MB"));
    const isAction = req.method === "POST" && url.pathname.startsWith("/payments/");
    const replay = isAction && key !== null ? replies.get(key) : undefined;
    if (replay) {
      record.replayed = true;
      return send(replay);
    }
    const result = route(text);
    if (isAction && key !== null) replies.set(key, result);
    send(result);
  }

  // --- The hosted page ------------------------------------------------------------------------------------------

  async function hpp(req: IncomingMessage, res: ServerResponse, p: Payment | undefined) {
    const html = (status: number, outcome: PageOutcome) =>
      res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" }).end(hostedPage(outcome));
    if (!p) return html(404, { kind: "not-found" });
    const page = {
      narrative: p.narrative,
      description: p.description,
      reference: p.transactionReference,
      amount: formatMoney(p.amount, p.currency),
    };
    const finishedPage = (status: number) => html(status, { kind: "finished", ...page, state: p.state });
    if (req.method === "GET")
      return decided(p) ? finishedPage(200) : html(200, { kind: "choose", ...page, action: pageUrl(p) });
    const outcome = new URLSearchParams((await readBody(req)) ?? "").get("outcome");
    if (decided(p)) return finishedPage(409);
    if (outcome === "abandon") {
      log(`payment ${p.transactionReference}: abandon (the tab was closed)`);
      return html(200, { kind: "closed" });
    }
    if (outcome !== "approve" && outcome !== "decline" && outcome !== "fail-3ds" && outcome !== "pending")
      return html(400, { kind: "unknown-choice" });
    decide(p, outcome);
    const target = outcome === "approve" ? "successURL" : outcome === "pending" ? "pendingURL" : "failureURL";
    const location = p.resultURLs[target];
    if (location) return res.writeHead(303, { Location: location }).end();
    html(200, { kind: "no-way-back", ...page, state: p.state, missing: target });
  }

  // --- The sandbox's own control API ----------------------------------------------------------------------------

  function snapshot(p: Payment) {
    return {
      transactionReference: p.transactionReference,
      entity: p.entity,
      amount: p.amount,
      currency: p.currency,
      state: p.state,
      settled: p.events.some((e) => e.eventDetails.type === "sentForSettlement"),
      refundedAmount: refunded(p),
      refunds: p.refunds,
      events: p.events,
      deliveries: p.deliveries,
      pageUrl: pageUrl(p),
    };
  }

  function control(body: unknown): Answer {
    if (!isObject(body)) return schemaError([]);
    const next: Settings = structuredClone(body.reset === true ? defaults : settings); // all or nothing
    const errors: ValidationError[] = [];
    const bad = (field: string, rule: string) =>
      errors.push({ errorName: "fieldHasInvalidValue", message: `${field} must be ${rule}`, jsonPath: `$.${field}` });
    const oneOf = <T extends string>(field: string, value: unknown, values: readonly T[]): value is T =>
      values.includes(value as T) || (bad(field, values.join(" or ")), false);
    for (const [field, value] of Object.entries(body)) {
      if (field === "reset") continue;
      else if (field === "settlement") {
        if (oneOf(field, value, ["auto", "manual"] as const)) next.settlement = value;
      } else if (field === "delivery") {
        if (oneOf(field, value, ["once", "twice", "none"] as const)) next.delivery = value;
      } else if (field === "delayMs") {
        if (Number.isSafeInteger(value) && (value as number) >= 0) next.delayMs = value as number;
        else bad(field, "a whole number of ms, 0 or more");
      } else if (field === "outOfOrder") {
        if (typeof value === "boolean") next.outOfOrder = value;
        else bad(field, "true or false");
      } else if (field === "webhookUrl") {
        if (isHttpUrl(value)) next.webhookUrl = value as string;
        else bad(field, "an http(s) URL");
      } else if (field === "apiFaults") {
        const faults = isObject(value) ? value : {};
        const count = faults.count ?? (faults.mode === "none" ? 0 : 1);
        if (!oneOf("apiFaults.mode", faults.mode, ["none", "500", "timeout"] as const)) continue;
        if (!Number.isSafeInteger(count) || (count as number) < 0) bad("apiFaults.count", "a whole number, 0 or more");
        else next.apiFaults = { mode: faults.mode, count: count as number };
      } else bad(field, "one of reset, settlement, delivery, delayMs, outOfOrder, apiFaults, webhookUrl");
    }
    if (errors.length > 0) return schemaError(errors);
    settings = next;
    log(`control: ${JSON.stringify(settings)}`);
    return answer(200, settings);
  }

  function sandboxRoute(req: IncomingMessage, path: string, text: string): Answer {
    const json = () => parseJson(text)?.value;
    if (path === "/sandbox/control" && req.method === "POST") return control(json());
    if (path === "/sandbox/requests" && req.method === "GET") return answer(200, requests);
    if (path === "/sandbox/redeliver" && req.method === "POST") {
      const ref = (json() as { ref?: unknown } | undefined)?.ref;
      const p = typeof ref === "string" ? payments.get(ref) : undefined;
      if (!p) return apiError(404, "entityNotFound", "No payment under this ref");
      deliver(p, p.events, 1, false);
      return answer(202, { ref: p.transactionReference, events: p.events.length });
    }
    const match = /^\/sandbox\/payments\/([^/]+)(\/outcome)?$/.exec(path);
    const p = match ? payments.get(decodeURIComponent(match[1]!)) : undefined;
    if (match && !p) return apiError(404, "entityNotFound", "No payment under this ref");
    if (p && !match![2] && req.method === "GET") return answer(200, snapshot(p));
    if (p && match![2] && req.method === "POST") {
      const outcome = (json() as { outcome?: unknown } | undefined)?.outcome;
      if (outcome !== "approve" && outcome !== "decline" && outcome !== "fail-3ds" && outcome !== "pending")
        return schemaError([
          {
            errorName: "fieldHasInvalidValue",
            message: "outcome must be approve, decline, fail-3ds or pending",
            jsonPath: "$.outcome",
          },
        ]);
      if (decided(p)) return apiError(409, "paymentFinished", `The payment is already ${p.state}`);
      decide(p, outcome);
      return answer(200, snapshot(p));
    }
    return apiError(404, "resourceNotFound", `No sandbox route ${req.method} ${path}`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", base);
    const json = (a: Answer) =>
      res.writeHead(a.status, { "Content-Type": "application/json" }).end(JSON.stringify(a.body));
    if (url.pathname === "/health") return res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
    const route = apiRoute(req, url);
    if (route) return callApi(req, res, url, route);
    const page = /^\/hpp\/([\w-]+)$/.exec(url.pathname);
    if (page && (req.method === "GET" || req.method === "POST")) return hpp(req, res, byPageToken.get(page[1]!));
    if (url.pathname.startsWith("/sandbox/")) return json(sandboxRoute(req, url.pathname, (await readBody(req)) ?? ""));
    json(apiError(404, "resourceNotFound", `No route ${req.method} ${url.pathname}`));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(
        `error on ${req.method} ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ errorName: "internalErrorOccurred", message: "The sandbox failed" }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  base = `http://${shownHost}:${port}`;
  return {
    url: base,
    close: () =>
      new Promise<void>((resolve) => {
        sender.close();
        server.close(() => resolve());
        server.closeAllConnections(); // also the calls held open by a timeout fault
      }),
  };
}

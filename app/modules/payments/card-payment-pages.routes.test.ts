import { randomBytes } from "node:crypto";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { ShopContext } from "~/context";
import { describeEachDatabase } from "~/db/testing/test-database";
import { setItemStock } from "~/db/testing/variant-stock";
import { formatMoney } from "~/lib/money";
import { insertOrder, setOrderState } from "~/modules/admin/orders/testing/orders-fixture";
import { addToCart } from "~/modules/cart/cart.service.server";
import { addAddress, selectAddress } from "~/modules/checkout/addresses.service.server";
import { chooseShipping } from "~/modules/checkout/checkout.service.server";
import { ukAddress } from "~/modules/checkout/testing/address-fixture";
import * as accountOrder from "~/routes/account-order";
import * as payment from "~/routes/payment";
import * as paymentReturn from "~/routes/payment-return";
import { signUpConfirmed } from "~/testing/accounts";
import { cookieHeader, createTestContext } from "~/testing/test-context";
import { cardMessages } from "./card-payments";
import {
  applyProviderEvent,
  checkAttempt,
  recordManualRefund,
  requestCardRefund,
} from "./card-payments.service.server";
import {
  ProviderUnavailable,
  type CardPaymentProvider,
  type HostedPageRequest,
  type ProviderEvent,
  type ProviderStatus,
} from "./payment-provider.server";
import { paymentShop } from "./providers.server";
import type * as providersModule from "./providers.server";

// Issue 61, the shopper's side: 'Pay by card' on the payment step and on an unpaid order, the page the provider sends
// the shopper back to, and the refunds on the order page. The provider is a fake whose answers each test sets: the
// routes find it where they find the real one (cardProviderFor), and null is a shop with manual payments only.

const providers = vi.hoisted(() => ({ current: null as unknown }));
vi.mock("~/modules/payments/providers.server", async (original) => ({
  ...(await original<typeof providersModule>()),
  cardProviderFor: () => providers.current,
}));

type FakeProvider = CardPaymentProvider & {
  pages: HostedPageRequest[];
  statuses: Map<string, ProviderStatus>;
  down: boolean;
};

function fakeProvider(): FakeProvider {
  const fake: FakeProvider = {
    name: "worldpay",
    test: true,
    pages: [],
    statuses: new Map(),
    down: false,
    async createHostedPage(request) {
      if (fake.down) throw new ProviderUnavailable("503 from the provider");
      fake.pages.push(request);
      return { url: `https://pay.example/hpp/${request.reference}` };
    },
    async status(reference) {
      if (fake.down) throw new ProviderUnavailable("503 from the provider");
      return fake.statuses.get(reference) ?? { found: false };
    },
    async settle() {},
    async cancel() {},
    async refund() {},
    verifyWebhook: () => true,
    readWebhook: () => null,
  };
  return fake;
}

/** What a loader or action answered: a redirect, a page's data, or a refusal's status. */
type Answer = { status: number; location: string | null; data: unknown };
function answerOf(result: unknown): Answer {
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get("location"), data: null };
  const wrapped = result as { type?: string; data?: unknown; init?: { status?: number } | null };
  if (wrapped?.type === "DataWithResponseInit")
    return { status: wrapped.init?.status ?? 200, location: null, data: wrapped.data };
  return { status: 200, location: null, data: result };
}
async function run(call: () => Promise<unknown>): Promise<Answer> {
  try {
    return answerOf(await call());
  } catch (thrown) {
    return answerOf(thrown);
  }
}

/** A page as a person reads it: its markup, and its text without tags. */
function render(Component: ComponentType<never>, loaderData: unknown, actionData?: unknown) {
  const Stub = createRoutesStub([{ id: "page", path: "/", Component: Component as ComponentType }]);
  const html = renderToStaticMarkup(
    createElement(Stub, {
      hydrationData: { loaderData: { page: loaderData }, ...(actionData ? { actionData: { page: actionData } } : {}) },
    }),
  );
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
  return { html, text };
}
const headings = (html: string) => [...html.matchAll(/<h1[^>]*>(.*?)<\/h1>/g)].map((m) => m[1]);
const alerts = (html: string) =>
  [...html.matchAll(/role="alert"[^>]*>(.*?)<\/p>/g)].map((m) => m[1]!.replace(/&#x27;/g, "'"));
const buttons = (html: string) =>
  [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, ""));
const links = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map((m) => ({ href: m[1]!, text: m[2]! }));

describeEachDatabase(
  "card payments, the shopper's pages",
  (testDb) => {
    let context: (ip?: string) => ShopContext;
    let fake: FakeProvider;
    let flavour: { id: string; size: number };
    let customers = 0;

    /** A new signed-in adult customer: their cookie and id. */
    async function customer(): Promise<{ cookie: string; id: string }> {
      const email = `card-buyer-${++customers}@example.com`;
      const signedUp = await signUpConfirmed(context(`192.0.2.${120 + customers}`), {
        firstName: "Cara",
        lastName: "Card",
        email,
        password: "card buyer password 1",
        dateOfBirth: "1990-01-01",
        terms: "on",
      });
      if (!signedUp.ok) throw new Error("sign-up failed");
      const user = await testDb()
        .db.selectFrom("user")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      return { cookie: cookieHeader(signedUp.headers), id: user.id };
    }

    /** A customer at the payment step: a cart, an address and free shipping chosen. */
    async function readyToPay(): Promise<{ cookie: string; id: string }> {
      const who = await customer();
      const { db } = testDb();
      expect(
        await addToCart(db, who.id, {
          kind: "flavour",
          itemId: flavour.id,
          flavour: "",
          nicotineStrength: flavour.size,
          puffCount: null,
          quantity: 1,
        }),
      ).toEqual({ ok: true });
      const address = await addAddress(db, who.id, ukAddress({ phone: "07700900111", line1: "1 Card Street" }));
      await selectAddress(db, who.id, address.id);
      expect(await chooseShipping(db, who.id, "free", null)).toEqual({ ok: true });
      return who;
    }

    const post = (path: string, cookie: string, form: Record<string, string>) =>
      new Request(`http://shop.test${path}`, {
        method: "POST",
        headers: { cookie, origin: "http://shop.test", "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form),
      });
    const get = (path: string, cookie = "") =>
      new Request(`http://shop.test${path}`, { headers: cookie ? { cookie } : {} });
    const key = () => randomBytes(18).toString("base64url");

    const ordersOf = (userId: string) =>
      testDb().db.selectFrom("orders").select(["id", "payment_status"]).where("user_id", "=", userId).execute();
    const attemptsOf = (orderId: string) =>
      testDb()
        .db.selectFrom("payment_attempts")
        .select(["id", "reference", "state", "hosted_url"])
        .where("order_id", "=", orderId)
        .orderBy("created_at")
        .orderBy("reference")
        .execute();

    const payStep = (cookie: string, form: Record<string, string>) =>
      run(() => payment.action({ request: post("/payment", cookie, form), context: context(), params: {} } as never));
    const returnPage = (cookie: string, search: string) =>
      run(() =>
        paymentReturn.loader({
          request: get(`/payment/return?${search}`, cookie),
          context: context(),
          params: {},
        } as never),
      );
    const orderPage = (cookie: string, id: string) =>
      run(() =>
        accountOrder.loader({
          request: get(`/account/orders/${id}`, cookie),
          context: context(),
          params: { id },
        } as never),
      );
    const orderAction = (cookie: string, id: string, form: Record<string, string>) =>
      run(() =>
        accountOrder.action({
          request: post(`/account/orders/${id}`, cookie, form),
          context: context(),
          params: { id },
        } as never),
      );

    /** An unpaid order of the customer's, and its first card attempt started from the order page. */
    async function orderWithAttempt(who: { cookie: string; id: string }) {
      const orderId = await insertOrder(testDb().db, { userId: who.id, totalCents: 2599 });
      const started = await orderAction(who.cookie, orderId, { intent: "pay-card" });
      expect(started.status).toBe(303);
      const [attempt] = await attemptsOf(orderId);
      return { orderId, reference: attempt!.reference, attemptId: attempt!.id };
    }
    const event = (reference: string, kind: ProviderEvent["kind"], type: string): ProviderEvent => ({
      eventId: `evt-${randomBytes(6).toString("hex")}`,
      reference,
      kind,
      type,
      amountCents: 2599,
      currency: "GBP",
      refundReference: null,
    });
    const shop = () => paymentShop(context().config);

    beforeAll(async () => {
      context = await createTestContext(testDb());
      const row = await testDb()
        .db.selectFrom("flavours")
        .select(["id", "sizes"])
        .where("archived", "=", 0)
        .orderBy("slug")
        .executeTakeFirstOrThrow();
      await setItemStock(testDb().db, "flavour", row.id, 100);
      flavour = { id: row.id, size: (JSON.parse(row.sizes) as number[])[0]! };
    });
    beforeEach(() => {
      fake = fakeProvider();
      providers.current = fake;
    });

    describe("the payment step", () => {
      it("offers 'Pay by card' beside 'Order via WhatsApp', saying first that a new customer's age is checked", async () => {
        const who = await readyToPay();
        const page = await run(() =>
          payment.loader({ request: get("/payment", who.cookie), context: context(), params: {} } as never),
        );
        expect(page.data).toMatchObject({ card: { test: true } });
        const { html, text } = render(payment.default as never, page.data);
        expect(buttons(html)).toEqual([cardMessages.whatsappButton, cardMessages.payButton]);
        const cardButton = /<button[^>]*>Pay by card<\/button>/.exec(html)![0];
        expect(cardButton).toContain('name="intent"');
        expect(cardButton).toContain('value="card"');
        // How paying works is said for both ways, not only WhatsApp's 'nothing is taken'.
        expect(text).toContain(cardMessages.paymentArrangement);
        expect(text).toContain(cardMessages.testBanner);
        // Told before the buttons.
        expect(text).toContain(cardMessages.ageNote);
        expect(html.indexOf('id="card-age-note"')).toBeLessThan(html.indexOf("<button"));
      });

      it("with manual payments only, offers no card and refuses a card order without placing it", async () => {
        providers.current = null;
        const who = await readyToPay();
        const page = await run(() =>
          payment.loader({ request: get("/payment", who.cookie), context: context(), params: {} } as never),
        );
        expect(page.data).toMatchObject({ card: null });
        const { html, text } = render(payment.default as never, page.data);
        expect(buttons(html)).toEqual([cardMessages.whatsappButton]);
        expect(text).not.toContain(cardMessages.ageNote);
        const answer = await payStep(who.cookie, { idempotencyKey: key(), intent: "card" });
        expect(answer).toMatchObject({ status: 409, data: { message: cardMessages.cardUnavailable } });
        expect(await ordersOf(who.id)).toEqual([]);
      });

      it("'Pay by card' places one order and sends the shopper to the provider's page for its total", async () => {
        const who = await readyToPay();
        const idempotencyKey = key();
        const answer = await payStep(who.cookie, { idempotencyKey, intent: "card" });
        const orders = await ordersOf(who.id);
        expect(orders).toHaveLength(1);
        const orderId = orders[0]!.id;
        const attempts = await attemptsOf(orderId);
        expect(attempts).toEqual([
          {
            id: expect.any(String),
            reference: `${orderId}-1`,
            state: "created",
            hosted_url: `https://pay.example/hpp/${orderId}-1`,
          },
        ]);
        expect(answer).toMatchObject({ status: 303, location: `https://pay.example/hpp/${orderId}-1` });
        const total = await testDb()
          .db.selectFrom("orders")
          .select("total_cents")
          .where("id", "=", orderId)
          .executeTakeFirstOrThrow();
        expect(fake.pages).toEqual([
          expect.objectContaining({
            reference: `${orderId}-1`,
            amountCents: Number(total.total_cents),
            currency: "GBP",
            returnUrl: `http://shop.test/payment/return?ref=${orderId}-1`,
          }),
        ]);
        // The same form sent again (a double click, the back button): still one order, and to a payment page.
        const again = await payStep(who.cookie, { idempotencyKey, intent: "card" });
        expect(again.status).toBe(303);
        expect(again.location).toMatch(/^https:\/\/pay\.example\/hpp\//);
        expect(await ordersOf(who.id)).toHaveLength(1);
      });

      it("'Order via WhatsApp' still places the order and goes to /success, with no card attempt", async () => {
        const who = await readyToPay();
        const answer = await payStep(who.cookie, { idempotencyKey: key(), intent: "whatsapp" });
        const [order] = await ordersOf(who.id);
        expect(answer).toMatchObject({ status: 302, location: `/success?order=${order!.id}` });
        expect(await attemptsOf(order!.id)).toEqual([]);
        expect(fake.pages).toEqual([]);
      });

      it("the provider down: the order is kept and the return page says the payment page did not open", async () => {
        const who = await readyToPay();
        fake.down = true;
        const answer = await payStep(who.cookie, { idempotencyKey: key(), intent: "card" });
        const orders = await ordersOf(who.id);
        expect(orders).toEqual([{ id: expect.any(String), payment_status: "pending" }]);
        const orderId = orders[0]!.id;
        expect(answer).toMatchObject({ status: 303, location: `/payment/return?order=${orderId}&result=error` });
        expect((await attemptsOf(orderId)).map((a) => a.state)).toEqual(["error"]);

        const page = await returnPage(who.cookie, `order=${orderId}&result=error`);
        expect(page.status).toBe(200);
        const { html } = render(paymentReturn.default as never, page.data);
        expect(headings(html)).toEqual([cardMessages.providerDownTitle]);
        expect(alerts(html)).toEqual([cardMessages.providerDown]);
        expect(links(html)).toContainEqual({ href: `/account/orders/${orderId}`, text: cardMessages.viewOrder });
      });
    });

    describe("the return page", () => {
      it("says 'being confirmed' when the provider knows nothing yet, whatever the return address claims", async () => {
        const who = await customer();
        const { orderId, reference } = await orderWithAttempt(who);
        const page = await returnPage(who.cookie, `ref=${reference}&result=success`);
        expect(page.data).toMatchObject({ orderId, outcome: "pending" });
        const { html, text } = render(paymentReturn.default as never, page.data);
        expect(headings(html)).toEqual([cardMessages.returnTitle.pending]);
        expect(text).toContain(cardMessages.returnText.pending(orderId));
        expect(buttons(html)).toEqual([]);
        expect(links(html)).toContainEqual({ href: `/account/orders/${orderId}`, text: cardMessages.viewOrder });
        // The return proved nothing: the order is not paid, the attempt waits.
        expect(await ordersOf(who.id)).toEqual([{ id: orderId, payment_status: "pending" }]);
        expect((await attemptsOf(orderId)).map((a) => a.state)).toEqual(["pending"]);
      });

      it("says 'Payment received' with the total once the provider's event took the money", async () => {
        const who = await customer();
        const { orderId, reference } = await orderWithAttempt(who);
        expect(
          await applyProviderEvent(
            testDb().db,
            fake,
            shop(),
            event(reference, "captured", "sentForSettlement"),
            "webhook",
          ),
        ).toBe("applied");
        const page = await returnPage(who.cookie, `ref=${reference}&result=success`);
        const { html, text } = render(paymentReturn.default as never, page.data);
        expect(headings(html)).toEqual([cardMessages.returnTitle.paid]);
        expect(text).toContain(cardMessages.returnText.paid(orderId, formatMoney(2599, "GBP")));
        expect(alerts(html)).toEqual([]);
        expect(buttons(html)).toEqual([]);
        expect(await ordersOf(who.id)).toEqual([{ id: orderId, payment_status: "paid" }]);
      });

      it("says the payment did not go through when the provider refused it, and offers the card again or WhatsApp", async () => {
        const who = await customer();
        const { orderId, reference } = await orderWithAttempt(who);
        fake.statuses.set(reference, {
          found: true,
          state: "refused",
          amountCents: 2599,
          currency: "GBP",
          refundedCents: 0,
          links: {},
        });
        // The address says 'success': the provider's own answer decides.
        const page = await returnPage(who.cookie, `ref=${reference}&result=success`);
        expect(page.data).toMatchObject({ outcome: "declined" });
        const { html } = render(paymentReturn.default as never, page.data);
        expect(headings(html)).toEqual([cardMessages.returnTitle.declined]);
        expect(alerts(html)).toEqual([cardMessages.returnText.declined(orderId)]);
        expect(buttons(html)).toEqual([cardMessages.tryAgain]);
        expect(html).toMatch(/<input type="hidden" name="intent" value="retry"\/>/);
        const whatsapp = links(html).find((l) => l.text === cardMessages.whatsappButton);
        expect(whatsapp?.href).toMatch(/^https:\/\/wa\.me\/.+text=.*/);
        expect(links(html)).toContainEqual({ href: `/account/orders/${orderId}`, text: cardMessages.viewOrder });

        // 'Try the card again': a new attempt for the same order, and off to its page.
        const retried = await run(() =>
          paymentReturn.action({
            request: post(`/payment/return?ref=${reference}`, who.cookie, { intent: "retry", order: orderId }),
            context: context(),
            params: {},
          } as never),
        );
        expect(retried).toMatchObject({ status: 303, location: `https://pay.example/hpp/${orderId}-2` });
        expect((await attemptsOf(orderId)).map((a) => [a.reference, a.state])).toEqual([
          [reference, "refused"],
          [`${orderId}-2`, "created"],
        ]);
      });

      it("says the payment was not finished when it was given up, with the same two choices", async () => {
        const who = await customer();
        const { orderId, reference, attemptId } = await orderWithAttempt(who);
        const later = new Date(Date.now() + 2 * 60 * 60_000);
        expect(await checkAttempt(testDb().db, fake, shop(), attemptId, -1, later)).toBe("abandoned");
        const page = await returnPage(who.cookie, `ref=${reference}`);
        const { html } = render(paymentReturn.default as never, page.data);
        expect(headings(html)).toEqual([cardMessages.returnTitle.abandoned]);
        expect(alerts(html)).toEqual([cardMessages.returnText.abandoned(orderId)]);
        expect(buttons(html)).toEqual([cardMessages.tryAgain]);
        expect(links(html).map((l) => l.text)).toEqual([cardMessages.whatsappButton, cardMessages.viewOrder]);
      });

      it("is a 404 for another customer's payment or an unknown one, and asks a visitor to sign in", async () => {
        const owner = await customer();
        const other = await customer();
        const { reference } = await orderWithAttempt(owner);
        expect((await returnPage(other.cookie, `ref=${reference}`)).status).toBe(404);
        expect((await returnPage(other.cookie, "ref=NOPE1234-1")).status).toBe(404);
        expect((await returnPage(other.cookie, "")).status).toBe(404);
        const [ownerOrder] = await ordersOf(owner.id);
        expect((await returnPage(other.cookie, `order=${ownerOrder!.id}&result=error`)).status).toBe(404);
        // Another customer's look changed nothing of the owner's attempt.
        expect((await attemptsOf(ownerOrder!.id)).map((a) => a.state)).toEqual(["created"]);
        const visitor = await returnPage("", `ref=${reference}`);
        expect(visitor.status).toBe(302);
        expect(visitor.location).toBe(`/signin?redirectTo=${encodeURIComponent(`/payment/return?ref=${reference}`)}`);
      });
    });

    describe("the customer's order page", () => {
      it("offers 'Pay by card' on an unpaid order and sends the customer to the provider's page", async () => {
        const who = await customer();
        const orderId = await insertOrder(testDb().db, { userId: who.id, totalCents: 2599 });
        const page = await orderPage(who.cookie, orderId);
        expect(page.data).toMatchObject({ card: { test: true }, refunds: [] });
        const { html, text } = render(accountOrder.default as never, page.data);
        expect(buttons(html)).toContain(cardMessages.payButton);
        expect(text).toContain(cardMessages.ageNote);
        expect(text).not.toContain(cardMessages.refundsTitle);

        const answer = await orderAction(who.cookie, orderId, { intent: "pay-card" });
        expect(answer).toMatchObject({ status: 303, location: `https://pay.example/hpp/${orderId}-1` });
        expect(await attemptsOf(orderId)).toHaveLength(1);
      });

      it("says so in the page's alert when the provider is down", async () => {
        const who = await customer();
        const orderId = await insertOrder(testDb().db, { userId: who.id });
        fake.down = true;
        const answer = await orderAction(who.cookie, orderId, { intent: "pay-card" });
        expect(answer).toMatchObject({ status: 503, data: { message: cardMessages.providerDown } });
        const page = await orderPage(who.cookie, orderId);
        const { html } = render(accountOrder.default as never, page.data, answer.data);
        expect(alerts(html)).toContain(cardMessages.providerDown);
      });

      it("offers no card for a paid, cancelled or dispatched order, nor with manual payments only", async () => {
        const who = await customer();
        const { db } = testDb();
        const paid = await insertOrder(db, { userId: who.id, paymentStatus: "paid", status: "confirmed" });
        const cancelled = await insertOrder(db, { userId: who.id, status: "cancelled" });
        const sent = await insertOrder(db, { userId: who.id });
        await setOrderState(db, sent, { status: "dispatched" });
        for (const id of [paid, cancelled, sent]) {
          const page = await orderPage(who.cookie, id);
          expect(page.data).toMatchObject({ card: null });
          expect(buttons(render(accountOrder.default as never, page.data).html)).not.toContain(cardMessages.payButton);
        }
        const refused = await orderAction(who.cookie, paid, { intent: "pay-card" });
        expect(refused).toMatchObject({ status: 409, data: { message: cardMessages.notPayable } });
        providers.current = null;
        const unpaid = await insertOrder(db, { userId: who.id });
        expect((await orderPage(who.cookie, unpaid)).data).toMatchObject({ card: null });
      });

      it("lists the order's refunds: when, how much, where each stands and how it comes back", async () => {
        const who = await customer();
        const { db } = testDb();
        const { orderId, reference } = await orderWithAttempt(who);
        await applyProviderEvent(db, fake, shop(), event(reference, "captured", "sentForSettlement"), "webhook");
        const staffActor = { kind: "staff" as const, id: null, name: "Sam Staff" };
        const card = await requestCardRefund(db, {
          orderId,
          amount: "5.00",
          reason: "One item returned",
          idempotencyKey: key(),
          actor: staffActor,
        });
        expect(card.ok).toBe(true);
        await recordManualRefund(db, {
          orderId,
          amountCents: 300,
          currency: "GBP",
          method: "bank-transfer",
          reference: "BACS-R1",
          reason: "Delivery refunded",
          actor: staffActor,
          now: new Date(Date.now() + 1000),
        });
        const page = await orderPage(who.cookie, orderId);
        expect(page.data).toMatchObject({
          card: null,
          refunds: [
            { amount: formatMoney(500, "GBP"), state: "Being sent", how: cardMessages.refundToCard },
            { amount: formatMoney(300, "GBP"), state: "Refunded", how: "Bank transfer" },
          ],
        });
        const { html, text } = render(accountOrder.default as never, page.data);
        expect(html).toMatch(/<h2 id="refunds-title"[^>]*>Refunds<\/h2>/);
        expect(text).toMatch(/£5\.00 Being sent To your card/);
        expect(text).toMatch(/£3\.00 Refunded Bank transfer/);
        expect(headings(html)).toEqual([`Order ${orderId}`]);
        // Staff names stay in the back office.
        expect(text).not.toContain("Sam Staff");
      });
    });
  },
  { seed: true },
);

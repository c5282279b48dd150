import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import type { ShopContext } from "~/context";
import type { Db } from "~/db/database.server";
import type { OrderStatus, PaymentMethod, PaymentStatus, RefundState } from "~/db/values";
import { describeEachDatabase } from "~/db/testing/test-database";
import ReportsPage, { loader as pageLoader } from "~/routes/admin/reports";
import { loader as reportsCsvLoader } from "~/routes/admin/reports-csv";
import { loader as ordersCsvLoader } from "~/routes/admin/orders-csv";
import { provedSecondFactor, signUpConfirmed } from "~/testing/accounts";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import { answerOf } from "~/testing/route-answer";
import { loadDashboard } from "~/modules/admin/dashboard/dashboard.service.server";
import { staff as owner } from "~/modules/admin/orders/testing/orders-fixture";
import { reportMessages, resolvePeriod, vatPeriodsOf } from "./reports";
import { loadReport } from "./reports.service.server";

/** The page as a person reads it: its markup, and its text without tags. */
function render(loaderData: unknown, path: string) {
  const Stub = createRoutesStub([{ id: "page", path: "/admin/reports", Component: ReportsPage as ComponentType }]);
  const html = renderToStaticMarkup(
    createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { page: loaderData } } }),
  )
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
  return { html, text: html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ") };
}

describe("report periods", () => {
  it("names this and last month and quarter, calendar or staggered, and checks dates chosen", () => {
    const p = (values: Partial<{ period: string; from: string; to: string }>, first: 1 | 2 | 3 = 1) =>
      resolvePeriod({ period: "", from: "", to: "", ...values }, "2026-11-29", first);
    expect(p({})).toEqual({ ok: true, value: { period: "this-month", from: "2026-11-01", to: "2026-11-30" } });
    expect(p({ period: "last-month" })).toMatchObject({ value: { from: "2026-10-01", to: "2026-10-31" } });
    expect(p({ period: "this-quarter" })).toMatchObject({ value: { from: "2026-10-01", to: "2026-12-31" } });
    expect(p({ period: "last-quarter" })).toMatchObject({ value: { from: "2026-07-01", to: "2026-09-30" } });
    // HMRC's stagger 2 (quarters ending April, July, October, January) and 3 (May, August, November, February).
    expect(p({ period: "this-quarter" }, 2)).toMatchObject({ value: { from: "2026-11-01", to: "2027-01-31" } });
    expect(p({ period: "last-quarter" }, 3)).toMatchObject({ value: { from: "2026-06-01", to: "2026-08-31" } });
    expect(resolvePeriod({ period: "last-month", from: "", to: "" }, "2026-01-15")).toMatchObject({
      value: { from: "2025-12-01", to: "2025-12-31" },
    });
    expect(p({ period: "dates", from: "2026-02-01", to: "2026-01-31" })).toMatchObject({
      ok: false,
      fieldErrors: { to: reportMessages.endsBeforeStart },
    });
    expect(p({ period: "dates", from: "2020-01-01", to: "2025-01-01" })).toMatchObject({
      ok: false,
      fieldErrors: { to: reportMessages.tooLong },
    });
    expect(p({ period: "dates", from: "2020-01-01", to: "2024-12-31" }).ok).toBe(true);
    expect(p({ period: "dates", from: "2026-02-30", to: "soon" })).toMatchObject({
      ok: false,
      fieldErrors: { from: reportMessages.dateShape, to: reportMessages.dateShape },
    });
    expect(p({ period: "next-year" })).toMatchObject({
      ok: false,
      code: "invalid",
      fieldErrors: { period: reportMessages.periodShape },
    });
    expect(vatPeriodsOf("2026-02-15", "2026-07-10")).toEqual([
      { from: "2026-02-15", to: "2026-03-31" },
      { from: "2026-04-01", to: "2026-06-30" },
      { from: "2026-07-01", to: "2026-07-10" },
    ]);
  });
});

const now = new Date("2026-11-29T12:00:00Z");

async function order(
  db: Db,
  id: string,
  o: {
    at: string;
    total: number;
    vat: number;
    shipping?: number;
    units?: number[];
    status?: OrderStatus;
    payment?: PaymentStatus;
    method?: PaymentMethod;
  },
) {
  await db
    .insertInto("orders")
    .values({
      id,
      user_id: "rep-customer",
      idempotency_key: `key-${id}-aaaaaaaaaa`,
      status: o.status ?? "confirmed",
      payment_status: o.payment ?? (o.method ? "paid" : "pending"),
      address_title: "Home",
      address_type: "HOME",
      address_recipient: "Sam Taylor",
      address_line1: "12 High Street",
      address_line2: "",
      address_town: "Leeds",
      address_postcode: "LS1 1AA",
      address_phone: "07700 900111",
      shipping_method: "free",
      delivery_date: "2026-11-16",
      shipping_cents: o.shipping ?? 0,
      subtotal_cents: o.total - (o.shipping ?? 0),
      tax_cents: o.vat,
      total_cents: o.total,
      created_at: o.at,
      updated_at: o.at,
    })
    .execute();
  for (const [position, quantity] of (o.units ?? [1]).entries())
    await db
      .insertInto("order_lines")
      .values({
        order_id: id,
        position,
        kind: "flavour",
        item_id: "f1",
        name: "Blue Razz",
        image: null,
        flavour: "Blue Razz",
        nicotine_strength: 10,
        puff_count: null,
        unit_price_cents: 100,
        quantity,
        line_total_cents: 100 * quantity,
      })
      .execute();
  if (o.method)
    await db
      .insertInto("order_payments")
      .values({
        order_id: id,
        method: o.method,
        reference: `ref-${id}`,
        amount_cents: o.total,
        currency: "GBP",
        recorded_at: o.at,
        recorded_by_id: null,
        recorded_by_name: "Sam",
      })
      .execute();
}

async function refund(db: Db, orderId: string, cents: number, at: string, method: PaymentMethod, state: RefundState) {
  await db
    .insertInto("refunds")
    .values({
      id: `rf-${orderId}-${cents}-${state}`,
      order_id: orderId,
      attempt_id: null,
      amount_cents: cents,
      currency: "GBP",
      state,
      method,
      reference: "RF-1",
      idempotency_key: `idem-${orderId}-${cents}-${state}`,
      reason: "test",
      requested_by_id: null,
      requested_by_name: "Sam",
      error: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

describeEachDatabase("the Reports page, its CSVs and the orders CSV", (testDb) => {
  let context: () => ShopContext;
  let ownerCookie = "";
  let packerCookie = "";
  const args = (cookie: string, path: string) =>
    ({ request: requestWith(cookie, `http://shop.test${path}`), context: context(), params: {} }) as never;

  beforeAll(async () => {
    const { db } = testDb();
    const make = await createTestContext(testDb());
    context = () => make("198.51.100.7");
    const signUp = async (email: string, roles: string) => {
      const values = { firstName: "Kim", lastName: "Lee", email, password: "correct horse battery" };
      const result = await signUpConfirmed(make(), { ...values, dateOfBirth: "1990-05-05", terms: "on" });
      if (!result.ok) throw new Error(`sign-up failed: ${result.message}`);
      await db.updateTable("user").set({ role: "staff", staffRoles: roles }).where("email", "=", email).execute();
      return provedSecondFactor(db, cookieHeader(result.headers));
    };
    ownerCookie = await signUp("olive-reports@example.com", "owner");
    packerCookie = await signUp("pat-reports@example.com", "packer");
    const stamp = now.toISOString();
    await db
      .insertInto("user")
      .values({
        id: "rep-customer",
        name: "=Rex Report",
        email: "rex@example.com",
        emailVerified: 0,
        createdAt: stamp,
        updatedAt: stamp,
        role: "customer",
      })
      .execute();
    // A: £43.47 (£4.99 shipping, VAT £7.25, 3 items) by bank transfer on 3 Nov; £10.00 back on 10 Nov, recorded by
    // hand (a refunds row and, as the order's step writes it, the note on the payment: counted once).
    await order(db, "REPA0001", {
      at: "2026-11-03T10:00:00.000Z",
      total: 4347,
      vat: 725,
      shipping: 499,
      units: [2, 1],
      method: "bank-transfer",
    });
    await refund(db, "REPA0001", 1000, "2026-11-10T09:00:00.000Z", "bank-transfer", "confirmed");
    await db
      .updateTable("order_payments")
      .set({ refunded_cents: 1000, refunded_at: "2026-11-10T09:00:00.000Z" })
      .where("order_id", "=", "REPA0001")
      .execute();
    // B: £20.00 (VAT £3.33), cash, on 5 Nov late in the evening; a failed refund of £7.00 counts for nothing.
    await order(db, "REPB0002", { at: "2026-11-05T23:30:00.000Z", total: 2000, vat: 333, method: "cash-on-collection" });
    await refund(db, "REPB0002", 700, "2026-11-12T09:00:00.000Z", "cash-on-collection", "failed");
    // C: cancelled with no money taken: not a sale.
    await order(db, "REPC0003", { at: "2026-11-06T10:00:00.000Z", total: 5000, vat: 833, status: "cancelled" });
    // D: £30.00 (VAT £5.00) by card in October, refunded in full to the card on 12 Nov.
    await order(db, "REPD0004", { at: "2026-10-20T10:00:00.000Z", total: 3000, vat: 500, method: "card-online" });
    await refund(db, "REPD0004", 3000, "2026-11-12T15:00:00.000Z", "card-online", "sent");
    // E: 31 Oct 23:30 UTC is 31 Oct in London (GMT): October's.
    await order(db, "REPE0005", { at: "2026-10-31T23:30:00.000Z", total: 1200, vat: 200, method: "card-link" });
  });

  it("adds up the month as a hand calculation does: sales by the day placed, refunds by the day made", async () => {
    const { db } = testDb();
    const answer = await loadReport(db, owner, { period: "this-month", from: "", to: "" }, { now });
    if (!answer.ok) throw new Error("refused");
    // Sales A + B = 43.47 + 20.00; VAT 7.25 + 3.33. Refunds 10.00 (VAT round(1000 × 725 / 4347) = 1.67) + 30.00
    // (VAT 5.00). Net 63.47 − 40.00 = 23.47; VAT 10.58 − 6.67 = 3.91.
    expect(answer.report.totals).toEqual({
      orders: 2,
      items: 4,
      salesCents: 6347,
      vatCents: 1058,
      shippingCents: 499,
      refundsCents: 4000,
      refundVatCents: 667,
      netSalesCents: 2347,
      netVatCents: 391,
    });
    expect(answer.report.methods.map((m) => [m.label, m.orders, m.salesCents, m.refundsCents, m.netVatCents])).toEqual([
      ["Bank transfer", 1, 4347, 1000, 558],
      ["Cash on collection", 1, 2000, 0, 333],
      ["Card (paid online)", 0, 0, 3000, -500],
    ]);
    const day = (d: string) => answer.report.days.find((x) => x.day === d)!;
    expect(answer.report.days).toHaveLength(30);
    expect(day("2026-11-03").netSalesCents).toBe(4347);
    expect(day("2026-11-05").salesCents).toBe(2000);
    expect(day("2026-11-10").refundsCents).toBe(1000);
    expect(day("2026-11-12")).toMatchObject({ refundsCents: 3000, netSalesCents: -3000 });
  });

  it("shows the page with the figures, the chart and the CSV links", async () => {
    const path = "/admin/reports?period=dates&from=2026-11-01&to=2026-11-30";
    const answer = await answerOf(() => pageLoader(args(ownerCookie, path)));
    expect(answer.status).toBe(200);
    const { html, text } = render(answer.body, path);
    expect(html).toMatch(/<h1[^>]*>Reports<\/h1>/);
    for (const label of ["Period", "From", "To"]) expect(html).toMatch(new RegExp(`<label [^>]*>${label}</label>`));
    expect(text).toContain("Net sales (after refunds) £23.47");
    expect(text).toContain("Net VAT (after refunds) £3.91");
    expect(html).toMatch(/<svg [^>]*role="img"/);
    expect(text).toContain("Net sales per day, Sun 1 Nov 2026 to Mon 30 Nov 2026");
    expect(html).toContain('href="/admin/reports.csv?kind=daily&period=dates&from=2026-11-01&to=2026-11-30"');
  });

  it("downloads the daily CSV and the VAT summary with the same figures, and records each download", async () => {
    const { db } = testDb();
    const daily = await answerOf(() =>
      reportsCsvLoader(args(ownerCookie, "/admin/reports.csv?kind=daily&period=dates&from=2026-11-01&to=2026-11-30")),
    );
    expect(daily.status).toBe(200);
    expect(daily.response!.headers.get("content-disposition")).toBe(
      'attachment; filename="sales-by-day-2026-11-01-to-2026-11-30.csv"',
    );
    const lines = (await daily.response!.text()).trim().split("\r\n");
    expect(lines[0]).toBe(
      "Date,Orders,Items sold,Sales incl VAT,VAT on sales,Refunds incl VAT,VAT on refunds,Net sales incl VAT,Net VAT,Shipping charged",
    );
    expect(lines).toHaveLength(31);
    expect(lines).toContain("2026-11-03,1,3,43.47,7.25,0.00,0.00,43.47,7.25,4.99");
    expect(lines).toContain("2026-11-10,0,0,0.00,0.00,10.00,1.67,-10.00,-1.67,0.00");
    const vat = await answerOf(() =>
      reportsCsvLoader(args(ownerCookie, "/admin/reports.csv?kind=vat&period=dates&from=2026-10-01&to=2026-12-31")),
    );
    expect((await vat.response!.text()).trim().split("\r\n")).toEqual([
      "Period start,Period end,Sales incl VAT,VAT on sales,Refunds incl VAT,VAT on refunds,Net sales incl VAT,Net VAT",
      // October adds D (30.00, VAT 5.00) and E (12.00, VAT 2.00) to November's figures.
      "2026-10-01,2026-12-31,105.47,17.58,40.00,6.67,65.47,10.91",
    ]);
    const recorded = await db.selectFrom("audit_log").select("details").where("action", "=", "reports.export").execute();
    expect(recorded).toHaveLength(2);
  });

  it("refuses a bad period under its field and as a 400 CSV, computing nothing", async () => {
    const path = "/admin/reports?period=dates&from=2026-11-30&to=2026-11-01";
    const answer = await answerOf(() => pageLoader(args(ownerCookie, path)));
    expect(answer.status).toBe(400);
    const { html } = render(answer.body, path);
    expect(html).toContain(
      `<p id="field-to-error" class="mt-1 text-sm text-rose-700">${reportMessages.endsBeforeStart}</p>`,
    );
    expect(html).not.toContain("<table");
    const long = await answerOf(() =>
      reportsCsvLoader(args(ownerCookie, "/admin/reports.csv?kind=daily&period=dates&from=2019-01-01&to=2026-01-01")),
    );
    expect(long.status).toBe(400);
    expect(await long.response!.text()).toBe(reportMessages.tooLong);
    const unreadable = await answerOf(() =>
      reportsCsvLoader(args(ownerCookie, "/admin/reports.csv?kind=vat&period=dates&from=yesterday&to=2026-01-01")),
    );
    expect(await unreadable.response!.text()).toBe(reportMessages.dateShape);
    expect((await answerOf(() => reportsCsvLoader(args(ownerCookie, "/admin/reports.csv")))).status).toBe(400);
  });

  it("refuses a packer the page and every download with 403", async () => {
    expect((await answerOf(() => pageLoader(args(packerCookie, "/admin/reports")))).status).toBe(403);
    expect((await answerOf(() => reportsCsvLoader(args(packerCookie, "/admin/reports.csv?kind=daily")))).status).toBe(
      403,
    );
    expect((await answerOf(() => ordersCsvLoader(args(packerCookie, "/admin/orders.csv")))).status).toBe(403);
  });

  it("downloads the orders the list's filters find, one row each, formula cells guarded", async () => {
    const { db } = testDb();
    const answer = await answerOf(() =>
      ordersCsvLoader(args(ownerCookie, "/admin/orders.csv?from=2026-11-01&to=2026-11-30&status=confirmed")),
    );
    expect(answer.status).toBe(200);
    const lines = (await answer.response!.text()).trim().split("\r\n");
    expect(lines).toEqual([
      "Order,Placed (London),Customer,Status,Payment,Payment method,Items,Subtotal,Shipping,Total,VAT,Refunded",
      "REPB0002,2026-11-05 23:30,'=Rex Report,Confirmed,Paid,Cash on collection,1,20.00,0.00,20.00,3.33,0.00",
      "REPA0001,2026-11-03 10:00,'=Rex Report,Confirmed,Paid,Bank transfer,3,38.48,4.99,43.47,7.25,10.00",
    ]);
    const recorded = await db.selectFrom("audit_log").select("details").where("action", "=", "orders.export").execute();
    expect(JSON.parse(recorded[0]!.details!)).toMatchObject({ rows: 2, status: "confirmed", from: "2026-11-01" });
  });

  it("gives the dashboard's figures net of refunds", async () => {
    const { db } = testDb();
    const dashboard = await loadDashboard(db, owner, new Date("2026-11-12T18:00:00Z"));
    // Wednesday 12 Nov: no order, D's £30.00 refunded. The week from Monday 9 Nov: A's £10.00 back as well.
    expect(dashboard.today).toEqual({ orders: 0, revenueCents: -3000 });
    expect(dashboard.week).toEqual({ orders: 0, revenueCents: -4000 });
    expect(dashboard.sales!.find((d) => d.day === "2026-11-03")).toEqual({
      day: "2026-11-03",
      orders: 1,
      revenueCents: 4347,
    });
  });
});

import { provedSecondFactor, signUpConfirmed } from "~/testing/accounts";
import { startTestWorker } from "~/testing/job-worker";
import type { JobWorker } from "~/modules/jobs/worker.server";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { ShopContext } from "~/context";
import { createLogger } from "~/lib/log.server";
import { createMailer } from "~/lib/mailer.server";
import { orderSteps, type OrderStep } from "~/modules/orders/order-status";
import { action as orderAction, loader as orderLoader } from "~/routes/admin/order";
import { loader as ordersLoader } from "~/routes/admin/orders";
import { mailText, startSmtpSink } from "~/testing/smtp-sink";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import { StaffOnlyError } from "~/modules/accounts/staff";
import { changeOrderStep, handleOrderStep } from "./orders-admin.service.server";
import { decideAgeCheck } from "~/modules/age-checks/age-checks.service.server";
import { alice, insertOrder, insertUsers, payInFull, snapshot, staff } from "./testing/orders-fixture";
import { handleRecordPayment } from "./payments-admin.service.server";

// Changing an order's status through the form action and the pages: staff only, and the customer is e-mailed.
describeEachDatabase("back-office orders: the step action, its guards and e-mails", (testDb) => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let context: (ip?: string) => ShopContext;
  let worker: JobWorker;
  beforeAll(async () => {
    sink = await startSmtpSink();
    context = await createTestContext(testDb(), {
      mailer: createMailer({ smtpUrl: sink.url, from: "shop@example.com", log: createLogger("silent") }),
    });
    worker = startTestWorker(testDb(), context().mailer);
    await insertUsers(testDb().db, [staff, alice]);
  });
  afterAll(async () => {
    await worker.stop();
    await sink.close();
  });
  /** Jobs not yet done (e-mails still to send) whose subject names `text`. */
  const unsentJobs = async (db: Db, text: string) => {
    const row = await db
      .selectFrom("jobs")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("status", "in", ["queued", "running"])
      .where("subject", "like", `%${text}%`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  const form = (intent: string, from: string) => {
    const body = new FormData();
    body.set("intent", intent);
    body.set("from", from);
    return body;
  };

  it("refuses every step to customers and signed-out callers, changing nothing and e-mailing nobody", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id, status: "confirmed", paymentStatus: "paid" });
    const before = await snapshot(db, id);
    const mailsBefore = sink.received.length;
    const jobsBefore = await db.selectFrom("jobs").select("id").execute();
    for (const actor of [alice, null]) {
      for (const step of Object.keys(orderSteps) as OrderStep[]) {
        const from = orderSteps[step].field === "status" ? "confirmed" : "paid";
        await expect(changeOrderStep(db, actor, { orderId: id, step, from })).rejects.toBeInstanceOf(StaffOnlyError);
        await expect(handleOrderStep(context(), actor, id, form(step, from))).rejects.toBeInstanceOf(StaffOnlyError);
      }
    }
    expect(await snapshot(db, id)).toEqual(before);
    // An e-mail is queued as a job in the change's own transaction: no new job, so none is coming.
    expect(await db.selectFrom("jobs").select("id").execute()).toEqual(jobsBefore);
    expect(sink.received.length).toBe(mailsBefore);
  });

  it("e-mails the customer when their order moves on", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id });
    const count = sink.received.length;
    expect(await handleOrderStep(context(), staff, id, form("confirm", "pending"))).toMatchObject({ ok: true });
    const payment = form("record-payment", "pending");
    payment.set("method", "card-link");
    payment.set("reference", "LINK-0042");
    payment.set("amount", "11.00");
    expect(await handleRecordPayment(context(), staff, id, payment)).toMatchObject({ ok: true });
    expect(await handleOrderStep(context(), staff, id, form("deliver", "confirmed"))).toMatchObject({ ok: false });
    const aboutThisOrder = () => sink.received.slice(count).filter((m) => m.raw.includes(id));
    // Every e-mail queued about the order has been sent (the refused step queued none).
    await vi.waitFor(async () => expect(await unsentJobs(db, id)).toBe(0), { timeout: 5000, interval: 25 });
    const mails = aboutThisOrder();
    expect(mails).toHaveLength(2);
    const subject = (raw: string) => raw.match(/^Subject: (.*)$/m)?.[1];
    const bySubject = new Map(mails.map((m) => [subject(m.raw), m]));
    const confirmed = bySubject.get(`Vapour Lane: order ${id} is now confirmed`);
    const paid = bySubject.get(`Vapour Lane: payment received for order ${id}`);
    expect(confirmed?.to).toEqual(["alice@example.com"]);
    expect(paid?.to).toEqual(["alice@example.com"]);
    const text = mailText(confirmed!);
    expect(text).toContain("Hello Alice,");
    expect(text).toContain(`Your order ${id} is now confirmed.`);
    expect(text).toContain(`http://shop.test/account/orders/${id}`);
  });

  it("dispatches with the courier and tracking number typed in, and the e-mail gives both", async () => {
    const { db } = testDb();
    await decideAgeCheck(db, staff, { shopName: "Vapour Lane", baseUrl: "http://shop.test" }, alice.id, {
      decision: "verify",
      note: "Passport seen",
    });
    const id = await insertOrder(db, { userId: alice.id, status: "confirmed" });
    await payInFull(db, id);
    const count = sink.received.length;
    const dispatch = form("dispatch", "confirmed");
    expect(await handleOrderStep(context(), staff, id, dispatch)).toMatchObject({
      ok: false,
      code: "invalid",
      fieldErrors: { courier: "Enter the courier carrying the parcel" },
    });
    dispatch.set("courier", "Royal Mail");
    dispatch.set("trackingNumber", "AB123456789GB");
    expect(await handleOrderStep(context(), staff, id, dispatch)).toMatchObject({ ok: true, to: "dispatched" });
    const mail = () =>
      vi.waitFor(
        () => {
          const found = sink.received.slice(count).find((m) => m.raw.includes(`order ${id} is now dispatched`));
          if (!found) throw new Error("no dispatch e-mail");
          return found;
        },
        { timeout: 5000, interval: 25 },
      );
    expect(mailText(await mail())).toContain(
      `Your order ${id} is now dispatched: it is on its way to you. Sent with Royal Mail, tracking number AB123456789GB.`,
    );
  });

  it("guards the pages and the action: a 404 page and a 403 action for customers and visitors, a redirect with a message for staff", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id });
    const signUpValues = (firstName: string, email: string) => ({
      firstName,
      lastName: "Lee",
      email,
      password: "correct horse battery",
      dateOfBirth: "1990-05-05",
      terms: "on",
    });
    const customer = await signUpConfirmed(context("192.0.2.10"), signUpValues("Pat", "pat@example.com"));
    const member = await signUpConfirmed(context("192.0.2.11"), signUpValues("Kim", "kim@example.com"));
    if (!customer.ok || !member.ok) throw new Error("sign-up failed");
    await db
      .updateTable("user")
      .set({ role: "staff", staffRoles: "owner" })
      .where("email", "=", "kim@example.com")
      .execute();
    const customerCookie = cookieHeader(customer.headers);
    const staffCookie = await provedSecondFactor(testDb().db, cookieHeader(member.headers));
    const url = `http://shop.test/admin/orders/${id}`;
    const post = (cookie: string, body: FormData) => {
      const headers: Record<string, string> = { origin: "http://shop.test" };
      if (cookie) headers.cookie = cookie;
      return new Request(url, { method: "POST", headers, body });
    };
    const args = (request: Request) =>
      ({ request, context: context(), params: { id }, unstable_pattern: "", matches: [] }) as never;
    const status = (error: unknown) => (error as { init?: { status?: number } }).init?.status;

    for (const cookie of ["", customerCookie]) {
      await expect(orderLoader(args(requestWith(cookie, url)))).rejects.toSatisfy((e) => status(e) === 404);
      await expect(ordersLoader(args(requestWith(cookie, "http://shop.test/admin/orders")))).rejects.toSatisfy(
        (e) => status(e) === 404,
      );
      await expect(orderAction(args(post(cookie, form("confirm", "pending"))))).rejects.toSatisfy(
        (e) => status(e) === 403,
      );
    }
    expect((await snapshot(db, id)).order.status).toBe("pending");

    const refused = await orderAction(args(post(staffCookie, form("deliver", "pending"))));
    expect(refused).toMatchObject({
      data: { message: "Status cannot go from Pending to Delivered: the next step is Confirmed or Cancelled." },
      init: { status: 409 },
    });
    const done = (await orderAction(args(post(staffCookie, form("confirm", "pending"))))) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/admin/orders/${id}?done=confirm`);
    const page = (await orderLoader(args(requestWith(staffCookie, `${url}?done=confirm`)))) as unknown as {
      data: { notice: string; events: unknown[]; whatsappText: string };
    };
    expect(page.data.notice).toBe(`Order ${id} is now Confirmed.`);
    expect(page.data.events).toEqual([
      expect.objectContaining({ field: "status", from: "pending", to: "confirmed", byName: "Kim Lee" }),
    ]);
    expect(page.data.whatsappText).toContain(`Order ID: ${id}`);
    expect(page.data.whatsappText).toContain("Please confirm this order and provide payment details.");
    const stale = (await orderLoader(args(requestWith(staffCookie, `${url}?done=dispatch`)))) as unknown as {
      data: { notice: string | null };
    };
    expect(stale.data.notice).toBeNull();
  });
});

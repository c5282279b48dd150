import { provedSecondFactor } from "~/testing/accounts";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { ShopContext } from "~/context";
import { findJob } from "~/modules/jobs/jobs.repository.server";
import { enqueueJob } from "~/modules/jobs/jobs.service.server";
import { passwordResetJob } from "~/modules/accounts/accounts.jobs";
import { action as mailAction, loader as mailLoader } from "~/routes/admin/mail";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import { StaffOnlyError } from "~/modules/accounts/staff";
import { countFailedMail, listMail, retryMail } from "./mail-admin.service.server";
import { alice, insertUsers, staff as fixtureStaff } from "../orders/testing/orders-fixture";

// The shop's owner: the roles that may edit content and read the mail (issue 63).
const staff = { ...fixtureStaff, staffRoles: ["owner" as const] };
import { signUpConfirmed } from "~/testing/accounts";

const reset = (to: string) => ({
  to,
  shopName: "Vapour Lane",
  name: "",
  link: "http://shop.test/reset-password?token=t",
});
const list = (filter: "all" | "queued" | "done" | "failed", rawPage: string | null = null) => ({
  filter,
  sort: "created" as const,
  dir: "desc" as const,
  q: "",
  rawPage,
});

describeEachDatabase("back-office mail page", (testDb) => {
  let context: (ip?: string) => ShopContext;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    const { db } = testDb();
    context = await createTestContext(testDb());
    await insertUsers(db, [staff, alice]);
    // 21 sent, one queued, two failed (one of them given up with its last error).
    for (let i = 0; i < 21; i++) {
      const id = await enqueueJob(
        db,
        passwordResetJob,
        reset(`sent-${String(i).padStart(2, "0")}@example.com`),
        new Date(Date.UTC(2026, 10, 1, 9, i)),
      );
      await db
        .updateTable("jobs")
        .set({ status: "done", attempts: 1, finished_at: "2026-11-01T10:00:00.000Z" })
        .where("id", "=", id)
        .execute();
    }
    ids.queued = await enqueueJob(
      db,
      passwordResetJob,
      reset("queued@example.com"),
      new Date("2026-11-02T09:00:00.000Z"),
    );
    for (const [i, name] of ["failed", "failed2"].entries()) {
      ids[name] = await enqueueJob(
        db,
        passwordResetJob,
        reset(`${name}@example.com`),
        new Date(Date.UTC(2026, 10, 3, 9, i)),
      );
      await db
        .updateTable("jobs")
        .set({ status: "failed", attempts: 9, last_error: "550 5.1.1 Mailbox does not exist" })
        .where("id", "=", ids[name]!)
        .execute();
    }
  });

  it("is for staff only: customers and visitors are refused and nothing is retried", async () => {
    const { db } = testDb();
    for (const actor of [alice, null]) {
      await expect(listMail(db, actor, list("all"))).rejects.toBeInstanceOf(StaffOnlyError);
      await expect(countFailedMail(db, actor)).rejects.toBeInstanceOf(StaffOnlyError);
      await expect(retryMail(db, actor, ids.failed!)).rejects.toBeInstanceOf(StaffOnlyError);
    }
    expect(await findJob(db, ids.failed!)).toMatchObject({ status: "failed" });
  });

  it("lists queued, sent and failed e-mails with recipient, subject, attempts and last error, 20 a page", async () => {
    const { db } = testDb();
    const all = await listMail(db, staff, list("all"));
    expect(all).toMatchObject({ total: 24, page: 1, totalPages: 2 });
    expect(all.mails).toHaveLength(20);
    expect(all.mails[0]).toMatchObject({
      recipient: "failed2@example.com",
      subject: "Vapour Lane: choose a new password",
      status: "failed",
      attempts: 9,
      lastError: "550 5.1.1 Mailbox does not exist",
    });
    expect((await listMail(db, staff, list("all", "2"))).mails.map((m) => m.recipient)).toEqual([
      "sent-03@example.com",
      "sent-02@example.com",
      "sent-01@example.com",
      "sent-00@example.com",
    ]);
    expect((await listMail(db, staff, list("queued"))).mails.map((m) => [m.recipient, m.status])).toEqual([
      ["queued@example.com", "queued"],
    ]);
    expect((await listMail(db, staff, list("done"))).total).toBe(21);
    expect((await listMail(db, staff, list("failed"))).mails.map((m) => m.recipient)).toEqual([
      "failed2@example.com",
      "failed@example.com",
    ]);
    expect(await countFailedMail(db, staff)).toBe(2);
  });

  it("queues a failed e-mail again at once, with a new day to succeed in; only a failed one", async () => {
    const { db } = testDb();
    const now = new Date("2026-11-20T12:00:00.000Z");
    expect(await retryMail(db, staff, ids.failed!, now)).toEqual({ ok: true });
    expect(await findJob(db, ids.failed!)).toMatchObject({
      status: "queued",
      attempts: 0,
      run_at: now.toISOString(),
      give_up_at: "2026-11-21T12:00:00.000Z",
      last_error: "550 5.1.1 Mailbox does not exist",
    });
    const notFailed = {
      ok: false,
      code: "wrong-state",
      message: "Only a failed e-mail can be retried; this one is no longer failed.",
    };
    expect(await retryMail(db, staff, ids.failed!, now)).toEqual(notFailed);
    expect(await retryMail(db, staff, ids.queued!, now)).toEqual(notFailed);
    expect(await countFailedMail(db, staff)).toBe(1);
  });

  it("guards the page and its action: 404 and 403 for customers and visitors; staff retry and see the failed count on the dashboard", async () => {
    const values = (firstName: string, email: string) => ({
      firstName,
      lastName: "Lee",
      email,
      password: "correct horse battery",
      dateOfBirth: "1990-05-05",
      terms: "on",
    });
    const customer = await signUpConfirmed(context("192.0.2.30"), values("Pat", "pat.mail@example.com"));
    const member = await signUpConfirmed(context("192.0.2.31"), values("Kim", "kim.mail@example.com"));
    if (!customer.ok || !member.ok) throw new Error("sign-up failed");
    await testDb()
      .db.updateTable("user")
      .set({ role: "staff", staffRoles: "owner" })
      .where("email", "=", "kim.mail@example.com")
      .execute();
    const url = "http://shop.test/admin/mail";
    const post = (cookie: string, body: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(body)) form.set(k, v);
      return new Request(url, {
        method: "POST",
        headers: cookie ? { cookie, origin: "http://shop.test" } : { origin: "http://shop.test" },
        body: form,
      });
    };
    const args = (request: Request) =>
      ({ request, context: context(), params: {}, unstable_pattern: "", matches: [] }) as never;
    const status = (error: unknown) => (error as { init?: { status?: number } }).init?.status;
    for (const cookie of ["", cookieHeader(customer.headers)]) {
      await expect(mailLoader(args(requestWith(cookie, url)))).rejects.toSatisfy((e) => status(e) === 404);
      await expect(dashboardLoader(args(requestWith(cookie, "http://shop.test/admin")))).rejects.toSatisfy(
        (e) => status(e) === 404,
      );
      await expect(mailAction(args(post(cookie, { intent: "retry", id: ids.failed2! })))).rejects.toSatisfy(
        (e) => status(e) === 403,
      );
    }
    expect(await findJob(testDb().db, ids.failed2!)).toMatchObject({ status: "failed" });
    const staffCookie = await provedSecondFactor(testDb().db, cookieHeader(member.headers));
    expect((await dashboardLoader(args(requestWith(staffCookie, "http://shop.test/admin")))).failedEmails).toBe(1);
    await expect(mailAction(args(post(staffCookie, { intent: "retry", id: "../../etc" })))).rejects.toSatisfy(
      (e) => status(e) === 400,
    );
    expect(await mailAction(args(post(staffCookie, { intent: "retry", id: ids.failed2! })))).toEqual({
      notice: "The e-mail is queued again and will be sent in a moment.",
      tone: "success",
    });
    expect(await findJob(testDb().db, ids.failed2!)).toMatchObject({ status: "queued" });
    expect((await dashboardLoader(args(requestWith(staffCookie, "http://shop.test/admin")))).failedEmails).toBe(0);
    const page = (await mailLoader(args(requestWith(staffCookie, `${url}?status=failed`)))) as unknown as {
      data: { total: number };
    };
    expect(page.data.total).toBe(0);
  });
});

import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { fail, httpStatus } from "~/lib/result";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { ShopContext } from "~/context";
import { createLogger } from "~/lib/log.server";
import { createMailer } from "~/lib/mailer.server";
import type { JobWorker } from "~/modules/jobs/worker.server";
import { signUpConfirmed } from "~/testing/accounts";
import { startTestWorker } from "~/testing/job-worker";
import { linkIn, mailText, startSmtpSink } from "~/testing/smtp-sink";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import { accountMessages } from "./accounts";
import * as accounts from "./accounts.service.server";
import { getSessionUser } from "./session.service.server";

const values = (email: string, password = "correct horse battery") => ({
  firstName: "Sam",
  lastName: "Reed",
  email,
  password,
  dateOfBirth: "1991-07-01",
  terms: "on",
});
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describeEachDatabase("sign-up without telling who is a customer", (testDb) => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let context: (ip?: string) => ShopContext;
  let worker: JobWorker;
  beforeAll(async () => {
    sink = await startSmtpSink();
    const mailer = createMailer({ smtpUrl: sink.url, from: "shop@example.com", log: createLogger("silent") });
    context = await createTestContext(testDb(), { mailer });
    worker = startTestWorker(testDb(), mailer);
  });
  afterAll(async () => {
    await worker.stop();
    await sink.close();
  });
  const mailTo = (address: string, subject: RegExp, after = 0) =>
    vi.waitFor(
      () => {
        const mail = sink.received
          .slice(after)
          .findLast((m) => m.to.includes(address) && subject.test(m.raw.match(/^Subject: (.*)$/m)?.[1] ?? ""));
        if (!mail) throw new Error(`no e-mail to ${address}`);
        return mail;
      },
      { timeout: 5000, interval: 25 },
    );

  it("answers a new and a taken address alike; the new one gets a link that signs in once, the owner a notice", async () => {
    ok(await signUpConfirmed(context("192.0.2.30"), values("owner@example.com")));
    const before = sink.received.length;

    const fresh = await accounts.signUp(context("192.0.2.31"), requestWith(), values("newcomer@example.com"));
    const taken = await accounts.signUp(
      context("192.0.2.32"),
      requestWith(),
      values("OWNER@example.com", "some other password"),
    );
    expect(taken).toEqual(fresh);
    expect(fresh).toMatchObject({ ok: true });
    expect(fresh.ok && fresh.headers.getSetCookie()).toEqual([]); // nobody is signed in by the answer itself
    const notice = await mailTo("owner@example.com", /already have an account/, before);
    expect(mailText(notice)).toContain("You already have one, so nothing was changed.");
    expect(mailText(notice)).toContain("http://shop.test/forget-password");
    expect(mailText(notice)).not.toContain("verify-email");
    const owner = await testDb().db.selectFrom("user").select("id").where("email", "=", "owner@example.com").execute();
    expect(owner).toHaveLength(1);

    // Not confirmed yet: the right password is told to confirm first (and a new link is sent).
    const early = await accounts.signIn(context("192.0.2.33"), requestWith(), {
      email: "newcomer@example.com",
      password: "correct horse battery",
      rememberMe: false,
    });
    expect(early).toMatchObject({ ok: false, code: "not-allowed", message: accountMessages.confirmEmailFirst });

    const link = linkIn(await mailTo("newcomer@example.com", /confirm your e-mail/), "/verify-email");
    const token = new URL(link).searchParams.get("token")!;
    const first = await accounts.confirmEmail(context(), requestWith(), token);
    expect(first).toMatchObject({ ok: true, signedIn: true });
    const user = await getSessionUser(context(), requestWith(cookieHeader((first as { headers: Headers }).headers)));
    expect(user).toMatchObject({ email: "newcomer@example.com", firstName: "Sam" });
    // The link signs in once only; a made-up one does nothing.
    expect(await accounts.confirmEmail(context(), requestWith(), token)).toEqual({ ok: true, signedIn: false });
    expect(await accounts.confirmEmail(context(), requestWith(), "made.up.token")).toEqual(
      fail("invalid", accountMessages.confirmInvalid),
    );
  });

  it("sends a new confirmation link to an address that signed up but never confirmed", async () => {
    const count = sink.received.length;
    ok(await accounts.signUp(context("192.0.2.40"), requestWith(), values("forgetful@example.com")));
    await mailTo("forgetful@example.com", /confirm your e-mail/, count);
    const again = sink.received.length;
    ok(await accounts.signUp(context("192.0.2.41"), requestWith(), values("forgetful@example.com")));
    const secondLink = linkIn(await mailTo("forgetful@example.com", /confirm your e-mail/, again), "/verify-email");
    expect(
      await accounts.confirmEmail(context(), requestWith(), new URL(secondLink).searchParams.get("token")!),
    ).toMatchObject({ ok: true, signedIn: true });
  });

  it("takes as long for a taken address as for a new one (the password is hashed either way)", async () => {
    for (let i = 0; i < 5; i++)
      ok(await signUpConfirmed(context(`192.0.2.${120 + i}`), values(`taken${i}@example.com`)));
    const fresh: number[] = [];
    const taken: number[] = [];
    for (let i = 0; i < 5; i++) {
      for (const [list, email] of [
        [fresh, `fresh${i}@example.com`],
        [taken, `taken${i}@example.com`],
      ] as const) {
        const started = performance.now();
        ok(await accounts.signUp(context(`192.0.2.${130 + i}`), requestWith(), values(email)));
        list.push(performance.now() - started);
      }
    }
    // Hashing (scrypt, tens of ms) is most of the work: without it a taken address would answer in a few ms, a tenth
    // of the time or less. The bound leaves room for a loaded machine (0.57-0.59 seen at load 8-12, ~1 when quiet).
    const ratio = median(taken) / median(fresh);
    expect(ratio, `taken ${median(taken).toFixed(1)} ms, new ${median(fresh).toFixed(1)} ms`).toBeGreaterThan(0.35);
    expect(ratio).toBeLessThan(1.7);
  });

  it("limits sign-up e-mails to one address, whether or not it has an account", async () => {
    // One earlier sign-up for each: confirmed for the one, not for the other.
    ok(await signUpConfirmed(context("192.0.2.140"), values("limited-owner@example.com")));
    ok(await accounts.signUp(context("192.0.2.141"), requestWith(), values("limited-newcomer@example.com")));
    for (const email of ["limited-owner@example.com", "limited-newcomer@example.com"]) {
      const answers = [];
      for (let i = 0; i < 3; i++)
        answers.push(await accounts.signUp(context(`192.0.2.${142 + i}`), requestWith(), values(email)));
      expect(answers.map((a) => (a.ok ? 200 : httpStatus(a.code)))).toEqual([200, 200, 429]);
    }
  });
});

function ok(result: accounts.AccountResult) {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result)}`);
  return result;
}

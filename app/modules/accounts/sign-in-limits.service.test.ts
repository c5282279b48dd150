import { beforeAll, expect, it } from "vitest";
import { httpStatus } from "~/lib/result";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { ShopContext } from "~/context";
import { signUpConfirmed } from "~/testing/accounts";
import { createTestContext, requestWith } from "~/testing/test-context";
import * as accounts from "./accounts.service.server";

const PASSWORD = "the owner's own passphrase";
const attempt = (context: ShopContext, email: string, password: string) =>
  accounts
    .signIn(context, requestWith(), { email, password, rememberMe: false })
    .then((r) => (r.ok ? 200 : httpStatus(r.code)));

function ok(result: accounts.AccountResult) {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result)}`);
}

describeEachDatabase("sign-in limits that nobody can turn against the owner", (testDb) => {
  let context: (ip?: string) => ShopContext;
  beforeAll(async () => {
    context = await createTestContext(testDb());
    for (const name of ["victim", "office", "unlocked"]) {
      await signUpConfirmed(context("203.0.113.250"), {
        firstName: "Vic",
        lastName: "Tim",
        email: `${name}@example.com`,
        password: PASSWORD,
        dateOfBirth: "1980-01-01",
        terms: "on",
      });
    }
  });

  /** The link of the queued reset e-mail, as the owner would click it in their mail. */
  const resetTokenFromQueue = async (email: string) => {
    const job = await testDb()
      .db.selectFrom("jobs")
      .select("payload")
      .where("kind", "=", "password-reset")
      .where("recipient", "=", email)
      .executeTakeFirstOrThrow();
    return new URL((JSON.parse(job.payload) as { link: string }).link).searchParams.get("token")!;
  };

  it("holds back the guessing address, not the owner signing in from elsewhere during the attack", async () => {
    const attacker = context("198.51.100.66");
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await attempt(attacker, "victim@example.com", `guess ${i}`));
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(5)).toEqual(Array(7).fill(429));
    // The same attack from many addresses: ten failures on the e-mail in all.
    for (let i = 0; i < 10; i++)
      expect(await attempt(context(`198.51.100.${100 + i}`), "victim@example.com", `spread guess ${i}`)).toBe(401);
    expect(await attempt(context("198.51.100.100"), "victim@example.com", "one more")).toBe(429);
    // The owner, from home, with the right password: in.
    expect(await attempt(context("203.0.113.7"), "victim@example.com", PASSWORD)).toBe(200);
  });

  it("never counts a successful sign-in, per e-mail or per address (customers behind one office address)", async () => {
    const office = context("203.0.113.80");
    for (let i = 0; i < 31; i++) expect(await attempt(office, "office@example.com", PASSWORD)).toBe(200);
  });

  it("the reset link lifts the hold on the owner's own address", async () => {
    const home = context("203.0.113.90");
    for (let i = 0; i < 5; i++) await attempt(home, "unlocked@example.com", `typo ${i}`);
    expect(await attempt(home, "unlocked@example.com", PASSWORD)).toBe(429);
    ok(await accounts.requestPasswordReset(home, { email: "unlocked@example.com" }));
    const token = await resetTokenFromQueue("unlocked@example.com");
    ok(await accounts.resetPassword(home, { token, password: "a fresh passphrase" }));
    expect(await attempt(home, "unlocked@example.com", "a fresh passphrase")).toBe(200);
  });

  it("still limits one address guessing across many e-mails", async () => {
    const sprayer = context("198.51.100.200");
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push(await attempt(sprayer, `sprayed${i}@example.com`, "Password1"));
    expect(answers.slice(0, 30).every((a) => a === 401)).toBe(true);
    expect(answers[30]).toBe(429);
  });
});

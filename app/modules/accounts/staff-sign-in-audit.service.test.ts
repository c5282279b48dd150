import { beforeAll, expect, it } from "vitest";
import type { ShopContext } from "~/context";
import { describeEachDatabase } from "~/db/testing/test-database";
import { signUpConfirmed } from "~/testing/accounts";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import { totpCode } from "~/testing/totp";
import { accountMessages } from "./accounts";
import * as accounts from "./accounts.service.server";
import { purgeAuditLog } from "~/modules/audit/audit.service.server";
import { startTwoFactorSetup, verifySecondFactor } from "./two-factor.service.server";

const password = "staff passphrase 77";

// Staff sign-ins in the audit log (issue 63): who signed in, from where; failed attempts at staff addresses only;
// a disabled account refused; the second factor's set-up, wrong codes and recovery codes.
describeEachDatabase("staff sign-ins in the audit log", (testDb) => {
  let context: (ip?: string) => ShopContext;
  let staffId = "";
  const entries = () =>
    testDb()
      .db.selectFrom("audit_log")
      .select(["action", "actor_kind", "actor_id", "actor_name", "ip", "outcome", "entity_id", "details"])
      .orderBy("at")
      .orderBy("id")
      .execute();
  const signIn = (email: string, pass: string, ip: string) =>
    accounts.signIn(context(ip), requestWith(), { email, password: pass, rememberMe: false });
  const cookieOf = async (signedIn: ReturnType<typeof signIn>) => {
    const result = await signedIn;
    if (!result.ok) throw new Error(result.message);
    return cookieHeader(result.headers);
  };

  beforeAll(async () => {
    const { db } = testDb();
    context = await createTestContext(testDb());
    await accounts.createOrPromoteStaff(context(), {
      email: "boss@example.com",
      password,
      firstName: "Sam",
      lastName: "Lee",
    });
    staffId = (
      await db.selectFrom("user").select("id").where("email", "=", "boss@example.com").executeTakeFirstOrThrow()
    ).id;
    const customer = await signUpConfirmed(context(), {
      firstName: "Pat",
      lastName: "Shopper",
      email: "pat@example.com",
      password: "shopper passphrase 1",
      dateOfBirth: "1990-05-05",
      terms: "on",
    });
    if (!customer.ok) throw new Error(customer.message);
    // The account's making (staff.create) is the command's entry, not a sign-in's: these tests start from none.
    await purgeAuditLog(db, 0, new Date(Date.now() + 60_000));
  });

  it("records staff sign-ins, failed ones at a staff address, and nothing of customers", async () => {
    expect(await signIn("pat@example.com", "wrong passphrase", "198.51.100.1")).toMatchObject({ ok: false });
    expect(await signIn("pat@example.com", "shopper passphrase 1", "198.51.100.1")).toMatchObject({ ok: true });
    expect(await signIn("nobody@example.com", "wrong passphrase", "198.51.100.1")).toMatchObject({ ok: false });
    expect(await entries()).toEqual([]);

    expect(await signIn("BOSS@example.com", "wrong passphrase", "203.0.113.9")).toMatchObject({
      ok: false,
      message: accountMessages.invalidCredentials,
    });
    const signedIn = await signIn("boss@example.com", password, "203.0.113.10");
    if (!signedIn.ok) throw new Error(signedIn.message);
    expect(await entries()).toEqual([
      {
        action: "sign-in.failed",
        actor_kind: "visitor",
        actor_id: null,
        actor_name: "boss@example.com",
        ip: "203.0.113.9",
        outcome: "refused",
        entity_id: staffId,
        details: null,
      },
      {
        action: "sign-in",
        actor_kind: "staff",
        actor_id: staffId,
        actor_name: "Sam Lee <boss@example.com>",
        ip: "203.0.113.10",
        outcome: "done",
        entity_id: staffId,
        details: JSON.stringify({ method: "password", secondFactor: "not set up yet" }),
      },
    ]);
  });

  it("records the second factor's enrolment, a wrong code and a recovery code used", async () => {
    const { db } = testDb();
    const before = (await entries()).length;
    const cookie = await cookieOf(signIn("boss@example.com", password, "203.0.113.11"));
    const started = await startTwoFactorSetup(context(), requestWith(cookie), { password });
    if (!started.ok) throw new Error(started.message);
    const wrong = (await totpCode(started.totpUri)) === "000000" ? "111111" : "000000";
    expect(
      await verifySecondFactor(context("203.0.113.12"), requestWith(cookie), { code: wrong }, "totp"),
    ).toMatchObject({ ok: false });
    const on = await verifySecondFactor(
      context("203.0.113.12"),
      requestWith(cookie),
      { code: await totpCode(started.totpUri) },
      "totp",
    );
    if (!on.ok) throw new Error(on.message);
    const pending = await cookieOf(signIn("boss@example.com", password, "203.0.113.13"));
    const recovered = await verifySecondFactor(
      context("203.0.113.13"),
      requestWith(pending),
      { recoveryCode: started.recoveryCodes[0]! },
      "recovery",
    );
    if (!recovered.ok) throw new Error(recovered.message);
    const added = (await entries()).slice(before).map((e) => [e.action, e.ip, e.outcome, e.actor_id]);
    expect(added).toEqual([
      ["sign-in", "203.0.113.11", "done", staffId],
      ["two-factor.code-failed", "203.0.113.12", "refused", staffId],
      ["two-factor.enrol", "203.0.113.12", "done", staffId],
      ["sign-in", "203.0.113.13", "done", staffId],
      ["two-factor.recovery-code-used", "203.0.113.13", "done", staffId],
    ]);
    const signInDetails = await db
      .selectFrom("audit_log")
      .select("details")
      .where("ip", "=", "203.0.113.13")
      .where("action", "=", "sign-in")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(signInDetails.details!)).toEqual({ method: "password", secondFactor: "code asked next" });
  });

  it("refuses a disabled staff account as a wrong password would be, and records the refusal", async () => {
    const { db } = testDb();
    const sessionCount = async () =>
      (await db.selectFrom("session").select("id").where("userId", "=", staffId).execute()).length;
    const sessionsBefore = await sessionCount();
    await db.updateTable("user").set({ disabledAt: new Date().toISOString() }).where("id", "=", staffId).execute();
    const refused = await signIn("boss@example.com", password, "203.0.113.20");
    expect(refused).toMatchObject({ ok: false, code: "sign-in", message: accountMessages.invalidCredentials });
    expect("headers" in refused).toBe(false);
    const last = (await entries()).at(-1);
    expect(last).toMatchObject({
      action: "sign-in.refused-disabled",
      actor_id: staffId,
      ip: "203.0.113.20",
      outcome: "refused",
    });
    expect(await sessionCount()).toBe(sessionsBefore);
  });

  it("gives a disabled account no session by any way in (Better Auth's own sign-in, as Google's callback would)", async () => {
    const { db } = testDb();
    await db.updateTable("user").set({ disabledAt: new Date().toISOString() }).where("id", "=", staffId).execute();
    const auth = await context().auth.$context;
    const before = await db.selectFrom("session").select("id").where("userId", "=", staffId).execute();
    const made = await auth.internalAdapter.createSession(staffId).catch(() => null);
    expect(made).toBeNull();
    const after = await db.selectFrom("session").select("id").where("userId", "=", staffId).execute();
    expect(after).toHaveLength(before.length);
    await db.updateTable("user").set({ disabledAt: null }).where("id", "=", staffId).execute();
    expect(await auth.internalAdapter.createSession(staffId)).toMatchObject({ userId: staffId });
  });
});

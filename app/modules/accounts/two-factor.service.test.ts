import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { ShopContext } from "~/context";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import { totpCode } from "~/testing/totp";
import { signUpConfirmed } from "~/testing/accounts";
import * as accounts from "./accounts.service.server";
import { twoFactorMessages } from "./two-factor";
import { startTwoFactorSetup, turnOffTwoFactor, verifySecondFactor } from "./two-factor.service.server";
import { getSessionUser } from "./session.service.server";
import { door, mergeCookies } from "./testing/two-factor-fixture";
import { resetStaffTwoFactor } from "./staff-accounts.service.server";

const password = "staff passphrase 77";
const post = (cookie: string, url = "http://shop.test/admin/orders") =>
  new Request(url, {
    method: "POST",
    headers: { cookie, origin: "http://shop.test", "content-type": "application/x-www-form-urlencoded" },
    body: "intent=x",
  });

describeEachDatabase("two-factor sign-in", (testDb) => {
  let context: (ip?: string) => ShopContext;
  let totpUri: string;
  /** The code that turned two-factor on (kept: the clock may pass into the next 30 seconds before it is tried again). */
  let firstCode: string;
  let recoveryCodes: string[];
  let staffCookie: string;

  beforeAll(async () => {
    context = await createTestContext(testDb());
    await accounts.createOrPromoteStaff(context(), {
      email: "boss@example.com",
      password,
      firstName: "Sam",
      lastName: "Lee",
    });
  });

  const signIn = async (ip: string) => {
    const result = await accounts.signIn(context(ip), requestWith(), {
      email: "boss@example.com",
      password,
      rememberMe: false,
    });
    if (!result.ok) throw new Error(JSON.stringify(result));
    return result;
  };

  describe("staff without a second factor", () => {
    it("are sent to set it up from every back-office page, and refused every action", async () => {
      const signedIn = await signIn("203.0.113.1");
      expect(signedIn.twoFactor).toBe(false);
      staffCookie = cookieHeader(signedIn.headers);
      expect(await door(context(), requestWith(staffCookie, "http://shop.test/admin/orders?status=pending"))).toBe(
        "/account/two-factor?redirectTo=%2Fadmin%2Forders%3Fstatus%3Dpending",
      );
      expect(await door(context(), post(staffCookie))).toBe("403");
    });

    it("set it up with their password, a QR code and ten recovery codes; the first code turns it on and opens the back office", async () => {
      const wrong = await startTwoFactorSetup(context(), requestWith(staffCookie), { password: "not my password" });
      expect(wrong).toMatchObject({ ok: false, fieldErrors: { password: twoFactorMessages.wrongPassword } });
      const started = await startTwoFactorSetup(context(), requestWith(staffCookie), { password });
      if (!started.ok) throw new Error(JSON.stringify(started));
      expect(started.totpUri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
      expect(started.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(started.recoveryCodes).toHaveLength(10);
      // Read off paper and typed: two groups of five, capitals and digits without 0/O or 1/I/L.
      for (const code of started.recoveryCodes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
      expect(new Set(started.recoveryCodes).size).toBe(10);
      ({ totpUri, recoveryCodes } = started);
      // Not on until a code proves the app has it.
      expect(await door(context(), requestWith(staffCookie, "http://shop.test/admin"))).toBe(
        "/account/two-factor?redirectTo=%2Fadmin",
      );

      const badCode = await verifySecondFactor(
        context("203.0.113.2"),
        requestWith(staffCookie),
        { code: "000000" === (await totpCode(totpUri)) ? "111111" : "000000" },
        "totp",
      );
      expect(badCode).toMatchObject({ ok: false, fieldErrors: { code: twoFactorMessages.wrongCode } });
      firstCode = await totpCode(totpUri);
      const confirmed = await verifySecondFactor(
        context("203.0.113.2"),
        requestWith(staffCookie),
        { code: firstCode },
        "totp",
      );
      if (!confirmed.ok) throw new Error(JSON.stringify(confirmed));
      staffCookie = mergeCookies(staffCookie, confirmed.headers);
      expect(await door(context(), requestWith(staffCookie, "http://shop.test/admin"))).toBe("passed");
      expect(await getSessionUser(context(), requestWith(staffCookie))).toMatchObject({
        twoFactorEnabled: true,
        secondFactor: true,
      });
    });
  });

  describe("signing in with it", () => {
    it("asks for the code after the password; a wrong code and a code already used are refused, the next one works", async () => {
      const signedIn = await signIn("203.0.113.3");
      expect(signedIn.twoFactor).toBe(true);
      const pending = cookieHeader(signedIn.headers);
      expect(pending).toMatch(/shop\.two_factor=/);
      expect(pending).not.toMatch(/shop\.session_token=/);
      // The code that turned it on a moment ago: used.
      const reused = await verifySecondFactor(
        context("203.0.113.3"),
        requestWith(pending),
        { code: firstCode },
        "totp",
      );
      expect(reused).toMatchObject({ ok: false, fieldErrors: { code: twoFactorMessages.reusedCode } });
      const next = await verifySecondFactor(
        context("203.0.113.3"),
        requestWith(pending),
        { code: await totpCode(totpUri, 1) },
        "totp",
      );
      if (!next.ok) throw new Error(JSON.stringify(next));
      const session = mergeCookies(pending, next.headers);
      expect(await door(context(), requestWith(session, "http://shop.test/admin"))).toBe("passed");
    });

    it("takes a recovery code instead, once", async () => {
      const first = cookieHeader((await signIn("203.0.113.4")).headers);
      const recovered = await verifySecondFactor(
        context("203.0.113.4"),
        requestWith(first),
        // Typed with a space between its groups instead of the dash: taken as the code it is.
        { recoveryCode: recoveryCodes[0]!.replace("-", " ") },
        "recovery",
      );
      if (!recovered.ok) throw new Error(JSON.stringify(recovered));
      expect(await door(context(), requestWith(mergeCookies(first, recovered.headers), "http://shop.test/admin"))).toBe(
        "passed",
      );
      const second = cookieHeader((await signIn("203.0.113.5")).headers);
      const again = await verifySecondFactor(
        context("203.0.113.5"),
        requestWith(second),
        { recoveryCode: recoveryCodes[0]! },
        "recovery",
      );
      expect(again).toMatchObject({ ok: false, fieldErrors: { recoveryCode: twoFactorMessages.wrongRecoveryCode } });
    });

    it("limits wrong codes, and a sign-in's code step expires without its cookie", async () => {
      const expired = await verifySecondFactor(context("203.0.113.6"), requestWith(""), { code: "123456" }, "totp");
      expect(expired).toMatchObject({ ok: false, code: "sign-in", message: twoFactorMessages.expired });
      const pending = cookieHeader((await signIn("203.0.113.7")).headers);
      const answers = [];
      for (let i = 0; i < 10; i++)
        answers.push(
          await verifySecondFactor(context("203.0.113.7"), requestWith(pending), { code: String(100000 + i) }, "totp"),
        );
      expect(answers.some((a) => !a.ok && a.code === "too-many")).toBe(true);
    });
  });

  it("customers may turn it on and off; staff may not turn it off", async () => {
    const signedUp = await signUpConfirmed(context("203.0.113.20"), {
      firstName: "Cas",
      lastName: "Tomer",
      email: "cas@example.com",
      password: "customer pass 1",
      dateOfBirth: "1990-01-01",
      terms: "on",
    });
    if (!signedUp.ok) throw new Error("sign-up failed");
    let cookie = cookieHeader(signedUp.headers);
    const started = await startTwoFactorSetup(context(), requestWith(cookie), { password: "customer pass 1" });
    if (!started.ok) throw new Error(JSON.stringify(started));
    const on = await verifySecondFactor(
      context("203.0.113.21"),
      requestWith(cookie),
      { code: await totpCode(started.totpUri) },
      "totp",
    );
    if (!on.ok) throw new Error(JSON.stringify(on));
    cookie = mergeCookies(cookie, on.headers);
    const customer = (await getSessionUser(context(), requestWith(cookie)))!;
    expect(customer.twoFactorEnabled).toBe(true);
    expect(await door(context(), requestWith(cookie, "http://shop.test/admin"))).toBe("404"); // still not staff
    const off = await turnOffTwoFactor(context(), requestWith(cookie), customer, { password: "customer pass 1" });
    expect(off.ok).toBe(true);
    const staff = (await getSessionUser(context(), requestWith(staffCookie)))!;
    expect(await turnOffTwoFactor(context(), requestWith(staffCookie), staff, { password })).toMatchObject({
      ok: false,
      message: twoFactorMessages.staffKeepOn,
    });
  });

  it("staff who lost their phone and codes are reset by the owner's command: signed out everywhere, set up anew", async () => {
    const log: Array<{ fields: unknown; message: string }> = [];
    const ctx = {
      db: context().db,
      log: { ...context().log, warn: (fields: unknown, message: string) => log.push({ fields, message }) },
    };
    // A customer's is theirs to turn off with their password: the command refuses it, and an unknown address.
    expect(await resetStaffTwoFactor(ctx as never, "cas@example.com", "owner")).toEqual({
      ok: false,
      code: "not-found",
      message: "There is no staff account for cas@example.com.",
    });
    expect(await resetStaffTwoFactor(ctx as never, "nobody@example.com", "owner")).toMatchObject({ ok: false });
    expect(await getSessionUser(context(), requestWith(staffCookie))).toMatchObject({ twoFactorEnabled: true });

    const reset = await resetStaffTwoFactor(ctx as never, " Boss@Example.com ", "owner");
    expect(reset).toMatchObject({ ok: true });
    expect(reset.ok && reset.sessionsEnded).toBeGreaterThanOrEqual(1);
    expect(await getSessionUser(context(), requestWith(staffCookie))).toBeNull();
    expect(log).toEqual([
      expect.objectContaining({ fields: expect.objectContaining({ email: "boss@example.com", ranBy: "owner" }) }),
    ]);
    // The password still signs in; the back office asks for a new set-up, and the old codes are gone.
    const signedIn = await signIn("203.0.113.30");
    expect(signedIn.twoFactor).toBe(false);
    const cookie = cookieHeader(signedIn.headers);
    expect(await door(context(), requestWith(cookie, "http://shop.test/admin"))).toBe(
      "/account/two-factor?redirectTo=%2Fadmin",
    );
    const oldCode = await verifySecondFactor(
      context("203.0.113.30"),
      requestWith(cookie),
      { recoveryCode: recoveryCodes[1]! },
      "recovery",
    );
    expect(oldCode.ok).toBe(false);
  });
});

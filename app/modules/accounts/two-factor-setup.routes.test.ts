import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { ShopContext } from "~/context";
import { action } from "~/routes/account-two-factor";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import { signUpConfirmed } from "~/testing/accounts";
import { totpCode } from "~/testing/totp";
import * as accounts from "./accounts.service.server";

// Issue 26, hole 8: the set-up's second step took the key from the posted form (and drew a QR code of whatever came,
// a 500 for a long one). The key and recovery codes of a pending set-up now stay on the server.

type Setup = { totpUri: string; qrCode: string; recoveryCodes: string[] } | null;
type Answer = { status: number; setup: Setup; errors: Record<string, string>; location: string | null };

const post = (cookie: string, form: Record<string, string>) =>
  new Request("http://shop.test/account/two-factor", {
    method: "POST",
    headers: { cookie, origin: "http://shop.test", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });

describeEachDatabase("two-factor set-up", (testDb) => {
  let context: (ip?: string) => ShopContext;
  let cookie: string;
  let otherSession: string;
  const password = "customer pass 1";
  const run = async (request: Request): Promise<Answer> => {
    try {
      const result = (await action({ request, context: context(), params: {} } as never)) as unknown;
      if (result instanceof Response)
        return { status: result.status, setup: null, errors: {}, location: result.headers.get("location") };
      const wrapped = result as { data?: unknown; init?: { status?: number } | null; type?: string };
      const body = (wrapped.type === "DataWithResponseInit" ? wrapped.data : result) as {
        setup: Setup;
        errors: Record<string, string>;
      };
      return { status: wrapped.init?.status ?? 200, setup: body.setup, errors: body.errors, location: null };
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, setup: null, errors: {}, location: null };
      const status = (thrown as { init?: { status?: number } }).init?.status;
      if (status) return { status, setup: null, errors: {}, location: null };
      throw thrown;
    }
  };

  beforeAll(async () => {
    context = await createTestContext(testDb());
    const signedUp = await signUpConfirmed(context("192.0.2.31"), {
      firstName: "Cas",
      lastName: "Tomer",
      email: "cas@example.com",
      password,
      dateOfBirth: "1990-01-01",
      terms: "on",
    });
    if (!signedUp.ok) throw new Error("sign-up failed");
    cookie = cookieHeader(signedUp.headers);
    const again = await accounts.signIn(context("192.0.2.32"), requestWith(), {
      email: "cas@example.com",
      password,
      rememberMe: true,
    });
    if (!again.ok) throw new Error("sign-in failed");
    otherSession = cookieHeader(again.headers);
  });

  it("shows the shop's own key again after a wrong code, whatever key or codes the form sends, and never a 500", async () => {
    const started = await run(post(cookie, { intent: "start", password }));
    expect(started.status).toBe(200);
    const own = started.setup!;
    expect(own.totpUri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
    expect(own.recoveryCodes).toHaveLength(10);

    const posted: Array<Record<string, string>> = [
      { totpUri: `otpauth://totp/x?secret=${"A".repeat(4096)}`, recoveryCodes: "x ".repeat(2000) },
      { totpUri: "otpauth://totp/Evil:cas@example.com?secret=JBSWY3DPEHPK3PXP", recoveryCodes: "<b>mine</b> 1234" },
      { totpUri: "otpauth://totp/\u2215\u2215?secret=\u0007", recoveryCodes: "" },
      {},
    ];
    for (const extra of posted) {
      const wrong = await run(post(cookie, { intent: "confirm", code: "12345", ...extra }));
      expect(wrong.status, JSON.stringify(extra).slice(0, 80)).toBe(400);
      expect(wrong.errors.code).toBe("Enter the 6-digit code from your authenticator app");
      expect(wrong.setup?.totpUri).toBe(own.totpUri);
      expect(wrong.setup?.recoveryCodes).toEqual(own.recoveryCodes);
      expect(wrong.setup?.qrCode).toBe(own.qrCode);
    }
  });

  it("shows the pending key only to the session that started the set-up", async () => {
    const elsewhere = await run(post(otherSession, { intent: "confirm", code: "123456" }));
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.setup).toBeNull();
  });

  it("turns it on with the first code of the shop's own key", async () => {
    const started = await run(post(cookie, { intent: "start", password }));
    const totpUri = started.setup!.totpUri;
    const on = await run(post(cookie, { intent: "confirm", code: await totpCode(totpUri), totpUri: "ignored" }));
    expect([on.status, on.location]).toEqual([302, "/account/two-factor?notice=on"]);
    const row = await testDb()
      .db.selectFrom("user")
      .select("twoFactorEnabled")
      .where("email", "=", "cas@example.com")
      .executeTakeFirstOrThrow();
    expect(Boolean(row.twoFactorEnabled)).toBe(true);
  });
});

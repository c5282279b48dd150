import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { ShopContext } from "~/context";
import { action as signInTwoFactorAction } from "~/routes/signin-two-factor";
import { action as accountTwoFactorAction } from "~/routes/account-two-factor";
import { createTestContext, requestWith } from "~/testing/test-context";
import { totpCode } from "~/testing/totp";
import { getSessionUser } from "./session.service.server";
import { verifySecondFactor } from "./two-factor.service.server";
import {
  customerWithTwoFactor,
  door,
  sessionValue,
  staffWithTwoFactor,
  type TwoFactorAccount,
} from "./testing/two-factor-fixture";

// Issue 26, holes 1, 2 and 4: a request carrying two session cookies (both names, or one name twice) made the shop
// act on one session and Better Auth on the other. Such a request is now signed out, everywhere.

const post = (cookie: string, path: string, form: Record<string, string>) =>
  new Request(`http://shop.test${path}`, {
    method: "POST",
    headers: { cookie, origin: "http://shop.test", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });

/** A route action's answer: [status, location]. */
async function answer(run: Promise<unknown>): Promise<[number, string | null]> {
  try {
    const result = await run;
    if (result instanceof Response) return [result.status, result.headers.get("location")];
    const init = (result as { init?: { status?: number } | null }).init;
    return [init?.status ?? 200, null];
  } catch (thrown) {
    if (thrown instanceof Response) return [thrown.status, thrown.headers.get("location")];
    return [(thrown as { init?: { status?: number } }).init?.status ?? 500, null];
  }
}

describeEachDatabase("one session cookie", (testDb) => {
  let context: (ip?: string) => ShopContext;
  let staff: TwoFactorAccount;
  let attacker: TwoFactorAccount;
  const args = (request: Request) => ({ request, context: context(), params: {} }) as never;
  const failures = async (userId: string) => {
    const rows = await testDb()
      .db.selectFrom("rate_limit_hits")
      .select("count")
      .where("key", "=", `2fa-fail-user:${userId}`)
      .execute();
    return rows.reduce((sum, row) => sum + Number(row.count), 0);
  };
  const proven = async (cookie: string) => {
    const token = decodeURIComponent(sessionValue(cookie)).split(".")[0]!;
    const row = await testDb()
      .db.selectFrom("session")
      .select("secondFactorAt")
      .where("token", "=", token)
      .executeTakeFirstOrThrow();
    return Boolean(row.secondFactorAt);
  };

  beforeAll(async () => {
    context = await createTestContext(testDb());
    staff = await staffWithTwoFactor(context, "boss@example.com");
    attacker = await customerWithTwoFactor(context, "eve@example.com");
  });

  it("treats a request with two session cookies as signed out: the session read and the back-office door", async () => {
    const s = sessionValue(staff.provenCookie);
    const a = sessionValue(attacker.provenCookie);
    expect((await getSessionUser(context(), requestWith(`shop.session_token=${s}`)))?.email).toBe(staff.email);
    const confused = [
      `__Secure-shop.session_token=${s}; shop.session_token=${a}`,
      `shop.session_token=${s}; __Secure-shop.session_token=${a}`,
      `shop.session_token=${s}; shop.session_token=${a}`,
      `shop.session_token=${s}; shop.session_token=${s}`,
      `shop.session_token=${a}; age_verified=yes; shop.session_token=${s}`,
      // The name of an https deployment on this http one: not this shop's cookie.
      `__Secure-shop.session_token=${s}`,
    ];
    for (const cookie of confused) {
      expect(await getSessionUser(context(), requestWith(cookie)), cookie).toBeNull();
      expect(await door(context(), requestWith(cookie, "http://shop.test/admin")), cookie).toBe("404");
      expect(await door(context(), post(cookie, "/admin/orders", { intent: "x" })), cookie).toBe("403");
    }
  });

  it("refuses the attacker's own code for a staff session that has not given one (hole 1)", async () => {
    expect(await proven(staff.unprovenCookie)).toBe(false);
    const cookie = `__Secure-shop.session_token=${sessionValue(staff.unprovenCookie)}; shop.session_token=${sessionValue(attacker.provenCookie)}`;
    const [status, location] = await answer(
      signInTwoFactorAction(
        args(post(cookie, "/signin/two-factor", { code: await totpCode(attacker.totpUri, 1), redirectTo: "/admin" })),
      ),
    );
    expect(location).toBeNull();
    expect(status).toBe(401);
    expect(await proven(staff.unprovenCookie)).toBe(false);
    expect(await door(context(), post(staff.unprovenCookie, "/admin/orders", { intent: "x" }))).toBe("403");
    expect(await door(context(), requestWith(staff.unprovenCookie, "http://shop.test/admin"))).toBe(
      "/signin/two-factor?redirectTo=%2Fadmin",
    );
  });

  it("counts wrong codes against the account whose code was checked, and checks none for a confused request (hole 4)", async () => {
    const before = { staff: await failures(staff.id), attacker: await failures(attacker.id) };
    const decoy = `__Secure-shop.session_token=${sessionValue(attacker.provenCookie)}; shop.session_token=${sessionValue(staff.unprovenCookie)}`;
    for (let i = 0; i < 3; i++) {
      const result = await verifySecondFactor(context("198.51.100.4"), requestWith(decoy), { code: "000001" }, "totp");
      expect(result).toMatchObject({ ok: false, code: "sign-in" });
    }
    expect(await failures(attacker.id)).toBe(before.attacker);
    expect(await failures(staff.id)).toBe(before.staff);
    // The staff session itself, alone: its wrong code is counted against staff.
    const own = await verifySecondFactor(
      context("198.51.100.4"),
      requestWith(staff.unprovenCookie),
      { code: "000001" },
      "totp",
    );
    expect(own).toMatchObject({ ok: false, code: "invalid" });
    expect(await failures(staff.id)).toBe(before.staff + 1);
    expect(await failures(attacker.id)).toBe(before.attacker);
  });

  it("does not let a customer's session turn off staff two-factor with a decoy cookie (hole 2)", async () => {
    const cookie = `__Secure-shop.session_token=${sessionValue(attacker.provenCookie)}; shop.session_token=${sessionValue(staff.provenCookie)}`;
    const [status, location] = await answer(
      accountTwoFactorAction(args(post(cookie, "/account/two-factor", { intent: "off", password: staff.password }))),
    );
    expect([status, location]).toEqual([302, "/signin?redirectTo=%2Faccount%2Ftwo-factor"]);
    const row = await testDb()
      .db.selectFrom("user")
      .select("twoFactorEnabled")
      .where("id", "=", staff.id)
      .executeTakeFirstOrThrow();
    expect(Boolean(row.twoFactorEnabled)).toBe(true);
    expect(await door(context(), requestWith(staff.provenCookie, "http://shop.test/admin"))).toBe("passed");
  });
});

describeEachDatabase("one session cookie on https", (testDb) => {
  it("reads only __Secure-shop.session_token there, and signs out a request that also carries the plain name", async () => {
    const context = await createTestContext(testDb(), { env: { APP_URL: "https://shop.test" } });
    const staff = await staffWithTwoFactor(context, "boss@example.com");
    expect(staff.provenCookie).toMatch(/^__Secure-shop\.session_token=|; __Secure-shop\.session_token=/);
    const s = sessionValue(staff.provenCookie);
    const url = "https://shop.test/admin";
    expect(await door(context(), requestWith(`__Secure-shop.session_token=${s}`, url))).toBe("passed");
    for (const cookie of [
      `shop.session_token=${s}`,
      `shop.session_token=${s}; __Secure-shop.session_token=${s}`,
      `__Secure-shop.session_token=${s}; __Secure-shop.session_token=${s}`,
    ]) {
      expect(await getSessionUser(context(), requestWith(cookie, url)), cookie).toBeNull();
      expect(await door(context(), requestWith(cookie, url)), cookie).toBe("404");
    }
  });
});

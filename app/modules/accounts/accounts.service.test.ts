import type { ShopContext } from "~/context";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { signUpConfirmed } from "~/testing/accounts";
import { cookieHeader, requestWith } from "~/testing/test-context";
import { accountMessages } from "./accounts";
import * as accounts from "./accounts.service.server";
import { getSessionUser } from "./session.service.server";
import { adultBirthday, ok, signUpValues, startMailingShop } from "./testing/accounts-fixture";

// Signing up, signing in, the session cookie and making staff. Password resets and changes and signing out
// everywhere: accounts-passwords.service.test.ts.
describeEachDatabase("accounts", (testDb) => {
  let context: (ip?: string) => ShopContext;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ context, stop } = await startMailingShop(testDb()));
  });
  afterAll(() => stop());

  it("signs up a customer who is signed in by the confirmation link, with the spec's user record", async () => {
    const result = ok(await signUpConfirmed(context(), signUpValues("Alex@Example.com")));
    const user = await getSessionUser(context(), requestWith(cookieHeader(result.headers)));
    expect(user).toMatchObject({
      email: "alex@example.com",
      firstName: "Alex",
      lastName: "Morgan",
      dateOfBirth: adultBirthday,
      role: "customer",
      authProvider: "email",
    });
    const row = await testDb()
      .db.selectFrom("account")
      .select(["providerId", "password"])
      .where("userId", "=", user!.id)
      .executeTakeFirstOrThrow();
    expect(row.providerId).toBe("credential");
    expect(row.password).not.toContain("correct horse");
  });

  it("makes no second account with the same email, in any case, and answers as for a new one", async () => {
    const result = await accounts.signUp(context("192.0.2.2"), requestWith(), signUpValues("ALEX@example.com"));
    expect(result).toMatchObject({ ok: true });
    expect(
      await testDb().db.selectFrom("user").select("id").where("email", "=", "alex@example.com").execute(),
    ).toHaveLength(1);
  });

  it("refuses under-18s, short passwords and unticked terms, creating nothing", async () => {
    const today = new Date();
    const seventeen = `${today.getUTCFullYear() - 17}-01-01`;
    const cases: Array<[Record<string, string>, Record<string, string>]> = [
      [{ dateOfBirth: seventeen }, { dateOfBirth: accountMessages.underage }],
      [{ password: "short" }, { password: "Password must be at least 8 characters" }],
      [{ terms: "" }, { terms: "Please accept the terms to create an account" }],
      [{ email: "not an email" }, { email: "Invalid email" }],
      [{ dateOfBirth: "2001-02-30" }, { dateOfBirth: "Enter your date of birth as a real date" }],
    ];
    for (const [changes, errors] of cases) {
      const result = await accounts.signUp(
        context("192.0.2.3"),
        requestWith(),
        signUpValues("young@example.com", changes),
      );
      expect(result).toMatchObject({ ok: false, fieldErrors: errors });
    }
    expect(
      await testDb().db.selectFrom("user").select("id").where("email", "=", "young@example.com").execute(),
    ).toEqual([]);
  });

  it("signs in with the right password only; remember me decides how long the session lasts", async () => {
    const wrong = await accounts.signIn(context("192.0.2.4"), requestWith(), {
      email: "alex@example.com",
      password: "wrong password",
      rememberMe: false,
    });
    expect(wrong).toMatchObject({ ok: false, message: "Invalid email or password" });
    const unknown = await accounts.signIn(context("192.0.2.4"), requestWith(), {
      email: "nobody@example.com",
      password: "whatever123",
      rememberMe: false,
    });
    expect(unknown).toMatchObject({ ok: false, message: "Invalid email or password" });

    const remembered = ok(
      await accounts.signIn(context("192.0.2.4"), requestWith(), {
        email: "alex@example.com",
        password: "correct horse battery",
        rememberMe: true,
      }),
    );
    const sessionCookie = (headers: Headers) =>
      headers.getSetCookie().find((c) => c.startsWith("shop.session_token="))!;
    expect(sessionCookie(remembered.headers)).toMatch(/Max-Age=\d+/);
    const browserOnly = ok(
      await accounts.signIn(context("192.0.2.4"), requestWith(), {
        email: "alex@example.com",
        password: "correct horse battery",
        rememberMe: false,
      }),
    );
    expect(sessionCookie(browserOnly.headers)).not.toMatch(/Max-Age|Expires/);
    expect(sessionCookie(browserOnly.headers)).toMatch(/HttpOnly/);
  });

  it("limits failed sign-ins per email address, for the addresses that failed", async () => {
    for (let i = 0; i < 10; i++) {
      await accounts.signIn(context(`192.0.2.${50 + i}`), requestWith(), {
        email: "target@example.com",
        password: "guess-number-" + i,
        rememberMe: false,
      });
    }
    const again = await accounts.signIn(context("192.0.2.50"), requestWith(), {
      email: "target@example.com",
      password: "guess-number-10",
      rememberMe: false,
    });
    expect(again).toMatchObject({
      ok: false,
      code: "too-many",
      message: expect.stringMatching(/^Too many sign-in attempts\. Please wait/),
    });
  });

  it("treats a forged or old session cookie as signed out", async () => {
    for (const cookie of ["shop.session_token=forged.value", "shop.session_token=", "shop.session_token=%E0%A4%A"]) {
      expect(await getSessionUser(context(), requestWith(cookie))).toBeNull();
    }
  });

  it("reads a live session directly and leaves expired, tampered and due-for-refresh ones to Better Auth's rules", async () => {
    const signedIn = ok(
      await accounts.signIn(context("192.0.2.5"), requestWith(), {
        email: "alex@example.com",
        password: "correct horse battery",
        rememberMe: true,
      }),
    );
    const cookie = cookieHeader(signedIn.headers);
    const token = decodeURIComponent(cookie.match(/shop\.session_token=([^;]+)/)![1]!).split(".")[0]!;
    const session = () =>
      testDb().db.selectFrom("session").select("expiresAt").where("token", "=", token).executeTakeFirstOrThrow();
    // Stored as Better Auth stores it: an ISO string on SQLite, a timestamptz on PostgreSQL.
    const setExpiry = (at: Date) =>
      testDb()
        .db.updateTable("session")
        .set({ expiresAt: (testDb().kind === "sqlite" ? at.toISOString() : at) as never })
        .where("token", "=", token)
        .execute();
    const betterAuth = vi.spyOn(context().auth.api, "getSession");
    expect(await getSessionUser(context(), requestWith(cookie))).toMatchObject({ email: "alex@example.com" });
    expect(betterAuth).not.toHaveBeenCalled(); // one join, no round trip through Better Auth
    // A signature that does not match the token: not this session.
    // (The first character of the signature: all six of its bits count, unlike the last one's before the padding.)
    const tampered = cookie.replace(
      /(shop\.session_token=[^.;]+\.)(.)/,
      (_all, start: string, first: string) => start + (first === "A" ? "B" : "A"),
    );
    expect(tampered).not.toBe(cookie);
    expect(await getSessionUser(context(), requestWith(tampered))).toBeNull();
    betterAuth.mockClear(); // (a signature that does not match is Better Auth's to refuse)
    // Due for its daily refresh (29 days left of 30): still signed in, and the session is extended to 30 days again.
    const DAY = 24 * 60 * 60 * 1000;
    await setExpiry(new Date(Date.now() + 29 * DAY - 60_000));
    expect(await getSessionUser(context(), requestWith(cookie))).toMatchObject({ email: "alex@example.com" });
    expect(betterAuth).toHaveBeenCalledTimes(1);
    expect(new Date((await session()).expiresAt as never).getTime()).toBeGreaterThan(Date.now() + 29.9 * DAY);
    // Expired: signed out.
    await setExpiry(new Date(Date.now() - 60_000));
    expect(await getSessionUser(context(), requestWith(cookie))).toBeNull();
    betterAuth.mockRestore();
  });

  it("makes staff only through createOrPromoteStaff", async () => {
    expect(
      await accounts.createOrPromoteStaff(context(), { email: "Boss@Example.com", password: "staff passphrase 1" }),
    ).toBe("created");
    // Made by the owner's command: signed in at once, and no confirmation e-mail is queued.
    expect(
      await testDb().db.selectFrom("jobs").select("id").where("recipient", "=", "boss@example.com").execute(),
    ).toEqual([]);
    const signedIn = ok(
      await accounts.signIn(context("192.0.2.9"), requestWith(), {
        email: "boss@example.com",
        password: "staff passphrase 1",
        rememberMe: false,
      }),
    );
    expect((await getSessionUser(context(), requestWith(cookieHeader(signedIn.headers))))!.role).toBe("staff");
    expect(
      await accounts.createOrPromoteStaff(context(), { email: "alex@example.com", password: "ignored passphrase" }),
    ).toBe("promoted");
    const row = await testDb()
      .db.selectFrom("user")
      .select("role")
      .where("email", "=", "alex@example.com")
      .executeTakeFirstOrThrow();
    expect(row.role).toBe("staff");
  });
});

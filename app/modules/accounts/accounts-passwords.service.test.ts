import type { ShopContext } from "~/context";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { signUpConfirmed } from "~/testing/accounts";
import { linkIn } from "~/testing/smtp-sink";
import { cookieHeader, requestWith } from "~/testing/test-context";
import { accountMessages } from "./accounts";
import * as accounts from "./accounts.service.server";
import { getSessionUser } from "./session.service.server";
import { ok, signUpValues, startMailingShop, type SmtpSink } from "./testing/accounts-fixture";

// Resetting and changing a password, changing the name and signing out everywhere, for a confirmed customer.
describeEachDatabase("accounts: passwords and signing out", (testDb) => {
  let sink: SmtpSink;
  let context: (ip?: string) => ShopContext;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ sink, context, stop } = await startMailingShop(testDb()));
    ok(await signUpConfirmed(context(), signUpValues("alex@example.com")));
    await sink.waitFor(1); // the confirmation e-mail, before the tests count theirs
  });
  afterAll(() => stop());

  it("resets a password through a one-time e-mailed link and ends every session", async () => {
    const before = ok(
      await accounts.signIn(context("192.0.2.5"), requestWith(), {
        email: "alex@example.com",
        password: "correct horse battery",
        rememberMe: true,
      }),
    );
    const oldCookie = cookieHeader(before.headers);
    const mailsBefore = sink.received.length;
    ok(await accounts.requestPasswordReset(context("192.0.2.5"), { email: "nobody-here@example.com" }));
    ok(await accounts.requestPasswordReset(context("192.0.2.5"), { email: "ALEX@example.com" }));
    const mails = await sink.waitFor(mailsBefore + 1);
    expect(mails).toHaveLength(mailsBefore + 1); // nothing was sent for the unknown address
    const mail = mails.at(-1)!;
    expect(mail.to).toEqual(["alex@example.com"]);
    const token = new URL(linkIn(mail, "/reset-password")).searchParams.get("token")!;

    const weak = await accounts.resetPassword(context(), { token, password: "short" });
    expect(weak).toMatchObject({ ok: false, fieldErrors: { password: "Password must be at least 8 characters" } });
    ok(await accounts.resetPassword(context(), { token, password: "a brand new passphrase" }));
    expect(await getSessionUser(context(), requestWith(oldCookie))).toBeNull();
    expect(await accounts.resetPassword(context(), { token, password: "another new passphrase" })).toMatchObject({
      ok: false,
      message: accountMessages.resetInvalid,
    });
    expect(
      await accounts.resetPassword(context(), { token: "made-up-token", password: "another new passphrase" }),
    ).toMatchObject({ ok: false, message: accountMessages.resetInvalid });
    ok(
      await accounts.signIn(context("192.0.2.6"), requestWith(), {
        email: "alex@example.com",
        password: "a brand new passphrase",
        rememberMe: false,
      }),
    );
  });

  it("limits reset requests per email address", async () => {
    for (let i = 0; i < 3; i++)
      ok(await accounts.requestPasswordReset(context(`192.0.2.${100 + i}`), { email: "limit@example.com" }));
    expect(await accounts.requestPasswordReset(context("192.0.2.110"), { email: "limit@example.com" })).toMatchObject({
      ok: false,
      code: "too-many",
    });
  });

  it("changes name and password; other sessions end", async () => {
    const first = ok(
      await accounts.signIn(context("192.0.2.7"), requestWith(), {
        email: "alex@example.com",
        password: "a brand new passphrase",
        rememberMe: true,
      }),
    );
    const second = ok(
      await accounts.signIn(context("192.0.2.7"), requestWith(), {
        email: "alex@example.com",
        password: "a brand new passphrase",
        rememberMe: true,
      }),
    );
    const cookie = cookieHeader(first.headers);
    ok(await accounts.updateProfile(context(), requestWith(cookie), { firstName: "Alexandra", lastName: "Morgan" }));
    expect((await getSessionUser(context(), requestWith(cookie)))!.firstName).toBe("Alexandra");
    expect(
      await accounts.changePassword(context(), requestWith(cookie), {
        currentPassword: "nope",
        newPassword: "yet another passphrase",
      }),
    ).toMatchObject({ ok: false, fieldErrors: { currentPassword: "Your current password is not right" } });
    const changed = ok(
      await accounts.changePassword(context(), requestWith(cookie), {
        currentPassword: "a brand new passphrase",
        newPassword: "yet another passphrase",
      }),
    );
    expect(await getSessionUser(context(), requestWith(cookieHeader(second.headers)))).toBeNull();
    expect(await getSessionUser(context(), requestWith(cookieHeader(changed.headers)))).not.toBeNull();
  });

  it("signs out everywhere", async () => {
    const a = ok(
      await accounts.signIn(context("192.0.2.8"), requestWith(), {
        email: "alex@example.com",
        password: "yet another passphrase",
        rememberMe: true,
      }),
    );
    const b = ok(
      await accounts.signIn(context("192.0.2.8"), requestWith(), {
        email: "alex@example.com",
        password: "yet another passphrase",
        rememberMe: true,
      }),
    );
    await accounts.signOutEverywhere(context(), requestWith(cookieHeader(a.headers)));
    expect(await getSessionUser(context(), requestWith(cookieHeader(a.headers)))).toBeNull();
    expect(await getSessionUser(context(), requestWith(cookieHeader(b.headers)))).toBeNull();
  });
});

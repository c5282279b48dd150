import { expect, it } from "vitest";
import { createDatabase } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import * as accounts from "./accounts.service.server";
import { getSessionUser } from "./session.service.server";
import { signUpConfirmed } from "~/testing/accounts";

// Two server copies = two independent service stacks with their own connection pools on one database.
describeEachDatabase("several server copies on one database", (testDb) => {
  it("share sessions, the auth secret and rate-limit counters", async () => {
    const first = await createTestContext(testDb());
    const secondDb = createDatabase(testDb().url);
    try {
      const second = await createTestContext({ ...testDb(), db: secondDb });
      const signedUp = await signUpConfirmed(first("198.18.0.1"), {
        firstName: "Pat",
        lastName: "Lee",
        email: "pat@example.com",
        password: "shared secret pw",
        dateOfBirth: "1985-05-05",
        terms: "on",
      });
      if (!signedUp.ok) throw new Error("sign-up failed");
      const cookie = cookieHeader(signedUp.headers);
      expect((await getSessionUser(second(), requestWith(cookie)))?.email).toBe("pat@example.com");

      // Ten failures on one e-mail from ten addresses, whichever copy answers, count together: the next try from an
      // address that has failed on it is held back.
      for (let i = 0; i < 10; i++) {
        const context = i % 2 === 0 ? first(`198.18.0.${10 + i}`) : second(`198.18.0.${10 + i}`);
        expect(
          await accounts.signIn(context, requestWith(), {
            email: "victim@example.com",
            password: `guess ${i}`,
            rememberMe: false,
          }),
        ).toMatchObject({ code: "sign-in" });
      }
      const eleventh = await accounts.signIn(first("198.18.0.10"), requestWith(), {
        email: "victim@example.com",
        password: "guess 10",
        rememberMe: false,
      });
      expect(eleventh).toMatchObject({ ok: false, code: "too-many" });

      await accounts.signOut(second(), requestWith(cookie));
      expect(await getSessionUser(first(), requestWith(cookie))).toBeNull();
    } finally {
      await secondDb.destroy();
    }
  });
});

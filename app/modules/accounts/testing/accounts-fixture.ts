// The shared set-up of the account service tests: a shop whose e-mail goes through the job worker to a local SMTP
// sink, and the values of a sign-up form.
import type { TestDatabase } from "~/db/testing/test-database";
import { createLogger } from "~/lib/log.server";
import { createMailer } from "~/lib/mailer.server";
import { startTestWorker } from "~/testing/job-worker";
import { startSmtpSink } from "~/testing/smtp-sink";
import { createTestContext } from "~/testing/test-context";
import type { AccountResult } from "../accounts.service.server";

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

export const adultBirthday = "1990-04-12";
export const signUpValues = (email: string, changes: Record<string, string> = {}) => ({
  firstName: "Alex",
  lastName: "Morgan",
  email,
  password: "correct horse battery",
  dateOfBirth: adultBirthday,
  terms: "on",
  ...changes,
});
export const ok = (result: AccountResult) => {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result)}`);
  return result;
};

/** A test context that e-mails `sink` through a running job worker; `stop()` ends both (call it in afterAll). */
export async function startMailingShop(database: TestDatabase) {
  const sink = await startSmtpSink();
  const context = await createTestContext(database, {
    mailer: createMailer({ smtpUrl: sink.url, from: "shop@example.com", log: createLogger("silent") }),
  });
  const worker = startTestWorker(database, context().mailer);
  return {
    sink,
    context,
    stop: async () => {
      await worker.stop();
      await sink.close();
    },
  };
}

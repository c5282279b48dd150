import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failFields } from "~/lib/result";
import { startTestWorker } from "~/testing/job-worker";
import type { JobWorker } from "~/modules/jobs/worker.server";
import { createSqliteTestDatabase, describeEachDatabase } from "~/db/testing/test-database";
import { loadConfig } from "~/lib/config.server";
import { createShopServices } from "~/context.server";
import { createLogger } from "~/lib/log.server";
import { createMailer } from "~/lib/mailer.server";
import type { ShopContext } from "~/context";
import { startSmtpSink } from "~/testing/smtp-sink";
import { checkContact, contactValues, type ContactValues } from "./contact";
import { handleContactForm } from "./contact.action.server";
import { sendContactMessage } from "./contact.service.server";

const log = createLogger("silent");
const valid: ContactValues = {
  firstName: "Priya",
  lastName: "Shah",
  email: "priya@example.com",
  phone: "07700 900456",
  subject: "Support",
  message: "My pod arrived without its cap. Could you send one?",
};

describe("contact form rules (spec section 5)", () => {
  const errorsFor = (changes: Partial<ContactValues>) => {
    const checked = checkContact({ ...valid, ...changes });
    return "errors" in checked ? checked.errors : {};
  };
  it("accepts a complete message; last name and phone are optional", () => {
    expect(checkContact({ ...valid, lastName: "" })).toEqual({ input: { ...valid, lastName: "" } });
    expect(checkContact({ ...valid, phone: "" })).toEqual({ input: { ...valid, phone: "" } });
  });
  it("gives the spec's messages", () => {
    expect(errorsFor({ firstName: "  " })).toEqual({ firstName: "First name is required" });
    expect(errorsFor({ email: "" })).toEqual({ email: "Email is required" });
    expect(errorsFor({ email: "priya at example.com" })).toEqual({ email: "Invalid email" });
    expect(errorsFor({ email: "pri ya@example.com" })).toEqual({ email: "Invalid email" });
    // The phone number is optional; one that is given must be a phone number.
    expect(errorsFor({ phone: "" })).toEqual({});
    expect(errorsFor({ phone: "call me" })).toEqual({ phone: "Enter a phone number using digits" });
    expect(errorsFor({ message: "" })).toEqual({ message: "Message is required" });
    expect(Object.keys(errorsFor({ firstName: "", email: "", phone: "", message: "" })).sort()).toEqual([
      "email",
      "firstName",
      "message",
    ]);
  });
  it("limits lengths and refuses forged subjects", () => {
    expect(errorsFor({ message: "x".repeat(5001) })).toEqual({ message: "Message must be 5000 characters or fewer" });
    expect(errorsFor({ firstName: "x".repeat(101) })).toEqual({
      firstName: "First name must be 100 characters or fewer",
    });
    expect(errorsFor({ subject: "Refund now" })).toEqual({ subject: "Choose a subject from the list" });
  });
  it("reads a missing subject as the first choice", () => {
    const form = new FormData();
    form.set("firstName", "A");
    expect(contactValues(form).subject).toBe("General Inquiry");
  });
});

describeEachDatabase("contact messages", (testDb) => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let worker: JobWorker;
  beforeAll(async () => {
    sink = await startSmtpSink();
    worker = startTestWorker(testDb(), createMailer({ smtpUrl: sink.url, from: "Shop <shop@example.com>", log }));
  });
  afterAll(async () => {
    await worker.stop();
    await sink.close();
  });
  const deps = () => ({
    db: testDb().db,
    log,
    mailer: createMailer({ smtpUrl: sink.url, from: "Shop <shop@example.com>", log }),
    staffEmail: "staff@example.com",
    shopName: "Vapour Lane",
  });

  it("saves a message as unhandled and e-mails the staff through SMTP", async () => {
    const outcome = await sendContactMessage(deps(), valid, { honeypot: "", clientIp: "10.0.0.1" });
    expect(outcome.ok).toBe(true);
    const row = await testDb()
      .db.selectFrom("messages")
      .selectAll()
      .where("id", "=", (outcome as { id: string }).id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      first_name: "Priya",
      last_name: "Shah",
      email: "priya@example.com",
      phone: "07700 900456",
      subject: "Support",
      handled: 0,
    });
    expect(row.message).toBe(valid.message);
    const [mail] = await sink.waitFor(1);
    expect(mail!.to).toEqual(["staff@example.com"]);
    expect(mail!.raw).toContain("Subject: [Vapour Lane] Support from Priya Shah");
    expect(mail!.raw).toContain("Reply-To: priya@example.com");
    expect(mail!.raw).toContain("My pod arrived without its cap.");
  });

  it("saves nothing when a field is wrong", async () => {
    const before = await testDb()
      .db.selectFrom("messages")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    const outcome = await sendContactMessage(
      deps(),
      { ...valid, email: "nope" },
      { honeypot: "", clientIp: "10.0.0.2" },
    );
    expect(outcome).toEqual(failFields({ email: "Invalid email" }));
    const after = await testDb()
      .db.selectFrom("messages")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("pretends to accept a robot's message (honeypot filled) but saves nothing", async () => {
    const outcome = await sendContactMessage(
      deps(),
      { ...valid, message: "robot text" },
      { honeypot: "http://spam.example", clientIp: "10.0.0.3" },
    );
    expect(outcome).toEqual({ ok: true, id: null });
    const rows = await testDb().db.selectFrom("messages").select("id").where("message", "=", "robot text").execute();
    expect(rows).toEqual([]);
  });

  it("allows five messages an hour from one address, then refuses with a clear message", async () => {
    const from = (i: number) => ({ ...valid, email: `sender${i}@example.com` });
    for (let i = 0; i < 5; i++) {
      expect((await sendContactMessage(deps(), from(i), { honeypot: "", clientIp: "10.0.0.9" })).ok).toBe(true);
    }
    const sixth = await sendContactMessage(deps(), from(5), { honeypot: "", clientIp: "10.0.0.9" });
    expect(sixth).toMatchObject({ ok: false, code: "too-many" });
    expect((sixth as { message: string }).message).toMatch(
      /Please try again in (about an hour|about \d+ minutes|a minute)/,
    );
    expect((await sendContactMessage(deps(), from(6), { honeypot: "", clientIp: "10.0.0.10" })).ok).toBe(true);
  });

  it("allows three messages an hour about one e-mail address, from wherever they come", async () => {
    const sameSender = { ...valid, email: "Roaming@Example.com" };
    const outcomes = [];
    for (let i = 0; i < 4; i++)
      outcomes.push((await sendContactMessage(deps(), sameSender, { honeypot: "", clientIp: `10.0.1.${i}` })).ok);
    expect(outcomes).toEqual([true, true, true, false]);
  });

  it("keeps the message when the mail server is down", async () => {
    const down = { ...deps(), mailer: createMailer({ smtpUrl: "smtp://127.0.0.1:1", from: "x@example.com", log }) };
    const outcome = await sendContactMessage(
      down,
      { ...valid, email: "kept@example.com", message: "kept despite mail" },
      { honeypot: "", clientIp: "10.0.0.11" },
    );
    expect(outcome.ok).toBe(true);
    const rows = await testDb()
      .db.selectFrom("messages")
      .select("id")
      .where("message", "=", "kept despite mail")
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe("the contact action when the database fails", () => {
  it("answers 'Failed to send message.' and hands back what was typed", async () => {
    const broken = await createSqliteTestDatabase();
    await broken.drop();
    const working = await createSqliteTestDatabase();
    const services = await createShopServices(loadConfig({}), working.db, log);
    await working.drop();
    const context: ShopContext = { ...services, db: broken.db, nonce: "", clientIp: "10.0.0.20" };
    const form = new FormData();
    for (const [name, value] of Object.entries(valid)) form.set(name, value);
    const { result, status } = await handleContactForm(context, form);
    expect(status).toBe(500);
    expect(result).toEqual({ ok: false, values: valid, errors: {}, formError: "Failed to send message." });
  });
});

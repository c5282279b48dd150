// Replies to contact messages from the back office (issue 64, docs/decisions/085), and the contact form's
// personal part for a signed-in customer.
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ShopContext } from "~/context";
import { createShopJobWorker } from "~/context.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { loadConfig } from "~/lib/config.server";
import { createLogger } from "~/lib/log.server";
import { createMailer } from "~/lib/mailer.server";
import { sendContactMessage } from "~/modules/content/contact.service.server";
import MessagePage, { action as replyAction, loader as messageLoader } from "~/routes/admin/message";
import { loader as meLoader } from "~/routes/api-me";
import * as contactRoute from "~/routes/contactus";
import { provedSecondFactor, signUpConfirmed } from "~/testing/accounts";
import { answerOf } from "~/testing/route-answer";
import { mailParts, startSmtpSink } from "~/testing/smtp-sink";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import { REPLY_MAX } from "./messages-admin";
import { sendReply } from "./messages-admin.service.server";

const log = createLogger("silent");

/** The page as a person reads it: its text without tags. */
function render(loaderData: unknown, path: string, actionData?: unknown) {
  const Stub = createRoutesStub([{ id: "page", path: "/admin/messages/:id", Component: MessagePage as ComponentType }]);
  const html = renderToStaticMarkup(
    createElement(Stub, {
      initialEntries: [path],
      hydrationData: { loaderData: { page: loaderData }, ...(actionData ? { actionData: { page: actionData } } : {}) },
    }),
  )
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
  return { html, text: html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ") };
}

describeEachDatabase("replies to contact messages", (testDb) => {
  let context: () => ShopContext;
  const cookies = { owner: "", packer: "", customer: "" };
  let messageId = "";
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let lastActor: Parameters<typeof sendReply>[1] | undefined;

  const post = (cookie: string, id: string, body: string) => {
    const headers: Record<string, string> = {
      origin: "http://shop.test",
      "content-type": "application/x-www-form-urlencoded",
    };
    if (cookie) headers.cookie = cookie;
    const request = new Request(`http://shop.test/admin/messages/${id}`, {
      method: "POST",
      body: new URLSearchParams({ body }),
      headers,
    });
    return answerOf(() => replyAction({ request, context: context(), params: { id } } as never));
  };
  const load = (cookie: string, id: string) =>
    answerOf(() =>
      messageLoader({
        request: requestWith(cookie, `http://shop.test/admin/messages/${id}`),
        context: context(),
        params: { id },
      } as never),
    );
  const stored = async () => {
    const { db } = testDb();
    const replies = await db.selectFrom("message_replies").selectAll().execute();
    const jobs = await db.selectFrom("jobs").selectAll().where("kind", "=", "message-reply").execute();
    return { replies, jobs };
  };

  beforeAll(async () => {
    const { db } = testDb();
    sink = await startSmtpSink();
    const make = await createTestContext(testDb(), {
      env: { SHOP_NAME: "Vapour Lane", SHOP_EMAIL: "hello@shop.test" },
    });
    context = () => make("198.51.100.9");
    const signUp = async (email: string, firstName: string, roles: string | null) => {
      const values = { firstName, lastName: "Lee", email, password: "correct horse battery" };
      const result = await signUpConfirmed(make(), { ...values, dateOfBirth: "1990-05-05", terms: "on" });
      if (!result.ok) throw new Error(`sign-up failed: ${result.message}`);
      if (!roles) return cookieHeader(result.headers);
      await db.updateTable("user").set({ role: "staff", staffRoles: roles }).where("email", "=", email).execute();
      return provedSecondFactor(db, cookieHeader(result.headers));
    };
    cookies.owner = await signUp("olive-replies@example.com", "Olive", "owner");
    cookies.packer = await signUp("percy-replies@example.com", "Percy", "packer");
    cookies.customer = await signUp("cara-replies@example.com", "Cara", null);
    const sent = await sendContactMessage(
      { db, log, staffEmail: "staff@example.com", shopName: "Vapour Lane" },
      {
        firstName: "Zoe",
        lastName: "Adams",
        email: "zoe@example.com",
        phone: "",
        subject: "Support",
        message: "Where is my order? It was due on Tuesday.",
      },
      { honeypot: "", clientIp: "192.0.2.70" },
    );
    if (!sent.ok || !sent.id) throw new Error("contact message not saved");
    messageId = sent.id;
    await db
      .updateTable("messages")
      .set({ created_at: "2026-07-01T08:30:00.000Z" })
      .where("id", "=", messageId)
      .execute();
  });
  afterAll(async () => {
    await sink?.close();
  });

  it("refuses a reply from anyone without `messages`, an empty or too long one, and stores nothing", async () => {
    for (const cookie of [cookies.packer, cookies.customer, ""]) {
      const answer = await post(cookie, messageId, "Hello from someone who may not");
      expect(answer.status).toBe(403);
    }
    // Read by a customer or a visitor, the page does not show itself.
    expect((await load(cookies.customer, messageId)).status).toBe(404);
    expect((await load("", messageId)).status).toBe(404);
    expect((await load(cookies.packer, messageId)).status).toBe(403);

    const empty = await post(cookies.owner, messageId, "   ");
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ ok: false, errors: { body: "Write your reply" } });
    const long = await post(cookies.owner, messageId, "x".repeat(REPLY_MAX + 1));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ errors: { body: `Your reply must be ${REPLY_MAX} characters or fewer` } });
    // What was typed comes back to the form, with the message under the field.
    const { text } = render((await load(cookies.owner, messageId)).body, `/admin/messages/${messageId}`, empty.body);
    expect(text).toContain("No reply sent from the shop yet.");
    expect(text).toContain("Write your reply");

    expect(await stored()).toEqual({ replies: [], jobs: [] });
    const { db } = testDb();
    const message = await db
      .selectFrom("messages")
      .select("handled")
      .where("id", "=", messageId)
      .executeTakeFirstOrThrow();
    expect(message.handled).toBe(0);
  });

  it("answers an unknown message with 404, to read or to reply", async () => {
    expect((await load(cookies.owner, "no-such-message")).status).toBe(404);
    expect((await post(cookies.owner, "no-such-message", "Hello")).status).toBe(404);
    expect((await stored()).replies).toEqual([]);
  });

  it("stores the reply with its e-mail job, marks the message handled, logs it without its words, shows it", async () => {
    const { db } = testDb();
    const answer = await post(cookies.owner, messageId, "  It left us on Monday: tracking AB123.  ");
    expect(answer).toMatchObject({ status: 200, body: { ok: true, notice: "Reply sent." } });

    const { replies, jobs } = await stored();
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({
      message_id: messageId,
      staff_name: "Olive Lee",
      body: "It left us on Monday: tracking AB123.",
    });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ recipient: "zoe@example.com", subject: "Re: Support (Vapour Lane)" });
    expect(JSON.parse(jobs[0]!.payload)).toMatchObject({
      to: "zoe@example.com",
      name: "Zoe",
      body: "It left us on Monday: tracking AB123.",
      quote: "Where is my order? It was due on Tuesday.",
    });
    const message = await db
      .selectFrom("messages")
      .select(["handled", "handled_by"])
      .where("id", "=", messageId)
      .executeTakeFirstOrThrow();
    expect(message).toEqual({ handled: 1, handled_by: replies[0]!.staff_user_id });

    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "entity_id", "details", "outcome"])
      .where("action", "=", "message.replied")
      .execute();
    expect(audit).toEqual([
      {
        action: "message.replied",
        entity_id: messageId,
        outcome: "done",
        details: JSON.stringify({ replyId: replies[0]!.id, length: 37 }),
      },
    ]);

    const page = await load(cookies.owner, messageId);
    expect(page.status).toBe(200);
    const { html, text } = render(page.body, `/admin/messages/${messageId}`);
    expect(text).toContain("Olive Lee replied");
    expect(text).toContain("It left us on Monday: tracking AB123.");
    expect(text).toMatch(/replied \w{3} \d+ \w{3} \d{4}, \d\d:\d\d/); // London time
    expect(text).toContain("Where is my order? It was due on Tuesday.");
    expect(html).toMatch(/<label for="field-body"[^>]*>Your reply/);
    expect(html).toMatch(/<textarea[^>]*maxLength="5000"[^>]*id="field-body"/);
    expect(text).toContain("Send reply");

    // The worker sends it from the shop, answered to the shop's address, quoting the message.
    const config = loadConfig({ SHOP_NAME: "Vapour Lane", SHOP_EMAIL: "hello@shop.test" });
    const mailer = createMailer({ smtpUrl: sink.url, from: "Vapour Lane <hello@shop.test>", log });
    const worker = createShopJobWorker({ db, mailer, log, config }, { pollMs: 20 });
    await db.deleteFrom("jobs").where("kind", "!=", "message-reply").execute();
    const before = sink.received.length;
    expect(await worker.runOnce()).toBe(1);
    const [mail] = (await sink.waitFor(before + 1)).slice(before);
    mailer.close();
    expect(mail!.to).toEqual(["zoe@example.com"]);
    expect(mail!.raw).toMatch(/^From: Vapour Lane <hello@shop\.test>/m);
    expect(mail!.raw).toMatch(/^Reply-To: hello@shop\.test/m);
    const { text: mailText } = mailParts(mail!);
    expect(mailText).toContain("Hello Zoe,");
    expect(mailText).toContain("It left us on Monday: tracking AB123.");
    expect(mailText).toContain("> Where is my order? It was due on Tuesday.");
  });

  it("keeps neither the reply nor its job when the job cannot be written", async () => {
    const { db } = testDb();
    // A sender's address the reply's job refuses: the job fails after the reply was written in the transaction.
    await db
      .insertInto("messages")
      .values({
        id: "msg-bad-address",
        first_name: "Bo",
        last_name: "",
        email: "not an address",
        phone: "",
        subject: "Feedback",
        message: "Hi",
        handled: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    const owner = await db
      .selectFrom("user")
      .selectAll()
      .where("email", "=", "olive-replies@example.com")
      .executeTakeFirstOrThrow();
    const actor = {
      id: owner.id,
      name: owner.name,
      email: owner.email,
      firstName: "Olive",
      lastName: "Lee",
      dateOfBirth: "1990-05-05",
      role: "staff" as const,
      authProvider: "email" as const,
      staffRoles: ["owner" as const],
    };
    await expect(
      sendReply({ db, shopName: "Vapour Lane" }, actor, "msg-bad-address", { body: "Thank you" }),
    ).rejects.toThrow();
    lastActor = actor;
    const replies = await db
      .selectFrom("message_replies")
      .select("id")
      .where("message_id", "=", "msg-bad-address")
      .execute();
    expect(replies).toEqual([]);
    const handled = await db
      .selectFrom("messages")
      .select("handled")
      .where("id", "=", "msg-bad-address")
      .executeTakeFirstOrThrow();
    expect(handled.handled).toBe(0);
  });

  it("lets one member of staff send 30 replies an hour, then refuses with nothing stored", async () => {
    const { db } = testDb();
    const deps = { db, shopName: "Vapour Lane" };
    const at = new Date("2026-08-01T10:00:00.000Z");
    const sent = [];
    for (let i = 0; i < 30; i++) sent.push(await sendReply(deps, lastActor!, messageId, { body: `Reply ${i}` }, at));
    expect(sent.every((r) => r.ok)).toBe(true);
    const refused = await sendReply(deps, lastActor!, messageId, { body: "One too many" }, at);
    expect(refused).toMatchObject({ ok: false, code: "too-many" });
    const { replies, jobs } = await stored();
    expect(replies).toHaveLength(31); // the first one, and these 30
    expect(jobs.filter((j) => j.payload.includes("One too many"))).toEqual([]);
    await db.deleteFrom("message_replies").where("body", "like", "Reply %").execute();
  });

  it("erases a message's replies with it (a customer's account deleted)", async () => {
    const { db } = testDb();
    expect((await stored()).replies).toHaveLength(1);
    await db.deleteFrom("messages").where("id", "=", messageId).execute();
    expect((await stored()).replies).toEqual([]);
  });

  it("tells the contact form who a signed-in customer is, and a visitor nothing; the page itself is nobody's", async () => {
    const me = async (cookie: string) => {
      const answer = await meLoader({
        request: requestWith(cookie, "http://shop.test/api/me"),
        context: context(),
        params: {},
      } as never);
      return (await (answer as Response).json()) as { user: unknown };
    };
    expect((await me(cookies.customer)).user).toMatchObject({
      firstName: "Cara",
      lastName: "Lee",
      email: "cara-replies@example.com",
    });
    expect((await me("")).user).toBeNull();
    // The contact page has no loader: nothing on it is read from the session, so its cached copy is everyone's.
    expect("loader" in contactRoute).toBe(false);
  });
});

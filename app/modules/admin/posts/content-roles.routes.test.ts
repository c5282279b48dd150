// Staff roles in the back office's content and messages (issue 63): a packer's crafted posts to the blog, reviews,
// About page, messages and mail pages are refused (403), change nothing and are logged; an owner's edits are logged
// with what changed, in the same transaction; the frame and the dashboard show a packer only what their role allows.
import { beforeAll, expect, it } from "vitest";
import type { ShopContext } from "~/context";
import { describeEachDatabase } from "~/db/testing/test-database";
import { passwordResetJob } from "~/modules/accounts/accounts.jobs";
import { enqueueJob } from "~/modules/jobs/jobs.service.server";
import { action as aboutAction, loader as aboutLoader } from "~/routes/admin/about";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { action as mailAction } from "~/routes/admin/mail";
import { action as messagesAction } from "~/routes/admin/messages";
import { action as postAction } from "~/routes/admin/post";
import { action as postNewAction } from "~/routes/admin/post-new";
import { loader as postsLoader } from "~/routes/admin/posts";
import { action as reviewsAction } from "~/routes/admin/reviews";
import { provedSecondFactor, signUpConfirmed } from "~/testing/accounts";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import { answerOf } from "~/testing/route-answer";

const post = (cookie: string, path: string, form: Record<string, string>) =>
  new Request(`http://shop.test${path}`, {
    method: "POST",
    headers: { cookie, origin: "http://shop.test", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
  });
const get = (cookie: string, path: string) => requestWith(cookie, `http://shop.test${path}`);

const postForm = (changes: Record<string, string> = {}) => ({
  intent: "save",
  title: "Five tips for longer battery life",
  slug: "battery-tips",
  excerpt: "Small habits that keep your device going all day.",
  author: "Megan Lewis",
  body: "## Charge smart\n\nUnplug it when it is full.",
  publishDate: "2026-10-15",
  ...changes,
});

describeEachDatabase("staff roles in the back office's content and messages", (testDb) => {
  let context: () => ShopContext;
  let ownerCookie = "";
  let packerCookie = "";
  let packerId = "";
  let postId = "";
  let reviewId = "";
  let mailId = "";
  const args = (request: Request, params: Record<string, string> = {}) =>
    ({ request, context: context(), params, unstable_pattern: "", matches: [] }) as never;

  beforeAll(async () => {
    const { db } = testDb();
    const make = await createTestContext(testDb());
    context = () => make();
    const member = async (firstName: string, email: string, roles: string, ip: string) => {
      const values = { firstName, lastName: "Lee", email, password: "correct horse battery" };
      const signedUp = await signUpConfirmed(make(ip), { ...values, dateOfBirth: "1990-05-05", terms: "on" });
      if (!signedUp.ok) throw new Error(`sign-up failed: ${signedUp.message}`);
      await db.updateTable("user").set({ role: "staff", staffRoles: roles }).where("email", "=", email).execute();
      return provedSecondFactor(db, cookieHeader(signedUp.headers));
    };
    ownerCookie = await member("Jo", "jo-content@example.com", "owner", "192.0.2.60");
    packerCookie = await member("Sam", "sam-content@example.com", "packer", "192.0.2.61");
    packerId = (
      await db.selectFrom("user").select("id").where("email", "=", "sam-content@example.com").executeTakeFirstOrThrow()
    ).id;

    const created = await answerOf(() => postNewAction(args(post(ownerCookie, "/admin/posts/new", postForm()))));
    postId = /\/admin\/posts\/([^?]+)/.exec(created.location ?? "")?.[1] ?? "";
    if (!postId) throw new Error(`the post was not created: ${JSON.stringify(created)}`);
    const added = { intent: "add", quote: "Quick delivery, well packed.", name: "Chris", company: "Leeds" };
    await reviewsAction(args(post(ownerCookie, "/admin/reviews", added)));
    reviewId = (await db.selectFrom("reviews").select("id").where("quote", "=", added.quote).executeTakeFirstOrThrow())
      .id;
    await db
      .insertInto("messages")
      .values({
        id: "content-roles-message",
        first_name: "Pat",
        last_name: "Doe",
        email: "pat@example.com",
        phone: "",
        subject: "Order",
        message: "Where is my order?",
        handled: 0,
        created_at: "2026-11-20T10:00:00.000Z",
      })
      .execute();
    const reset = { to: "failed@example.com", shopName: "Vapour Lane", name: "", link: "http://shop.test/r?token=t" };
    mailId = await enqueueJob(db, passwordResetJob, reset, new Date("2026-11-20T10:00:00.000Z"));
    await db.updateTable("jobs").set({ status: "failed", attempts: 9 }).where("id", "=", mailId).execute();
  });

  const snapshot = async () => {
    const { db } = testDb();
    return {
      posts: await db
        .selectFrom("posts")
        .select(["id", "title", "slug", "draft", "body_markdown"])
        .orderBy("id")
        .execute(),
      reviews: await db.selectFrom("reviews").select(["id", "published"]).orderBy("id").execute(),
      about: await db.selectFrom("about_page").selectAll().execute(),
      message: await db
        .selectFrom("messages")
        .select(["handled", "handled_by"])
        .where("id", "=", "content-roles-message")
        .executeTakeFirst(),
      mail: await db.selectFrom("jobs").select(["status", "attempts"]).where("id", "=", mailId).executeTakeFirst(),
    };
  };
  const auditOf = (actorId: string) =>
    testDb()
      .db.selectFrom("audit_log")
      .select(["action", "entity", "entity_id", "outcome", "details", "actor_name"])
      .where("actor_id", "=", actorId)
      .orderBy("at")
      .orderBy("id")
      .execute();

  it("refuses a packer's posts to the blog, reviews, About page, messages and mail: 403, nothing changed, logged", async () => {
    const before = await snapshot();
    const attempts: Array<[string, () => Promise<unknown>]> = [
      ["/admin/posts/new", () => postNewAction(args(post(packerCookie, "/admin/posts/new", postForm({ slug: "x" }))))],
      [
        `/admin/posts/${postId}`,
        () =>
          postAction(args(post(packerCookie, `/admin/posts/${postId}`, postForm({ title: "Hacked" })), { id: postId })),
      ],
      [
        `/admin/posts/${postId}`,
        () => postAction(args(post(packerCookie, `/admin/posts/${postId}`, { intent: "unpublish" }), { id: postId })),
      ],
      [
        "/admin/reviews",
        () => reviewsAction(args(post(packerCookie, "/admin/reviews", { intent: "hide", id: reviewId }))),
      ],
      ["/admin/about", () => aboutAction(args(post(packerCookie, "/admin/about", { story: "Ours now." })))],
      [
        "/admin/messages",
        () =>
          messagesAction(
            args(post(packerCookie, "/admin/messages", { intent: "handle", id: "content-roles-message" })),
          ),
      ],
      ["/admin/mail", () => mailAction(args(post(packerCookie, "/admin/mail", { intent: "retry", id: mailId })))],
    ];
    for (const [path, attempt] of attempts) {
      const answer = await answerOf(attempt);
      expect(answer.status, path).toBe(403);
      expect(answer.body).toMatchObject({ message: expect.stringContaining("Owner or Manager") });
    }
    expect(await snapshot()).toEqual(before);
    const logged = await auditOf(packerId);
    expect(logged.map((e) => [e.action, e.outcome, e.entity_id])).toEqual(
      attempts.map(([path]) => ["permission.refused", "refused", path]),
    );
    expect(JSON.parse(logged[0]!.details!)).toEqual({ permission: "content.edit", method: "POST" });
    expect(JSON.parse(logged.at(-1)!.details!)).toEqual({ permission: "messages", method: "POST" });
  });

  it("shows a packer no blog page, only the dashboard and orders in the frame, and no sales figures", async () => {
    expect((await answerOf(() => postsLoader(args(get(packerCookie, "/admin/posts"))))).status).toBe(403);
    const frame = await layoutLoader(args(get(packerCookie, "/admin")));
    expect(frame.staffRoles).toEqual(["Packer"]);
    expect(frame.permissions).toEqual(["back-office", "orders.read", "orders.dispatch"]);
    const packer = await dashboardLoader(args(get(packerCookie, "/admin")));
    expect(packer).toMatchObject({
      today: null,
      week: null,
      sales: null,
      awaitingConfirmation: null,
      unhandledMessages: null,
      failedEmails: null,
      lowStock: null,
      pendingAgeChecks: null,
      backup: null,
      money: null,
      duty: null,
      toDispatch: 0,
    });
    const owner = await dashboardLoader(args(get(ownerCookie, "/admin")));
    expect(owner.today).toEqual({ orders: expect.any(Number), revenueCents: expect.any(Number) });
    expect(owner.sales).toHaveLength(14);
    expect(owner.failedEmails).toBe(1);
  });

  it("logs an owner's post edit with the fields that changed, then its unpublishing, review, message and mail", async () => {
    const { db } = testDb();
    const ownerId = (
      await db.selectFrom("user").select("id").where("email", "=", "jo-content@example.com").executeTakeFirstOrThrow()
    ).id;
    const edited = postForm({
      title: "Six tips for longer battery life",
      body: "## Charge smart\n\nAnd keep it cool.",
    });
    const saved = await answerOf(() =>
      postAction(args(post(ownerCookie, `/admin/posts/${postId}`, edited), { id: postId })),
    );
    expect(saved.location).toBe(`/admin/posts/${postId}?notice=saved`);
    await postAction(args(post(ownerCookie, `/admin/posts/${postId}`, { intent: "publish" }), { id: postId }));
    await reviewsAction(args(post(ownerCookie, "/admin/reviews", { intent: "publish", id: reviewId })));
    await messagesAction(args(post(ownerCookie, "/admin/messages", { intent: "handle", id: "content-roles-message" })));
    await mailAction(args(post(ownerCookie, "/admin/mail", { intent: "retry", id: mailId })));

    const logged = (await auditOf(ownerId)).map((e) => ({
      ...e,
      details: e.details === null ? null : (JSON.parse(e.details) as unknown),
    }));
    expect(logged.map((e) => [e.action, e.entity, e.entity_id, e.outcome])).toEqual([
      ["post.create", "post", postId, "done"],
      ["review.create", "review", reviewId, "done"],
      ["post.update", "post", postId, "done"],
      ["post.publish", "post", postId, "done"],
      ["review.approve", "review", reviewId, "done"],
      ["message.handled", "message", "content-roles-message", "done"],
      ["mail.retry", "mail", mailId, "done"],
    ]);
    expect(logged[0]!.details).toMatchObject({
      title: "Five tips for longer battery life",
      slug: "battery-tips",
      status: "draft",
    });
    // The title before and after; the body by name only, its words not copied.
    expect(logged[2]!.details).toEqual({
      title: ["Five tips for longer battery life", "Six tips for longer battery life"],
      textChanged: ["body"],
    });
    expect(logged[3]!.details).toMatchObject({ status: ["draft", "published"] });
    expect(logged[2]!.actor_name).toBe("Jo Lee <jo-content@example.com>");
    // Nobody's name, address or words in the log: not the sender's, the reviewer's or the recipient's.
    const text = JSON.stringify(logged.map((e) => e.details));
    for (const personal of ["pat@example.com", "Chris", "failed@example.com", "Where is my order"])
      expect(text).not.toContain(personal);
    expect(
      await db.selectFrom("messages").select("handled").where("id", "=", "content-roles-message").executeTakeFirst(),
    ).toEqual({ handled: 1 });
  });

  it("logs the About page's save with the parts that changed, in the same transaction", async () => {
    const { db } = testDb();
    const { values } = await aboutLoader(args(get(ownerCookie, "/admin/about")));
    const form = { ...values, story: "We started in Leeds." };
    const saved = await answerOf(() => aboutAction(args(post(ownerCookie, "/admin/about", form))));
    expect(saved.body).toEqual({ notice: "About page saved." });
    const entry = await db
      .selectFrom("audit_log")
      .select(["action", "entity", "details"])
      .where("action", "=", "about.save")
      .executeTakeFirstOrThrow();
    expect(entry.entity).toBe("about-page");
    expect(JSON.parse(entry.details!)).toEqual({ changed: ["story"] });
  });
});

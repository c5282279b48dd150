import { provedSecondFactor } from "~/testing/accounts";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { createLogger } from "~/lib/log.server";
import type { SessionUser } from "~/modules/accounts/accounts";
import * as accounts from "~/modules/accounts/accounts.service.server";
import { sendContactMessage } from "~/modules/content/contact.service.server";
import { action as messagesAction } from "~/routes/admin/messages";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import { StaffOnlyError } from "~/modules/accounts/staff";
import {
  listMessages,
  replyHref,
  setMessageHandled,
  type MessageFilter,
  type MessageSort,
} from "./messages-admin.service.server";
import { signUpConfirmed } from "~/testing/accounts";

const person = (id: string, role: "staff" | "customer"): SessionUser => ({
  id,
  name: `${id} Person`,
  email: `${id}@example.com`,
  firstName: id,
  lastName: "Person",
  dateOfBirth: "1990-01-01",
  role,
  authProvider: "email",
  ...(role === "staff" ? { staffRoles: ["owner" as const] } : {}),
});
const staff = person("sam", "staff");
const customer = person("casey", "customer");

const list =
  (
    actor: SessionUser | null,
    filter: MessageFilter = "unhandled",
    sort: MessageSort = "received",
    dir: "asc" | "desc" = "desc",
    rawPage: string | null = null,
  ) =>
  (db: Parameters<typeof listMessages>[0]) =>
    listMessages(db, actor, { filter, sort, dir, q: "", rawPage });

describeEachDatabase("back office: messages", (testDb) => {
  const script = "<script>alert('x')</script> Where is my order?";
  let firstId: string;
  beforeAll(async () => {
    const { db } = testDb();
    const now = new Date().toISOString();
    for (const u of [staff, customer]) {
      await db
        .insertInto("user")
        .values({
          id: u.id,
          name: u.name,
          email: u.email,
          emailVerified: 0,
          createdAt: now,
          updatedAt: now,
          role: u.role,
        })
        .execute();
    }
    // One through the real contact form, then 24 more with known times (one every minute, oldest first).
    const sent = await sendContactMessage(
      { db, log: createLogger("silent"), staffEmail: "staff@example.com", shopName: "Shop" },
      {
        firstName: "Zoe",
        lastName: "Adams",
        email: "zoe@example.com",
        phone: "07700 900222",
        subject: "Support",
        message: script,
      },
      { honeypot: "", clientIp: "192.0.2.50" },
    );
    if (!sent.ok || !sent.id) throw new Error("contact message not saved");
    firstId = sent.id;
    await db
      .updateTable("messages")
      .set({ created_at: "2026-01-01T09:00:00.000Z" })
      .where("id", "=", firstId)
      .execute();
    for (let i = 1; i <= 24; i++) {
      await db
        .insertInto("messages")
        .values({
          id: `msg-${String(i).padStart(2, "0")}`,
          first_name: `Sender${String(i).padStart(2, "0")}`,
          last_name: "Test",
          email: `sender${i}@example.com`,
          phone: "07700 900333",
          subject: "General Inquiry",
          message: `Message number ${i}`,
          handled: 0,
          created_at: new Date(Date.UTC(2026, 0, 1, 10, i)).toISOString(),
        })
        .execute();
    }
  });

  it("refuses anyone but staff, to list or to change, and changes nothing", async () => {
    const { db } = testDb();
    for (const actor of [customer, null]) {
      await expect(list(actor)(db)).rejects.toBeInstanceOf(StaffOnlyError);
      await expect(setMessageHandled(db, actor, firstId, true)).rejects.toBeInstanceOf(StaffOnlyError);
    }
    const row = await db
      .selectFrom("messages")
      .select(["handled", "handled_at", "handled_by"])
      .where("id", "=", firstId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ handled: 0, handled_at: null, handled_by: null });
  });

  it("lists unhandled messages first by default, newest first, 20 a page, with the message text as it was sent", async () => {
    const { db } = testDb();
    const first = await list(staff)(db);
    expect(first).toMatchObject({ total: 25, page: 1, totalPages: 2, offset: 0 });
    expect(first.messages).toHaveLength(20);
    expect(first.messages[0]!.name).toBe("Sender24 Test");
    const second = await list(staff, "unhandled", "received", "desc", "2")(db);
    expect(second.messages.map((m) => m.name)).toEqual([
      "Sender04 Test",
      "Sender03 Test",
      "Sender02 Test",
      "Sender01 Test",
      "Zoe Adams",
    ]);
    expect(second.messages.at(-1)).toMatchObject({
      email: "zoe@example.com",
      subject: "Support",
      message: script,
      handled: false,
    });
    const oldest = await list(staff, "unhandled", "received", "asc")(db);
    expect(oldest.messages[0]!.name).toBe("Zoe Adams");
    const byName = await list(staff, "all", "name", "desc")(db);
    expect(byName.messages[0]!.name).toBe("Zoe Adams");
  });

  it("marks a message handled (who and when) and unhandled again; the filters follow", async () => {
    const { db } = testDb();
    const at = new Date("2026-02-01T12:00:00.000Z");
    expect(await setMessageHandled(db, staff, firstId, true, at)).toEqual({ ok: true });
    // Marking it again keeps the first time.
    expect(await setMessageHandled(db, staff, firstId, true, new Date("2026-03-01T12:00:00.000Z"))).toEqual({
      ok: true,
    });
    const handled = await list(staff, "handled")(db);
    expect(handled.total).toBe(1);
    expect(handled.messages[0]).toMatchObject({
      id: firstId,
      handled: true,
      handledAt: at.toISOString(),
      handledBy: "sam Person",
    });
    expect((await list(staff)(db)).total).toBe(24);
    expect((await list(staff, "all")(db)).total).toBe(25);

    expect(await setMessageHandled(db, staff, firstId, false)).toEqual({ ok: true });
    const row = await db
      .selectFrom("messages")
      .select(["handled", "handled_at", "handled_by"])
      .where("id", "=", firstId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ handled: 0, handled_at: null, handled_by: null });
    expect((await list(staff, "handled")(db)).total).toBe(0);
    expect(await setMessageHandled(db, staff, "no-such-message", true)).toMatchObject({ ok: false, code: "not-found" });
  });

  it("answers a customer's or a visitor's post to the page's action with 403 and changes nothing; staff get it done", async () => {
    const { db } = testDb();
    const context = await createTestContext(testDb());
    const password = "correct horse battery";
    const signedUp = await signUpConfirmed(context("192.0.2.60"), {
      firstName: "Cara",
      lastName: "Shopper",
      email: "cara@example.com",
      password,
      dateOfBirth: "1990-04-12",
      terms: "on",
    });
    if (!signedUp.ok) throw new Error("sign-up failed");
    await accounts.createOrPromoteStaff(context(), {
      email: "boss@example.com",
      password,
      firstName: "Sam",
      lastName: "Lee",
    });
    const signedIn = await accounts.signIn(context("192.0.2.61"), requestWith(), {
      email: "boss@example.com",
      password,
      rememberMe: false,
    });
    if (!signedIn.ok) throw new Error("sign-in failed");
    const post = (cookie: string) => {
      const body = new URLSearchParams({ intent: "handle", id: firstId });
      const headers: Record<string, string> = {
        origin: "http://shop.test",
        "content-type": "application/x-www-form-urlencoded",
      };
      if (cookie) headers.cookie = cookie;
      const request = new Request("http://shop.test/admin/messages", { method: "POST", body, headers });
      return messagesAction({ request, context: context(), params: {} } as unknown as Parameters<
        typeof messagesAction
      >[0]);
    };
    for (const cookie of [cookieHeader(signedUp.headers), ""]) {
      await expect(post(cookie)).rejects.toMatchObject({
        init: { status: 403 },
        data: { ok: false, message: "Only shop staff can do this." },
      });
    }
    const untouched = await db
      .selectFrom("messages")
      .select(["handled", "handled_by"])
      .where("id", "=", firstId)
      .executeTakeFirstOrThrow();
    expect(untouched).toEqual({ handled: 0, handled_by: null });
    expect(await post(await provedSecondFactor(db, cookieHeader(signedIn.headers)))).toEqual({
      notice: "Message marked handled.",
    });
    const done = await db
      .selectFrom("messages")
      .select(["handled", "handled_by"])
      .where("id", "=", firstId)
      .executeTakeFirstOrThrow();
    expect(done.handled).toBe(1);
    expect(done.handled_by).not.toBeNull();
  });
});

it("builds the reply link with the address kept whole and everything URL-encoded", () => {
  expect(replyHref("zoe@example.com", "Support")).toBe("mailto:zoe@example.com?subject=Re%3A%20Support");
  // An address the contact form accepts but that tries to add headers stays one (encoded) address.
  const tricky = replyHref("a?cc=boss&bcc=x@evil.example", "Feedback & <b>more</b>");
  expect(tricky).toBe(
    "mailto:a%3Fcc%3Dboss%26bcc%3Dx@evil.example?subject=Re%3A%20Feedback%20%26%20%3Cb%3Emore%3C%2Fb%3E",
  );
  expect(new URL(tricky).searchParams.get("subject")).toBe("Re: Feedback & <b>more</b>");
  expect([...new URL(tricky).searchParams.keys()]).toEqual(["subject"]);
});

import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { ShopContext } from "~/context";
import * as accounts from "~/modules/accounts/accounts.service.server";
import { getSessionUser } from "~/modules/accounts/session.service.server";
import StaffPage, { action as staffAction, loader as staffLoader } from "~/routes/admin/staff";
import InvitationPage, { action as acceptAction, loader as acceptLoader } from "~/routes/staff-invitation";
import { provedSecondFactor, signUpConfirmed } from "~/testing/accounts";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import { staffMessages } from "./staff-management";
import { acceptAsNewAccount } from "./staff-management.service.server";

// Issue 63 part 2: the owner's Staff page, invitations and their link, and the rule that the shop keeps an owner.

type Answer = { status: number; body: Record<string, unknown>; location: string | null; headers: Headers | null };

/** What a loader or action answered (or threw): its status, data and redirect. */
async function call(run: () => Promise<unknown>): Promise<Answer> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response)
    return { status: result.status, body: {}, location: result.headers.get("location"), headers: result.headers };
  const wrapped = result as { data?: unknown; init?: { status?: number } | null; type?: string };
  if (wrapped?.type === "DataWithResponseInit")
    return { status: wrapped.init?.status ?? 200, body: (wrapped.data ?? {}) as never, location: null, headers: null };
  return { status: 200, body: result as never, location: null, headers: null };
}

const post = (cookie: string, url: string, pairs: Array<[string, string]>) =>
  new Request(url, {
    method: "POST",
    headers: { cookie, origin: "http://shop.test", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(pairs),
  });

const password = "staff password 1";

/** A page's text as a person reads it (tags dropped), drawn with this loader and action data. */
function render(Component: ComponentType<never>, loaderData: unknown, actionData?: unknown, path = "/") {
  const Stub = createRoutesStub([{ id: "page", path, Component: Component as ComponentType }]);
  const html = renderToStaticMarkup(
    createElement(Stub, {
      initialEntries: [path.replace(":token", "t0k3n")],
      hydrationData: { loaderData: { page: loaderData }, ...(actionData ? { actionData: { page: actionData } } : {}) },
    }),
  );
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

describeEachDatabase("the Staff page and invitations", (testDb) => {
  let context: (ip?: string) => ShopContext;
  let ownerCookie: string;
  let ownerId: string;
  let managerCookie: string;
  let managerId: string;

  const signInAs = async (email: string, pass = password) => {
    const result = await accounts.signIn(context("192.0.2.50"), requestWith(), {
      email,
      password: pass,
      rememberMe: false,
    });
    if (!result.ok) throw new Error(`sign-in failed: ${result.message}`);
    return cookieHeader(result.headers);
  };
  const staffPage = (cookie: string) =>
    call(() =>
      staffLoader({
        request: requestWith(cookie, "http://shop.test/admin/staff"),
        context: context(),
        params: {},
      } as never),
    );
  const staffPost = (cookie: string, pairs: Array<[string, string]>) =>
    call(() =>
      staffAction({
        request: post(cookie, "http://shop.test/admin/staff", pairs),
        context: context(),
        params: {},
      } as never),
    );
  const invitationPage = (token: string, cookie = "", ip = "192.0.2.60") =>
    call(() =>
      acceptLoader({
        request: requestWith(cookie, `http://shop.test/staff-invitation/${token}`),
        context: context(ip),
        params: { token },
      } as never),
    );
  const accept = (token: string, pairs: Array<[string, string]>, cookie = "") =>
    call(() =>
      acceptAction({
        request: post(cookie, `http://shop.test/staff-invitation/${token}`, pairs),
        context: context("192.0.2.61"),
        params: { token },
      } as never),
    );
  /** Invites the address and returns the token from the link in the queued e-mail. */
  const invite = async (email: string, roles: string[]) => {
    const answer = await staffPost(ownerCookie, [
      ["intent", "invite"],
      ["email", email],
      ...roles.map((r): [string, string] => ["roles", r]),
    ]);
    expect(answer.body.notice).toBe(`Invitation sent to ${email}.`);
    const job = await testDb()
      .db.selectFrom("jobs")
      .select(["payload", "subject"])
      .where("recipient", "=", email)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(job.subject).toBe("You are invited to join Vapour Lane's staff");
    const links = [...job.payload.matchAll(/http:\/\/shop\.test\/staff-invitation\/([A-Za-z0-9_-]+)/g)].map(
      (m) => m[1]!,
    );
    expect(links.length).toBeGreaterThan(0);
    return links[0]!;
  };
  const auditOf = (action: string) =>
    testDb().db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("at").orderBy("id").execute();

  beforeAll(async () => {
    context = await createTestContext(testDb());
    await accounts.createOrPromoteStaff(context(), {
      email: "owner@example.com",
      password,
      firstName: "Olive",
      lastName: "Owner",
    });
    await accounts.createOrPromoteStaff(context(), {
      email: "manager@example.com",
      password,
      firstName: "Max",
      lastName: "Manager",
      roles: ["manager"],
    });
    ownerCookie = await provedSecondFactor(testDb().db, await signInAs("owner@example.com"));
    managerCookie = await provedSecondFactor(testDb().db, await signInAs("manager@example.com"));
    ownerId = (await getSessionUser(context(), requestWith(ownerCookie)))!.id;
    managerId = (await getSessionUser(context(), requestWith(managerCookie)))!.id;
  });

  it("shows the owner every staff account with its roles, two-factor and status", async () => {
    const page = await staffPage(ownerCookie);
    expect(page.status).toBe(200);
    const members = page.body.members as Array<{
      email: string;
      roles: string[];
      twoFactor: boolean;
      disabled: boolean;
    }>;
    expect(members.find((m) => m.email === "manager@example.com")).toMatchObject({
      roles: ["manager"],
      twoFactor: true,
      disabled: false,
    });
  });

  it("draws the page: the table, each row's role boxes and buttons, and the invite form", async () => {
    const page = await staffPage(ownerCookie);
    const text = render(StaffPage as never, page.body, {
      target: "invite",
      notice: "Invitation sent to z@example.com.",
    });
    expect(text).toMatch(/^ ?Staff /);
    expect(text).toContain("Name E-mail Roles Two-factor Status Actions");
    expect(text).toMatch(
      /Max Manager manager@example\.com Manager On Active .*Roles Owner Manager Packer Age checker Save roles Disable Reset two-factor/,
    );
    expect(text).toContain("Email * Roles Owner Manager Packer Age checker Send invitation");
    expect(text).toContain("Invitation sent to z@example.com.");
  });

  it("refuses a manager the page and every action (403), and logs the refusal", async () => {
    expect((await staffPage(managerCookie)).status).toBe(403);
    for (const pairs of [
      [
        ["intent", "invite"],
        ["email", "x@example.com"],
        ["roles", "packer"],
      ],
      [
        ["intent", "roles"],
        ["id", managerId],
        ["roles", "owner"],
      ],
      [
        ["intent", "disable"],
        ["id", ownerId],
      ],
    ] as Array<Array<[string, string]>>)
      expect((await staffPost(managerCookie, pairs)).status).toBe(403);
    const manager = await testDb()
      .db.selectFrom("user")
      .select("staffRoles")
      .where("id", "=", managerId)
      .executeTakeFirstOrThrow();
    expect(manager.staffRoles).toBe("manager");
    expect((await auditOf("permission.refused")).filter((r) => r.actor_id === managerId).length).toBeGreaterThanOrEqual(
      4,
    );
  });

  it("checks the roles: at least one, and only the shop's", async () => {
    const none = await staffPost(ownerCookie, [
      ["intent", "roles"],
      ["id", managerId],
    ]);
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ roles: "Choose at least one role." });
    const unknown = await staffPost(ownerCookie, [
      ["intent", "invite"],
      ["email", "y@example.com"],
      ["roles", "admin"],
    ]);
    expect(unknown.body.errors).toEqual({ roles: staffMessages.unknownRole });
  });

  it("keeps an owner: the last enabled owner can be neither demoted nor disabled", async () => {
    const demote = await staffPost(ownerCookie, [
      ["intent", "roles"],
      ["id", ownerId],
      ["roles", "manager"],
    ]);
    expect(demote.status).toBe(409);
    expect(demote.body.errors).toEqual({ roles: staffMessages.lastOwner });
    const disable = await staffPost(ownerCookie, [
      ["intent", "disable"],
      ["id", ownerId],
    ]);
    expect(disable.status).toBe(409);
    expect(disable.body.formError).toBe(staffMessages.lastOwner);
    const owner = await testDb()
      .db.selectFrom("user")
      .select(["staffRoles", "disabledAt"])
      .where("id", "=", ownerId)
      .executeTakeFirstOrThrow();
    expect(owner).toEqual({ staffRoles: "owner", disabledAt: null });
  });

  it("changes roles with the change in the audit log, before and after", async () => {
    const done = await staffPost(ownerCookie, [
      ["intent", "roles"],
      ["id", managerId],
      ["roles", "manager"],
      ["roles", "packer"],
    ]);
    expect(done.body.notice).toBe("manager@example.com now has the roles Manager, Packer.");
    const [entry] = await auditOf("staff.roles-change");
    expect(entry).toMatchObject({ actor_id: ownerId, entity: "user", entity_id: managerId, outcome: "done" });
    expect(JSON.parse(entry!.details!)).toEqual({ roles: ["manager", "manager,packer"] });
  });

  it("disabling signs the account out everywhere at once; enabling lets it sign in again", async () => {
    expect(await getSessionUser(context(), requestWith(managerCookie))).not.toBeNull();
    const done = await staffPost(ownerCookie, [
      ["intent", "disable"],
      ["id", managerId],
    ]);
    expect(done.body.notice).toBe("manager@example.com is disabled and signed out everywhere.");
    expect(await getSessionUser(context(), requestWith(managerCookie))).toBeNull();
    expect((await staffPage(managerCookie)).status).toBe(404);
    const sessions = await testDb().db.selectFrom("session").select("id").where("userId", "=", managerId).execute();
    expect(sessions).toEqual([]);
    expect((await auditOf("staff.disable")).map((r) => r.entity_id)).toEqual([managerId]);
    expect((await staffPage(ownerCookie)).body.members).toContainEqual(
      expect.objectContaining({ email: "manager@example.com", disabled: true }),
    );
    const enabled = await staffPost(ownerCookie, [
      ["intent", "enable"],
      ["id", managerId],
    ]);
    expect(enabled.body.notice).toBe("manager@example.com is enabled again: they can sign in.");
    expect((await auditOf("staff.enable")).map((r) => r.entity_id)).toEqual([managerId]);
    // Their password is right again: the sign-in goes on to the two-factor code step.
    const signIn = await accounts.signIn(context("192.0.2.51"), requestWith(), {
      email: "manager@example.com",
      password,
      rememberMe: false,
    });
    expect(signIn).toMatchObject({ ok: true, twoFactor: true });
  });

  it("resets a staff member's two-factor sign-in, audited", async () => {
    const done = await staffPost(ownerCookie, [
      ["intent", "reset-two-factor"],
      ["id", managerId],
    ]);
    expect(done.body.notice).toMatch(/two-factor sign-in was reset/);
    const manager = await testDb()
      .db.selectFrom("user")
      .select("twoFactorEnabled")
      .where("id", "=", managerId)
      .executeTakeFirstOrThrow();
    expect(Boolean(manager.twoFactorEnabled)).toBe(false);
    expect((await auditOf("staff.two-factor-reset")).map((r) => r.entity_id)).toEqual([managerId]);
  });

  it("invites a new address: the e-mail's link makes the account staff with the roles, then two-factor", async () => {
    const token = await invite("new.packer@example.com", ["packer", "age-checker"]);
    const listed = (await staffPage(ownerCookie)).body.invitations as Array<{ email: string; roles: string[] }>;
    expect(listed).toContainEqual(
      expect.objectContaining({ email: "new.packer@example.com", roles: ["packer", "age-checker"] }),
    );
    const page = await invitationPage(token);
    expect(page.body).toMatchObject({ gone: null, state: "new", email: "new.packer@example.com" });
    expect(render(InvitationPage as never, page.body, undefined, "/staff-invitation/:token")).toMatch(
      /with the role\(s\) Packer, Age checker\. First name \* Last name \* Password \* Accept invitation/,
    );
    const wrong = await accept(token, [
      ["firstName", "Pat"],
      ["lastName", "Packer"],
      ["password", "short"],
    ]);
    expect(wrong.status).toBe(400);
    expect((wrong.body.errors as Record<string, string>).password).toMatch(/at least 8 characters/);
    const done = await accept(token, [
      ["firstName", "Pat"],
      ["lastName", "Packer"],
      ["password", password],
    ]);
    expect(done.location).toBe("/account/two-factor?redirectTo=%2Fadmin");
    const user = await getSessionUser(context(), requestWith(cookieHeader(done.headers!)));
    expect(user).toMatchObject({
      email: "new.packer@example.com",
      role: "staff",
      staffRoles: ["packer", "age-checker"],
    });
    expect((await auditOf("staff.invitation-accept")).at(-1)).toMatchObject({
      actor_id: user!.id,
      actor_kind: "staff",
    });
    expect((await auditOf("staff.invite")).length).toBeGreaterThan(0);
    // Used once: the link is gone now.
    const again = await invitationPage(token);
    expect(again.status).toBe(410);
    expect(again.body.gone).toBe(staffMessages.invitationGone);
    expect(render(InvitationPage as never, again.body, undefined, "/staff-invitation/:token")).toContain(
      "This invitation has expired or has already been used. Ask the shop's owner for a new one.",
    );
  });

  it("refuses to invite an address that is staff already", async () => {
    const answer = await staffPost(ownerCookie, [
      ["intent", "invite"],
      ["email", "Manager@example.com"],
      ["roles", "packer"],
    ]);
    expect(answer.body.errors).toEqual({ email: "manager@example.com is already staff." });
  });

  it("an existing customer signs in as the address and accepts: the same account, its data kept", async () => {
    const signedUp = await signUpConfirmed(context("192.0.2.70"), {
      firstName: "Cass",
      lastName: "Customer",
      email: "cass@example.com",
      password: "customer pass 1",
      dateOfBirth: "1990-04-12",
      terms: "on",
    });
    if (!signedUp.ok) throw new Error("sign-up failed");
    const cassCookie = cookieHeader(signedUp.headers);
    const cass = (await getSessionUser(context(), requestWith(cassCookie)))!;
    const token = await invite("cass@example.com", ["manager"]);
    expect((await invitationPage(token)).body.state).toBe("sign-in");
    expect((await accept(token, [])).status).toBe(401);
    // Signed in as somebody else: refused.
    expect((await invitationPage(token, ownerCookie)).body.state).toBe("other-account");
    const other = await accept(token, [], ownerCookie);
    expect(other.status).toBe(403);
    expect(other.body.formError).toBe(staffMessages.otherAccount("cass@example.com"));
    expect((await invitationPage(token, cassCookie)).body.state).toBe("ready");
    const done = await accept(token, [], cassCookie);
    expect(done.location).toBe("/account/two-factor?redirectTo=%2Fadmin");
    const after = (await getSessionUser(context(), requestWith(cassCookie)))!;
    expect(after).toMatchObject({ id: cass.id, role: "staff", staffRoles: ["manager"], dateOfBirth: "1990-04-12" });
  });

  it("refuses expired and revoked links, and a newer invitation revokes the older one", async () => {
    const first = await invite("late@example.com", ["packer"]);
    const second = await invite("late@example.com", ["packer"]);
    expect((await invitationPage(first)).status).toBe(410);
    expect((await invitationPage(second)).body.state).toBe("new");
    await testDb()
      .db.updateTable("staff_invitations")
      .set({ expires_at: "2020-01-01T00:00:00.000Z" })
      .where("email", "=", "late@example.com")
      .where("revoked_at", "is", null)
      .execute();
    expect((await invitationPage(second)).status).toBe(410);
    const third = await invite("late@example.com", ["packer"]);
    const row = await testDb()
      .db.selectFrom("staff_invitations")
      .select("id")
      .where("email", "=", "late@example.com")
      .where("revoked_at", "is", null)
      .where("expires_at", ">", new Date().toISOString())
      .executeTakeFirstOrThrow();
    const revoked = await staffPost(ownerCookie, [
      ["intent", "revoke"],
      ["id", row.id],
    ]);
    expect(revoked.body.notice).toMatch(/revoked/);
    expect((await invitationPage(third)).status).toBe(410);
    expect(
      (
        await accept(third, [
          ["firstName", "L"],
          ["lastName", "Ate"],
          ["password", password],
        ])
      ).status,
    ).toBe(404);
    expect((await auditOf("staff.invitation-revoke")).map((r) => r.entity_id)).toEqual([row.id]);
    expect(await testDb().db.selectFrom("user").select("id").where("email", "=", "late@example.com").execute()).toEqual(
      [],
    );
  });

  it("two accepts at once: one wins, the other is told the link is used", async () => {
    const token = await invite("racer@example.com", ["packer"]);
    const values = { firstName: "Rae", lastName: "Racer", password };
    const results = await Promise.all([
      acceptAsNewAccount(context(), token, values),
      acceptAsNewAccount(context(), token, values),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ message: staffMessages.invitationGone });
    const users = await testDb()
      .db.selectFrom("user")
      .select(["role", "staffRoles"])
      .where("email", "=", "racer@example.com")
      .execute();
    expect(users).toEqual([{ role: "staff", staffRoles: "packer" }]);
  });

  it("limits wrong links per address", async () => {
    let last: Answer | undefined;
    for (let i = 0; i < 21; i++) last = await invitationPage(`wrong-token-${i}`, "", "192.0.2.99");
    expect(last!.status).toBe(429);
  });
});

describe("staff messages", () => {
  it("names the address that is staff already", () => {
    expect(staffMessages.alreadyStaff("a@b.co")).toBe("a@b.co is already staff.");
  });
});

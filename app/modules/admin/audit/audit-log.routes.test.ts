import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, expect, it } from "vitest";
import type { ShopContext } from "~/context";
import { describeEachDatabase } from "~/db/testing/test-database";
import { recordAudit } from "~/modules/audit/audit.service.server";
import AuditLogPage, { loader as pageLoader } from "~/routes/admin/audit-log";
import { loader as csvLoader } from "~/routes/admin/audit-log-csv";
import { provedSecondFactor, signUpConfirmed } from "~/testing/accounts";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import { auditMessages } from "./audit-admin";
import { answerOf } from "~/testing/route-answer";

/** The page as a person reads it: its markup, and its text without tags. */
function render(loaderData: unknown, path: string) {
  const Stub = createRoutesStub([{ id: "page", path: "/admin/audit-log", Component: AuditLogPage as ComponentType }]);
  const html = renderToStaticMarkup(
    createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { page: loaderData } } }),
  )
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
  return { html, text: html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ") };
}

describeEachDatabase("the Audit log page and its CSV", (testDb) => {
  let context: () => ShopContext;
  let ownerCookie = "";
  let managerCookie = "";
  let ownerId = "";
  const args = (cookie: string, path: string) =>
    ({ request: requestWith(cookie, `http://shop.test${path}`), context: context(), params: {} }) as never;

  beforeAll(async () => {
    const { db } = testDb();
    const make = await createTestContext(testDb());
    context = () => make("198.51.100.4");
    const signUp = async (email: string, roles: string) => {
      const values = { firstName: "Kim", lastName: "Lee", email, password: "correct horse battery" };
      const result = await signUpConfirmed(make(), { ...values, dateOfBirth: "1990-05-05", terms: "on" });
      if (!result.ok) throw new Error(`sign-up failed: ${result.message}`);
      await db.updateTable("user").set({ role: "staff", staffRoles: roles }).where("email", "=", email).execute();
      return provedSecondFactor(db, cookieHeader(result.headers));
    };
    ownerCookie = await signUp("olive-audit@example.com", "owner");
    managerCookie = await signUp("manny-audit@example.com", "manager,packer");
    ownerId = (
      await db.selectFrom("user").select("id").where("email", "=", "olive-audit@example.com").executeTakeFirstOrThrow()
    ).id;
    const owner = { kind: "staff" as const, id: ownerId, name: "Olive <olive-audit@example.com>", ip: "203.0.113.5" };
    await recordAudit(
      db,
      owner,
      { action: "price.change", entity: "variant", entityId: "V-1", details: { priceCents: [1000, 1200] } },
      new Date("2026-07-01T09:00:00Z"),
    );
    await recordAudit(
      db,
      owner,
      { action: "order.dispatch", entity: "order", entityId: "ORD-77" },
      new Date("2026-07-02T09:00:00Z"),
    );
  });

  it("shows owners the log: filters, the CSV link with the same filters, and each entry's details", async () => {
    const path = "/admin/audit-log?from=2026-07-01&to=2026-07-31";
    const answer = await answerOf(() => pageLoader(args(ownerCookie, path)));
    expect(answer.status).toBe(200);
    const { html, text } = render(answer.body, path);
    expect(html).toMatch(/<h1[^>]*>Audit log<\/h1>/);
    for (const label of ["Who", "What", "Outcome", "From", "To"])
      expect(html).toMatch(new RegExp(`<label [^>]*>${label}</label>`));
    expect(html).toMatch(/<form [^>]*method="get"/);
    expect(text).toContain("Filter");
    expect(text).toContain("Anyone");
    expect(html).toContain('href="/admin/audit-log.csv?from=2026-07-01&to=2026-07-31"');
    expect(text).toContain("Download CSV");
    expect(text).toContain("priceCents: 1000 → 1200");
    expect(text).toContain("Wed 1 Jul 2026, 10:00"); // London time (BST)
    expect(text).toContain("203.0.113.5");
    expect(html).toMatch(/<a [^>]*href="\/admin\/orders\/ORD-77"[^>]*>order ORD-77<\/a>/);
    expect(text).toContain("variant V-1");
  });

  it("answers a period that ends before it starts under From, with no entries", async () => {
    const path = "/admin/audit-log?from=2026-07-31&to=2026-07-01";
    const answer = await answerOf(() => pageLoader(args(ownerCookie, path)));
    expect(answer.status).toBe(400);
    const { html, text } = render(answer.body, path);
    expect(html).toContain(
      `<p id="field-from-error" class="mt-1 text-sm text-rose-700">${auditMessages.periodShape}</p>`,
    );
    expect(html).not.toContain("<table");
    expect(text).toContain("No entries found.");
  });

  it("downloads the filtered log as a CSV attachment, and records the download", async () => {
    const { db } = testDb();
    const answer = await answerOf(() =>
      csvLoader(args(ownerCookie, "/admin/audit-log.csv?what=order.&from=2026-07-01&to=2026-07-31")),
    );
    expect(answer.status).toBe(200);
    expect(answer.response!.headers.get("content-disposition")).toBe(
      'attachment; filename="audit-log-2026-07-01-to-2026-07-31.csv"',
    );
    const csv = await answer.response!.text();
    expect(csv).toContain("order.dispatch");
    expect(csv).not.toContain("price.change");
    const recorded = await db.selectFrom("audit_log").selectAll().where("action", "=", "audit.export").execute();
    expect(recorded).toMatchObject([{ actor_id: ownerId, ip: "198.51.100.4" }]);
    const bad = await answerOf(() => csvLoader(args(ownerCookie, "/admin/audit-log.csv?from=2026-13-01")));
    expect(bad.status).toBe(400);
    expect(await bad.response!.text()).toBe(auditMessages.dateShape);
  });

  it("refuses a manager the page and the CSV with 403, and logs the refusal", async () => {
    const { db } = testDb();
    expect((await answerOf(() => pageLoader(args(managerCookie, "/admin/audit-log")))).status).toBe(403);
    expect((await answerOf(() => csvLoader(args(managerCookie, "/admin/audit-log.csv")))).status).toBe(403);
    const refusals = await db
      .selectFrom("audit_log")
      .select(["entity_id", "outcome"])
      .where("action", "=", "permission.refused")
      .execute();
    expect(refusals).toEqual(
      expect.arrayContaining([
        { entity_id: "/admin/audit-log", outcome: "refused" },
        { entity_id: "/admin/audit-log.csv", outcome: "refused" },
      ]),
    );
    expect((await answerOf(() => pageLoader(args("", "/admin/audit-log")))).status).toBe(404);
  });
});

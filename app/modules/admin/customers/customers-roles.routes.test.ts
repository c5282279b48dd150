// Issue 63 on the customers' personal data: who may read customers, export them, work the age checks and open a
// photo ID, as the back office's routes answer each role; and what the audit log keeps of it.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { ShopContext } from "~/context";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { SessionUser } from "~/modules/accounts/accounts";
import type { StaffRole } from "~/modules/accounts/permissions";
import { getSessionUser } from "~/modules/accounts/session.service.server";
import { insertOrder } from "~/modules/admin/orders/testing/orders-fixture";
import { holdForAgeCheck } from "~/modules/age-checks/age-checks.service.server";
import { uploadAgeDocument } from "~/modules/age-checks/age-documents.service.server";
import { picture } from "~/modules/age-checks/testing/documents";
import { exportAccountData } from "~/modules/data-rights/data-rights.service.server";
import AgeCheckPage, { action as ageCheckAction, loader as ageCheckLoader } from "~/routes/admin/age-check";
import { loader as documentLoader } from "~/routes/admin/age-check-document";
import { loader as ageChecksLoader } from "~/routes/admin/age-checks";
import CustomerPage, { loader as customerLoader } from "~/routes/admin/customer";
import { loader as customerDataLoader } from "~/routes/admin/customer-data";
import CustomersPage, { loader as customersLoader } from "~/routes/admin/customers";
import { loader as customersCsvLoader } from "~/routes/admin/customers-csv";
import { provedSecondFactor, signUpConfirmed } from "~/testing/accounts";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import { answerOf } from "~/testing/route-answer";

/** A page as a person reads it: its markup, and its text without tags. */
function render(Component: ComponentType<never>, loaderData: unknown) {
  const Stub = createRoutesStub([{ id: "page", path: "/", Component: Component as ComponentType }]);
  const html = renderToStaticMarkup(createElement(Stub, { hydrationData: { loaderData: { page: loaderData } } }));
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
  return { html, text };
}
/** The links of a page: their text and where they go. */
const links = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map((m) => ({
    href: m[1]!.replace(/&amp;/g, "&"),
    text: m[2]!.replace(/<[^>]+>/g, "").trim(),
  }));

/** The same entries in any order (two written in one millisecond have no order between them). */
const expectSameEntries = (actual: unknown[], expected: unknown[]) => {
  expect(actual).toHaveLength(expected.length);
  expect(actual).toEqual(expect.arrayContaining(expected));
};

const password = "correct horse battery";
const FORMULA_NAME = '=HYPERLINK("http://evil.example","Click")';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "customers-roles-"));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describeEachDatabase("customers' personal data in the back office, by staff role", (testDb) => {
  let context: () => ShopContext;
  let alex: SessionUser;
  let alexCookie = "";
  const cookies = {} as Record<StaffRole, string>;
  const ids = {} as Record<StaffRole, string>;

  const get = (role: StaffRole | null, path: string) =>
    requestWith(role ? cookies[role] : "", `http://shop.test${path}`);
  const args = (request: Request, params: Record<string, string> = {}) =>
    ({ request, context: context(), params }) as never;
  const entriesOf = (db: Db, actorId: string, action?: string) =>
    db
      .selectFrom("audit_log")
      .selectAll()
      .where("actor_id", "=", actorId)
      .$if(action !== undefined, (q) => q.where("action", "=", action!))
      .orderBy("at")
      .orderBy("id")
      .execute();

  beforeAll(async () => {
    const { db, kind } = testDb();
    const dir = join(root, kind, "age-documents");
    const make = await createTestContext(testDb(), { env: { AGE_DOCUMENTS_DIR: dir } });
    context = () => make();
    const signUp = async (firstName: string, email: string, ip: string) => {
      const values = { firstName, lastName: "Lee", email, password, dateOfBirth: "1990-05-05", terms: "on" };
      const result = await signUpConfirmed(make(ip), values);
      if (!result.ok) throw new Error(`sign-up failed: ${result.message}`);
      return cookieHeader(result.headers);
    };
    alexCookie = await signUp("Alex", "alex-roles@example.com", "192.0.2.60");
    alex = (await getSessionUser(make(), requestWith(alexCookie)))!;
    const roles: StaffRole[] = ["owner", "manager", "packer", "age-checker"];
    for (const [i, role] of roles.entries()) {
      const email = `${role}-roles@example.com`;
      const cookie = await signUp(role, email, `192.0.2.${61 + i}`);
      await db.updateTable("user").set({ role: "staff", staffRoles: role }).where("email", "=", email).execute();
      cookies[role] = await provedSecondFactor(db, cookie);
      ids[role] = (await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
    }
    // Alex has ordered once and sent a passport for the age check.
    await insertOrder(db, { userId: alex.id });
    await holdForAgeCheck(db, alex.id, new Date().toISOString());
    const sent = await uploadAgeDocument(db, dir, alex, { documentType: "passport" }, await picture("png"));
    expect(sent).toEqual({ ok: true, replaced: false });
    // Accounts whose name and e-mail a spreadsheet would run as formulas.
    const now = new Date().toISOString();
    await db
      .insertInto("user")
      .values(
        [
          {
            id: "formula-1",
            name: FORMULA_NAME,
            email: "+formula@example.com",
            emailVerified: 0,
            role: "customer" as const,
          },
          {
            id: "formula-2",
            name: "@SUM(1+1)",
            email: "-sum@example.com",
            emailVerified: 0,
            role: "customer" as const,
          },
        ].map((u) => ({ ...u, createdAt: now, updatedAt: now })),
      )
      .execute();
  });

  it("refuses the packer the customers, their exports, the photo ID and the age checks: 403, each refusal logged", async () => {
    const { db } = testDb();
    const refused: Array<[string, (a: never) => Promise<unknown>, Record<string, string>]> = [
      ["/admin/customers", customersLoader, {}],
      [`/admin/customers/${alex.id}`, customerLoader, { id: alex.id }],
      ["/admin/customers.csv", customersCsvLoader, {}],
      [`/admin/customers/${alex.id}/data`, customerDataLoader, { id: alex.id }],
      [`/admin/age-checks/${alex.id}/document`, documentLoader, { userId: alex.id }],
      ["/admin/age-checks", ageChecksLoader, {}],
      [`/admin/age-checks/${alex.id}`, ageCheckLoader, { userId: alex.id }],
    ];
    for (const [path, loader, params] of refused)
      expect((await answerOf(() => loader(args(get("packer", path), params)))).status, path).toBe(403);
    const entries = await entriesOf(db, ids.packer);
    expectSameEntries(
      entries.map((e) => [e.action, e.outcome, e.entity_id, JSON.parse(e.details!)]),
      [
        ["permission.refused", "refused", "/admin/customers", { permission: "customers.read", method: "GET" }],
        [
          "permission.refused",
          "refused",
          `/admin/customers/${alex.id}`,
          { permission: "customers.read", method: "GET" },
        ],
        ["permission.refused", "refused", "/admin/customers.csv", { permission: "customers.export", method: "GET" }],
        [
          "permission.refused",
          "refused",
          `/admin/customers/${alex.id}/data`,
          { permission: "customers.export", method: "GET" },
        ],
        [
          "permission.refused",
          "refused",
          `/admin/age-checks/${alex.id}/document`,
          { permission: "id-documents", method: "GET" },
        ],
        ["permission.refused", "refused", "/admin/age-checks", { permission: "age-checks", method: "GET" }],
        ["permission.refused", "refused", `/admin/age-checks/${alex.id}`, { permission: "age-checks", method: "GET" }],
      ],
    );
    // A refused decision changes nothing and is logged too.
    const decide = new Request(`http://shop.test/admin/age-checks/${alex.id}`, {
      method: "POST",
      headers: {
        cookie: cookies.packer,
        origin: "http://shop.test",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ decision: "verify", note: "" }),
    });
    expect((await answerOf(() => ageCheckAction(args(decide, { userId: alex.id })))).status).toBe(403);
    const status = await db
      .selectFrom("age_verifications")
      .select("status")
      .where("user_id", "=", alex.id)
      .executeTakeFirst();
    expect(status?.status).toBe("pending");
    expect((await entriesOf(db, ids.packer, "permission.refused")).map((e) => e.entity_id)).toContain(
      `/admin/age-checks/${alex.id}`,
    );
    expect(await entriesOf(db, ids.packer)).toHaveLength(refused.length + 1);
  });

  it("lets the age checker open the photo ID, logged without the document; not the customers' pages", async () => {
    const { db } = testDb();
    const opened = await answerOf(() =>
      documentLoader(args(get("age-checker", `/admin/age-checks/${alex.id}/document`), { userId: alex.id })),
    );
    expect(opened.status).toBe(200);
    expect(opened.response!.headers.get("content-type")).toBe("image/png");
    expect(opened.response!.headers.get("cache-control")).toBe("private, no-store");
    const [entry, ...more] = await entriesOf(db, ids["age-checker"], "id-document.open");
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      actor_kind: "staff",
      actor_name: "age-checker Lee <age-checker-roles@example.com>",
      entity: "customer",
      entity_id: alex.id,
      outcome: "done",
      details: null,
    });
    const document = await db
      .selectFrom("age_documents")
      .select("file_name")
      .where("user_id", "=", alex.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(entry)).not.toContain(document.file_name);

    // The check's page shows the document but no link to the customer's page, which the age checker may not open.
    const page = await answerOf(() =>
      ageCheckLoader(args(get("age-checker", `/admin/age-checks/${alex.id}`), { userId: alex.id })),
    );
    expect(page.status).toBe(200);
    const { html, text } = render(AgeCheckPage as ComponentType<never>, page.body);
    expect(html).toContain(
      `<img src="/admin/age-checks/${alex.id}/document" alt="The customer's passport"`.replace(/'/g, "&#x27;"),
    );
    expect(text).toContain("alex-roles@example.com");
    expect(links(html).map((l) => l.href)).not.toContain(`/admin/customers/${alex.id}`);
    expect(
      (await answerOf(() => customerLoader(args(get("age-checker", `/admin/customers/${alex.id}`), { id: alex.id }))))
        .status,
    ).toBe(403);
  });

  it("logs an age checker's decision with its outcome, in the decision's transaction, never the birth date", async () => {
    const { db } = testDb();
    const decide = () =>
      new Request(`http://shop.test/admin/age-checks/${alex.id}`, {
        method: "POST",
        headers: {
          cookie: cookies["age-checker"],
          origin: "http://shop.test",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({ decision: "verify", note: "Passport seen" }),
      });
    expect((await answerOf(() => ageCheckAction(args(decide(), { userId: alex.id })))).status).toBe(302);
    const decided = await db
      .selectFrom("age_verifications")
      .select(["status", "decided_at"])
      .where("user_id", "=", alex.id)
      .executeTakeFirstOrThrow();
    expect(decided.status).toBe("verified");
    const entries = await entriesOf(db, ids["age-checker"], "age-check.decide");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      entity: "customer",
      entity_id: alex.id,
      outcome: "done",
      at: decided.decided_at,
    });
    expect(JSON.parse(entries[0]!.details!)).toEqual({ outcome: "verified", cancelledOrders: 0 });
    expect(entries[0]!.details).not.toMatch(/1990|Passport seen|passport/);
    // Decided already: refused by the rule, nothing written, and no second entry.
    expect((await answerOf(() => ageCheckAction(args(decide(), { userId: alex.id })))).status).toBe(409);
    expect(await entriesOf(db, ids["age-checker"], "age-check.decide")).toHaveLength(1);
  });

  it("gives the owner the customers CSV, as the list is searched, formula cells kept as text, each logged", async () => {
    const { db } = testDb();
    const page = await answerOf(() =>
      customersLoader(args(get("owner", "/admin/customers?q=roles&sort=name&dir=asc"))),
    );
    const { html } = render(CustomersPage as ComponentType<never>, page.body);
    expect(links(html)).toContainEqual({
      href: "/admin/customers.csv?q=roles&sort=name&dir=asc",
      text: "Download CSV",
    });

    const all = await answerOf(() => customersCsvLoader(args(get("owner", "/admin/customers.csv?sort=name&dir=asc"))));
    expect(all.status).toBe(200);
    expect(all.response!.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(all.response!.headers.get("content-disposition")).toMatch(
      /^attachment; filename="customers-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const rows = parse(await all.response!.text()) as string[][];
    expect(rows[0]).toEqual(["Name", "E-mail", "Role", "Joined", "Orders", "Age check"]);
    const accounts = await db.selectFrom("user").select("id").execute();
    expect(rows).toHaveLength(accounts.length + 1);
    const today = new Date().toISOString().slice(0, 10);
    expect(rows.find((r) => r[1] === "alex-roles@example.com")).toEqual([
      "Alex Lee",
      "alex-roles@example.com",
      "customer",
      expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      "1",
      "Verified",
    ]);
    expect(rows.find((r) => r[1] === "owner-roles@example.com")?.slice(2, 6)).toEqual([
      "staff",
      expect.any(String),
      "0",
      "Not checked yet",
    ]);
    expect(rows.filter((r) => r[0]!.includes("SUM") || r[0]!.includes("HYPERLINK"))).toEqual([
      [`'${FORMULA_NAME}`, "'+formula@example.com", "customer", expect.any(String), "0", "Not checked yet"],
      ["'@SUM(1+1)", "'-sum@example.com", "customer", expect.any(String), "0", "Not checked yet"],
    ]);
    expect(rows.slice(1).every((r) => r[3]! <= today)).toBe(true);

    const searched = await answerOf(() => customersCsvLoader(args(get("owner", "/admin/customers.csv?q=evil"))));
    expect((parse(await searched.response!.text()) as string[][]).slice(1).map((r) => r[1])).toEqual([
      "'+formula@example.com",
    ]);
    const entries = await entriesOf(db, ids.owner, "customers.export");
    expectSameEntries(
      entries.map((e) => [e.entity, e.entity_id, e.outcome, JSON.parse(e.details!)]),
      [
        ["customer", null, "done", { rows: accounts.length, searched: false, sort: "name", dir: "asc" }],
        ["customer", null, "done", { rows: 1, searched: true, sort: "joined", dir: "desc" }],
      ],
    );
    expect(entries.map((e) => e.details).join()).not.toContain("evil");
  });

  it("gives the owner a customer's own data, the copy they download themselves, each export logged", async () => {
    const { db } = testDb();
    const page = await answerOf(() =>
      customerLoader(args(get("owner", `/admin/customers/${alex.id}`), { id: alex.id })),
    );
    const { html } = render(CustomerPage as ComponentType<never>, page.body);
    expect(links(html)).toContainEqual({ href: `/admin/customers/${alex.id}/data`, text: "Download their data" });
    expect(links(html)).toContainEqual({ href: `/admin/age-checks/${alex.id}`, text: "Verified (age-checker Lee)" });

    const answer = await answerOf(() =>
      customerDataLoader(args(get("owner", `/admin/customers/${alex.id}/data`), { id: alex.id })),
    );
    expect(answer.status).toBe(200);
    expect(answer.response!.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(answer.response!.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="customer-data-${alex.id}-\\d{4}-\\d\\d-\\d\\d\\.json"$`),
    );
    const copy = JSON.parse(await answer.response!.text()) as { exportedAt: string };
    expect(copy).toEqual(JSON.parse(JSON.stringify(await exportAccountData(db, alex.id, new Date(copy.exportedAt)))));
    expect(copy).toMatchObject({ profile: { email: "alex-roles@example.com" }, orders: [expect.anything()] });

    expect(
      (await answerOf(() => customerDataLoader(args(get("owner", "/admin/customers/nobody/data"), { id: "nobody" }))))
        .status,
    ).toBe(404);
    const entries = await entriesOf(db, ids.owner, "customer.export");
    expect(entries.map((e) => [e.entity, e.entity_id, e.outcome, e.details])).toEqual([
      ["customer", alex.id, "done", null],
    ]);
  });

  it("lets a manager read customers but not export them: no download links, 403 and logged when asked", async () => {
    const { db } = testDb();
    const list = await answerOf(() => customersLoader(args(get("manager", "/admin/customers"))));
    expect(list.status).toBe(200);
    const listed = render(CustomersPage as ComponentType<never>, list.body);
    expect(listed.text).toContain("Alex Lee");
    expect(listed.text).not.toContain("Download CSV");
    const page = await answerOf(() =>
      customerLoader(args(get("manager", `/admin/customers/${alex.id}`), { id: alex.id })),
    );
    expect(page.status).toBe(200);
    const { html, text } = render(CustomerPage as ComponentType<never>, page.body);
    expect(text).toContain("alex-roles@example.com");
    expect(text).not.toContain("Download their data");
    // The age check's status, but no link to the check (the manager has no "age-checks").
    expect(text).toContain("Verified (age-checker Lee)");
    expect(links(html).map((l) => l.href)).not.toContain(`/admin/age-checks/${alex.id}`);

    for (const [path, loader, params] of [
      ["/admin/customers.csv", customersCsvLoader, {}],
      [`/admin/customers/${alex.id}/data`, customerDataLoader, { id: alex.id }],
    ] as const)
      expect((await answerOf(() => loader(args(get("manager", path), params)))).status, path).toBe(403);
    const entries = await entriesOf(db, ids.manager);
    expectSameEntries(
      entries.map((e) => [e.action, e.entity_id, JSON.parse(e.details!).permission]),
      [
        ["permission.refused", "/admin/customers.csv", "customers.export"],
        ["permission.refused", `/admin/customers/${alex.id}/data`, "customers.export"],
      ],
    );
  });

  it("refuses customers and visitors as before: the exports are a 404 and log nothing", async () => {
    const { db } = testDb();
    for (const cookie of [alexCookie, ""])
      for (const [path, loader, params] of [
        ["/admin/customers.csv", customersCsvLoader, {}],
        [`/admin/customers/${alex.id}/data`, customerDataLoader, { id: alex.id }],
      ] as const)
        expect(
          (await answerOf(() => loader(args(requestWith(cookie, `http://shop.test${path}`), params)))).status,
        ).toBe(404);
    expect(await entriesOf(db, alex.id)).toEqual([]);
  });
});

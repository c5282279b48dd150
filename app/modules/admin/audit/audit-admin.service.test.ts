import { expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { SessionUser } from "~/modules/accounts/accounts";
import { StaffOnlyError } from "~/modules/accounts/staff";
import type { AuditActor } from "~/modules/audit/audit";
import { purgeAuditLog, recordAudit } from "~/modules/audit/audit.service.server";
import { auditMessages, emptyAuditFilters, type AuditFilterValues } from "./audit-admin";
import { AUDIT_PAGE_SIZE, exportAuditLog, listAuditLog } from "./audit-admin.service.server";
import { ensureAuditPurgeJob, runAuditPurge } from "./audit-retention.service.server";

const member = (id: string, roles: SessionUser["staffRoles"]): SessionUser => ({
  id,
  name: `${id} Staff`,
  email: `${id}@example.com`,
  firstName: id,
  lastName: null,
  dateOfBirth: "1990-01-01",
  role: "staff",
  authProvider: "email",
  twoFactorEnabled: true,
  secondFactor: true,
  staffRoles: roles,
  clientIp: "192.0.2.7",
});
const owner = member("olive", ["owner"]);
const manager = member("manny", ["manager"]);
const actor = (user: SessionUser): AuditActor => ({ kind: "staff", id: user.id, name: user.name, ip: "192.0.2.9" });
// The log is append-only (audit.test.ts): a test starts afresh through the retention delete, with no year kept.
const clearLog = (db: Db) => purgeAuditLog(db, 0, new Date("3000-01-01T00:00:00Z"));
const filters = (values: Partial<AuditFilterValues>) => ({ ...emptyAuditFilters, ...values });

describeEachDatabase("the back office's audit log page, CSV and retention", (testDb) => {
  const seed = async (db: Db) => {
    await clearLog(db);
    // 30 June 2026 23:30 UTC is 1 July 00:30 in London (BST): a July entry for the shop.
    await recordAudit(
      db,
      actor(owner),
      { action: "price.change", entity: "variant", entityId: "v1", details: { priceCents: [1000, 1200] } },
      new Date("2026-06-30T23:30:00Z"),
    );
    await recordAudit(
      db,
      actor(manager),
      { action: "order.dispatch", entity: "order", entityId: "ORD1" },
      new Date("2026-06-30T22:30:00Z"),
    );
    await recordAudit(
      db,
      actor(manager),
      { action: "catalogue.item-update", outcome: "refused", details: { permission: "catalogue.edit" } },
      new Date("2026-07-02T10:00:00Z"),
    );
  };

  it("shows owners the entries newest first, filtered by who, what (an action's start), outcome and London days", async () => {
    const { db } = testDb();
    await seed(db);
    const all = await listAuditLog(db, owner, emptyAuditFilters, null);
    expect(all.entries.map((e) => e.action)).toEqual(["catalogue.item-update", "price.change", "order.dispatch"]);
    expect(all.actors.map((a) => a.id).sort()).toEqual(["manny", "olive"]);
    expect(all.actions).toContain("order.dispatch");
    expect(all.entries[1]).toMatchObject({
      actorName: "olive Staff",
      ip: "192.0.2.9",
      details: { priceCents: [1000, 1200] },
    });

    const byWho = await listAuditLog(db, owner, filters({ who: "manny" }), null);
    expect(byWho.entries.map((e) => e.action)).toEqual(["catalogue.item-update", "order.dispatch"]);
    const byArea = await listAuditLog(db, owner, filters({ what: "catalogue." }), null);
    expect(byArea.entries.map((e) => e.action)).toEqual(["catalogue.item-update"]);
    const refused = await listAuditLog(db, owner, filters({ outcome: "refused" }), null);
    expect(refused.total).toBe(1);
    // 1 July in London: the entry at 23:30 UTC on 30 June is in, the one at 22:30 UTC (23:30 BST) is not.
    const july1 = await listAuditLog(db, owner, filters({ from: "2026-07-01", to: "2026-07-01" }), null);
    expect(july1.entries.map((e) => e.action)).toEqual(["price.change"]);
    const june = await listAuditLog(db, owner, filters({ to: "2026-06-30" }), null);
    expect(june.entries.map((e) => e.action)).toEqual(["order.dispatch"]);
  });

  it("pages the log, and a page past the end shows the last", async () => {
    const { db } = testDb();
    await clearLog(db);
    for (let i = 0; i < AUDIT_PAGE_SIZE + 3; i++)
      await recordAudit(db, actor(owner), { action: "stock.adjust" }, new Date(Date.UTC(2026, 5, 1, 0, i)));
    const first = await listAuditLog(db, owner, emptyAuditFilters, "1");
    expect(first).toMatchObject({ total: AUDIT_PAGE_SIZE + 3, page: 1, totalPages: 2 });
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    const second = await listAuditLog(db, owner, emptyAuditFilters, "9");
    expect(second).toMatchObject({ page: 2, offset: AUDIT_PAGE_SIZE });
    expect(second.entries).toHaveLength(3);
  });

  it("answers wrong filters under their fields and reads no entry", async () => {
    const { db } = testDb();
    await seed(db);
    const cases: [Partial<AuditFilterValues>, string, string][] = [
      [{ from: "2026-07-02", to: "2026-07-01" }, "from", auditMessages.periodShape],
      [{ from: "2026-02-30" }, "from", auditMessages.dateShape],
      [{ to: "yesterday" }, "to", auditMessages.dateShape],
      [{ from: "2010-01-01", to: "2026-07-01" }, "from", auditMessages.periodLong],
      [{ outcome: "maybe" }, "outcome", auditMessages.outcomeShape],
      [{ what: "x'; drop" }, "what", auditMessages.whatShape],
    ];
    for (const [values, field, message] of cases) {
      const answer = await listAuditLog(db, owner, filters(values), null);
      expect(answer.errors).toEqual({ [field]: message });
      expect(answer.entries).toEqual([]);
      expect(answer.total).toBe(0);
      expect(answer.actors).toHaveLength(2);
    }
    expect((await listAuditLog(db, owner, filters({ from: "2016-07-01", to: "2026-07-01" }), null)).errors).toEqual({});
  });

  it("refuses anybody without audit.read, a manager included", async () => {
    const { db } = testDb();
    await expect(listAuditLog(db, manager, emptyAuditFilters, null)).rejects.toBeInstanceOf(StaffOnlyError);
    await expect(exportAuditLog(db, manager, emptyAuditFilters)).rejects.toBeInstanceOf(StaffOnlyError);
    await expect(listAuditLog(db, null, emptyAuditFilters, null)).rejects.toBeInstanceOf(StaffOnlyError);
  });

  it("gives the filtered entries as CSV named for the period, and records the download", async () => {
    const { db } = testDb();
    await seed(db);
    const answer = await exportAuditLog(db, owner, filters({ who: "manny", from: "2026-06-01", to: "2026-07-31" }));
    if (!answer.ok) throw new Error(answer.message);
    expect(answer.fileName).toBe("audit-log-2026-06-01-to-2026-07-31.csv");
    const lines = answer.csv.trim().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("order.dispatch");
    expect(lines[2]).toContain("catalogue.item-update");
    expect(answer.csv).not.toContain("price.change");
    const recorded = await db.selectFrom("audit_log").selectAll().where("action", "=", "audit.export").execute();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ actor_id: "olive", ip: "192.0.2.7", outcome: "done" });
    expect(JSON.parse(recorded[0]!.details!)).toEqual({ who: "manny", from: "2026-06-01", to: "2026-07-31" });
    const refused = await exportAuditLog(db, owner, filters({ from: "2026-07-02", to: "2026-07-01" }));
    expect(refused).toMatchObject({ ok: false, fieldErrors: { from: auditMessages.periodShape } });
  });

  it("deletes entries older than the retention years, keeps newer ones, and runs again a day later", async () => {
    const { db } = testDb();
    await clearLog(db);
    await db.deleteFrom("jobs").where("kind", "=", "audit-purge").execute();
    const now = new Date("2032-12-01T03:00:00.000Z");
    await recordAudit(db, actor(owner), { action: "price.change" }, new Date("2026-11-30T03:00:00.000Z"));
    await recordAudit(db, actor(owner), { action: "stock.adjust" }, new Date("2026-12-02T03:00:00.000Z"));
    await ensureAuditPurgeJob(db, now);
    await ensureAuditPurgeJob(db, now);
    const queued = await db.selectFrom("jobs").select(["run_at"]).where("kind", "=", "audit-purge").execute();
    expect(queued).toEqual([{ run_at: now.toISOString() }]);
    expect(await runAuditPurge(db, 6, now)).toBe(1);
    const left = await db.selectFrom("audit_log").select("action").execute();
    expect(left.map((r) => r.action)).toEqual(["stock.adjust"]);
    const next = await db
      .selectFrom("jobs")
      .select("run_at")
      .where("kind", "=", "audit-purge")
      .orderBy("run_at")
      .execute();
    expect(next.map((j) => j.run_at)).toContain("2032-12-02T03:00:00.000Z");
  });
});

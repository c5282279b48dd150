import type { Db } from "~/db/database.server";
import type { AuditLogTable } from "~/db/schema";
import { sql } from "kysely";
import { prefixPattern } from "~/db/like.server";

// The audit log's queries. Append and read only: the one delete is the retention job's, of entries past their years
// (audit.test.ts checks there is no other update or delete of the table anywhere in the shop).

export async function insertAuditEntry(db: Db, row: AuditLogTable): Promise<void> {
  await db.insertInto("audit_log").values(row).execute();
}

export type AuditQuery = {
  actorId?: string | null;
  /** An action's name or its start ("catalogue." finds every catalogue action). */
  action?: string | null;
  entityId?: string | null;
  outcome?: AuditLogTable["outcome"] | null;
  /** ISO instants: from (inclusive) and to (exclusive). */
  from?: string | null;
  to?: string | null;
};

function filtered(db: Db, q: AuditQuery) {
  let query = db.selectFrom("audit_log");
  if (q.actorId) query = query.where("actor_id", "=", q.actorId);
  if (q.action) query = query.where(sql<boolean>`${sql.ref("action")} like ${prefixPattern(q.action)} escape '\\'`);
  if (q.entityId) query = query.where("entity_id", "=", q.entityId);
  if (q.outcome) query = query.where("outcome", "=", q.outcome);
  if (q.from) query = query.where("at", ">=", q.from);
  if (q.to) query = query.where("at", "<", q.to);
  return query;
}

/** Newest first, a page at a time. */
export async function findAuditEntries(db: Db, q: AuditQuery, limit: number, offset = 0): Promise<AuditLogTable[]> {
  return filtered(db, q).selectAll().orderBy("at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute();
}

export async function countAuditEntries(db: Db, q: AuditQuery): Promise<number> {
  const row = await filtered(db, q)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Everyone who appears in the log as a member of staff, by their latest name (the page's 'Who' filter). */
export async function findAuditActors(db: Db): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .selectFrom("audit_log")
    .select(["actor_id", (eb) => eb.fn.max("actor_name").as("name")])
    .where("actor_id", "is not", null)
    .groupBy("actor_id")
    .execute();
  return rows.map((r) => ({ id: r.actor_id!, name: String(r.name) })).sort((a, b) => a.name.localeCompare(b.name));
}

/** The distinct action names recorded (the page's 'What' filter). */
export async function findAuditActions(db: Db): Promise<string[]> {
  const rows = await db.selectFrom("audit_log").select("action").distinct().orderBy("action").execute();
  return rows.map((r) => r.action);
}

/** The retention job's delete: entries recorded before `before`. */
export async function deleteAuditEntriesBefore(db: Db, before: string): Promise<number> {
  const result = await db.deleteFrom("audit_log").where("at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Writing and reading the audit log (issue 63, docs/decisions/080). Every back-office write records its entry with
 * `recordAudit` inside its own transaction (the entry and the change commit together, or neither does); a refusal is
 * recorded on its own. The log is never changed: the only delete is `purgeAuditLog`, of entries past their years.
 * This module checks no permission (it sits below the accounts module): the pages that read it do (admin/audit).
 */
import type { Db } from "~/db/database.server";
import { newId } from "~/lib/ids.server";
import { stringify } from "csv-stringify/sync";
import type { AuditActor, AuditEntry, AuditRow } from "./audit";
import {
  countAuditEntries,
  deleteAuditEntriesBefore,
  findAuditActions,
  findAuditActors,
  findAuditEntries,
  insertAuditEntry,
  type AuditQuery,
} from "./audit.repository.server";

export type { AuditQuery } from "./audit.repository.server";

let sequence = 0;

/**
 * An entry's id that sorts as the entries were written: its time (ms, base 36), then a counter of this process (two
 * entries of one millisecond keep their order), then random letters (copies of the shop never collide).
 */
function entryId(at: Date): string {
  sequence = (sequence + 1) % 36 ** 4;
  return `${at.getTime().toString(36).padStart(9, "0")}${sequence.toString(36).padStart(4, "0")}${newId(8)}`;
}

/** Appends one entry. Call it with the transaction that makes the change (`trx`), so neither commits without the other. */
export async function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry, at = new Date()): Promise<void> {
  await insertAuditEntry(db, {
    id: entryId(at),
    at: at.toISOString(),
    actor_kind: actor.kind,
    actor_id: actor.id,
    actor_name: actor.name.slice(0, 200),
    ip: actor.ip,
    action: entry.action,
    entity: entry.entity ?? null,
    entity_id: entry.entityId ?? null,
    outcome: entry.outcome ?? "done",
    details: entry.details && Object.keys(entry.details).length ? JSON.stringify(entry.details) : null,
  });
}

/** A refusal (a permission, a rule): recorded on its own, as nothing else is written. */
export const recordRefusal = (db: Db, actor: AuditActor, entry: Omit<AuditEntry, "outcome">, at?: Date) =>
  recordAudit(db, actor, { ...entry, outcome: "refused" }, at);

function toRow(r: Awaited<ReturnType<typeof findAuditEntries>>[number]): AuditRow {
  return {
    id: r.id,
    at: r.at,
    actorKind: r.actor_kind,
    actorId: r.actor_id,
    actorName: r.actor_name,
    ip: r.ip,
    action: r.action,
    entity: r.entity,
    entityId: r.entity_id,
    outcome: r.outcome,
    details: r.details ? (JSON.parse(r.details) as Record<string, unknown>) : null,
  };
}

/** A page of entries, newest first, with the total and the filters' choices. */
export async function readAuditLog(db: Db, query: AuditQuery, page: { limit: number; offset: number }) {
  const [rows, total, actors, actions] = await Promise.all([
    findAuditEntries(db, query, page.limit, page.offset),
    countAuditEntries(db, query),
    findAuditActors(db),
    findAuditActions(db),
  ]);
  return { entries: rows.map(toRow), total, actors, actions };
}

/** The filters' choices alone (a page whose filters were refused reads no entries, but still offers them). */
export async function readAuditChoices(db: Db) {
  const [actors, actions] = await Promise.all([findAuditActors(db), findAuditActions(db)]);
  return { actors, actions };
}

/** The most rows one CSV download holds (a narrower filter gives the rest). */
export const AUDIT_CSV_MAX_ROWS = 100_000;

/** The entries a filter finds, oldest first, as CSV (UTF-8, a header row; the details as JSON). */
export async function auditLogCsv(db: Db, query: AuditQuery): Promise<string> {
  const rows = (await findAuditEntries(db, query, AUDIT_CSV_MAX_ROWS)).map(toRow).reverse();
  const records = rows.map((r) =>
    [
      r.at,
      r.actorKind,
      r.actorName,
      r.actorId ?? "",
      r.ip ?? "",
      r.action,
      r.entity ?? "",
      r.entityId ?? "",
      r.outcome,
      r.details ? JSON.stringify(r.details) : "",
    ].map(noFormula),
  );
  const header = [
    "Time (UTC)",
    "Actor kind",
    "Actor",
    "Actor id",
    "IP address",
    "Action",
    "Entity",
    "Entity id",
    "Outcome",
    "Details",
  ];
  return stringify([header, ...records], { record_delimiter: "\r\n", quote_record_delimiter: true });
}

/** A cell a spreadsheet would read as a formula (=, +, -, @ first) is kept as text, with a leading apostrophe. */
const noFormula = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

/** The retention job's work: deletes entries older than `years` years; how many went. */
export async function purgeAuditLog(db: Db, years: number, now = new Date()): Promise<number> {
  const before = new Date(now);
  before.setUTCFullYear(before.getUTCFullYear() - years);
  return deleteAuditEntriesBefore(db, before.toISOString());
}

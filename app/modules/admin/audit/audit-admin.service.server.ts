/**
 * The back office's Audit log page and its CSV (issue 63, docs/decisions/080): owners only ("audit.read"). The
 * filters come from the address; a wrong one is answered under its field and no entry is read. Days are the shop's
 * (London): a period runs from the start of its first day to the end of its last.
 */
import { z } from "zod";
import type { Db } from "~/db/database.server";
import { check } from "~/lib/form-check";
import { pageCount } from "~/lib/pagination";
import { clampPage } from "~/lib/pagination";
import type { Failure } from "~/lib/result";
import { addDays, shopDate, shopDayStart } from "~/lib/shop-time";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import {
  auditLogCsv,
  readAuditChoices,
  readAuditLog,
  recordAudit,
  type AuditQuery,
} from "~/modules/audit/audit.service.server";
import type { AuditRow } from "~/modules/audit/audit";
import { AUDIT_MAX_PERIOD_YEARS, auditMessages as m, type AuditFilterValues } from "./audit-admin";

/** Entries on one page of the log. */
export const AUDIT_PAGE_SIZE = 50;

const filterNames = ["who", "what", "outcome", "from", "to"] as const;

/** The filters as the address gives them (trimmed, each at most 100 characters). */
export function readAuditFilters(url: URL): AuditFilterValues {
  const read = (name: string) => (url.searchParams.get(name) ?? "").trim().slice(0, 100);
  return Object.fromEntries(filterNames.map((name) => [name, read(name)])) as AuditFilterValues;
}

const isRealDay = (d: string) => {
  const at = new Date(`${d}T12:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === d;
};
const day = z.string().refine((d) => d === "" || (/^\d{4}-\d{2}-\d{2}$/.test(d) && isRealDay(d)), m.dateShape);
const yearsAfter = (d: string, years: number) =>
  `${String(Number(d.slice(0, 4)) + years).padStart(4, "0")}${d.slice(4)}`;

const auditFilters = z
  .object({
    who: z.string().regex(/^[A-Za-z0-9_-]{0,64}$/, m.whoShape),
    what: z.string().regex(/^([a-z0-9][a-z0-9.-]{0,99})?$/i, m.whatShape),
    outcome: z.enum(["", "done", "refused"], m.outcomeShape),
    from: day,
    to: day,
  })
  .superRefine((f, ctx) => {
    if (!f.from || !isRealDay(f.from) || (f.to && !isRealDay(f.to))) return;
    const end = f.to || shopDate();
    if (f.to && f.from > f.to) ctx.addIssue({ code: "custom", message: m.periodShape, path: ["from"] });
    else if (end > yearsAfter(f.from, AUDIT_MAX_PERIOD_YEARS))
      ctx.addIssue({ code: "custom", message: m.periodLong, path: ["from"] });
  });

/** The filters checked and turned into the log's query (London days to instants), or the messages for the fields. */
export function auditQueryOf(values: AuditFilterValues): { ok: true; query: AuditQuery } | Failure {
  const checked = check(auditFilters, values);
  if (!checked.ok) return checked;
  const f = checked.data;
  return {
    ok: true,
    query: {
      actorId: f.who || null,
      action: f.what || null,
      outcome: f.outcome || null,
      from: f.from ? shopDayStart(f.from).toISOString() : null,
      to: f.to ? shopDayStart(addDays(f.to, 1)).toISOString() : null,
    },
  };
}

export type AuditListing = {
  entries: AuditRow[];
  total: number;
  page: number;
  totalPages: number;
  offset: number;
  actors: { id: string; name: string }[];
  actions: string[];
  errors: Partial<Record<keyof AuditFilterValues | "form", string>>;
};

/** A page of the log, newest first, for these filters; wrong filters read no entry and say what is wrong. */
export async function listAuditLog(
  db: Db,
  staff: SessionUser | null,
  values: AuditFilterValues,
  rawPage: string | null,
): Promise<AuditListing> {
  assertAllowed(staff, "audit.read");
  const asked = auditQueryOf(values);
  if (!asked.ok) {
    const choices = await readAuditChoices(db);
    return { entries: [], total: 0, page: 1, totalPages: 1, offset: 0, ...choices, errors: asked.fieldErrors ?? {} };
  }
  let page = clampPage(rawPage, Number.MAX_SAFE_INTEGER);
  let read = await readAuditLog(db, asked.query, { limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE });
  const totalPages = pageCount(read.total, AUDIT_PAGE_SIZE);
  if (page > totalPages) {
    // Past the end (an old link, a narrower filter): the last page instead.
    page = totalPages;
    read = await readAuditLog(db, asked.query, { limit: AUDIT_PAGE_SIZE, offset: (page - 1) * AUDIT_PAGE_SIZE });
  }
  const offset = (page - 1) * AUDIT_PAGE_SIZE;
  return { ...read, page, totalPages, offset, errors: {} };
}

/**
 * The entries the filters find as CSV, with its file name (audit-log-<from>-to-<to>.csv); the download itself is
 * recorded in the log ("audit.export", with the filters), as who took a copy of it matters too.
 */
export async function exportAuditLog(
  db: Db,
  staff: SessionUser | null,
  values: AuditFilterValues,
): Promise<{ ok: true; csv: string; fileName: string } | Failure> {
  assertAllowed(staff, "audit.read");
  const asked = auditQueryOf(values);
  if (!asked.ok) return asked;
  const csv = await auditLogCsv(db, asked.query);
  const filters = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ""));
  await recordAudit(db, auditActorOf(staff), { action: "audit.export", entity: "audit-log", details: filters });
  const fileName = `audit-log-${values.from || "start"}-to-${values.to || shopDate()}.csv`;
  return { ok: true, csv, fileName };
}

/**
 * The back office's audit log (issue 63, docs/decisions/080): who did what, when, from which address, to what, and
 * for a change the fields before and after. Client-safe: plain values and types, no I/O.
 */
import type { AuditActorKind, AuditOutcome } from "~/db/values";

export { auditActorKinds, auditOutcomes, type AuditActorKind, type AuditOutcome } from "~/db/values";

/** Who acted: a member of staff (their id, their name then, their address), the command line, or a visitor. */
export type AuditActor = { kind: AuditActorKind; id: string | null; name: string; ip: string | null };

/** A field's value before and after a change, as the log keeps it. */
export type AuditValue = string | number | boolean | null;
export type AuditChanges = Record<string, [AuditValue, AuditValue]>;

/** What one entry records. `details` holds the changes ({ field: [before, after] }) or other facts of the action. */
export type AuditEntry = {
  action: string;
  entity?: string | null;
  entityId?: string | null;
  outcome?: AuditOutcome;
  details?: Record<string, unknown> | null;
};

/** One entry as the Audit log page and its CSV show it. */
export type AuditRow = {
  id: string;
  at: string;
  actorKind: AuditActorKind;
  actorId: string | null;
  actorName: string;
  ip: string | null;
  action: string;
  entity: string | null;
  entityId: string | null;
  outcome: AuditOutcome;
  details: Record<string, unknown> | null;
};

/**
 * The fields that changed between two versions of a record, among `fields` (never a field holding personal data or
 * a secret: the caller names only what may be kept). Nothing changed: null.
 */
export function changesOf<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): AuditChanges | null {
  const changes: AuditChanges = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    const from = toValue(before[field]);
    const to = toValue(after[field]);
    if (from !== to) changes[field] = [from, to];
  }
  return Object.keys(changes).length ? changes : null;
}

function toValue(value: unknown): AuditValue {
  if (value === undefined || value === null) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** The audit log's retention when AUDIT_RETENTION_YEARS is not set: six years (HMRC's records, limitation period). */
export const AUDIT_RETENTION_YEARS_DEFAULT = 6;

/**
 * The Audit log page's words and pure rules (issue 63, docs/decisions/080): its filters as the address carries them,
 * where an entry's entity is shown in the back office, and how an entry's details read. Client-safe: no I/O.
 */
import type { AuditOutcome } from "~/modules/audit/audit";

/** The filters as the address carries them (`?who=&what=&outcome=&from=&to=`), as typed. */
export type AuditFilterValues = { who: string; what: string; outcome: string; from: string; to: string };

export const emptyAuditFilters: AuditFilterValues = { who: "", what: "", outcome: "", from: "", to: "" };

/** The longest period one look at the log may cover. */
export const AUDIT_MAX_PERIOD_YEARS = 10;

export const auditMessages = {
  dateShape: "Enter a real date (for example 2026-11-29).",
  periodShape: "The start date is after the end date.",
  periodLong: `Choose a period of ${AUDIT_MAX_PERIOD_YEARS} years or less.`,
  outcomeShape: "Choose Any, Done or Refused.",
  whoShape: "Choose a member of staff from the list, or Anyone.",
  whatShape: "Choose an action from the list, or Anything.",
} as const;

export const auditOutcomeLabels: Record<AuditOutcome, string> = { done: "Done", refused: "Refused" };

/** The back-office page of an entry's entity, when it has one (an order, a customer). */
export function auditEntityHref(entity: string | null, entityId: string | null): string | null {
  if (!entity || !entityId) return null;
  const id = encodeURIComponent(entityId);
  if (entity === "order") return `/admin/orders/${id}`;
  if (entity === "customer" || entity === "user") return `/admin/customers/${id}`;
  return null;
}

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === "") return "(none)";
  return typeof value === "string" ? value : JSON.stringify(value);
};

/**
 * An entry's details as lines: a change as "field: before → after", any other fact as "name: value".
 */
export function auditDetailLines(details: Record<string, unknown> | null): string[] {
  if (!details) return [];
  return Object.entries(details).map(([field, value]) =>
    Array.isArray(value) && value.length === 2
      ? `${field}: ${shown(value[0])} → ${shown(value[1])}`
      : `${field}: ${shown(value)}`,
  );
}

/**
 * The 'What' filter's choices: every area that has more than one action ("catalogue." for all catalogue actions),
 * then every action; the filter matches an action's start.
 */
export function auditActionChoices(actions: readonly string[]): { value: string; label: string }[] {
  const areas = new Map<string, number>();
  for (const action of actions) {
    const dot = action.indexOf(".");
    if (dot > 0) areas.set(action.slice(0, dot + 1), (areas.get(action.slice(0, dot + 1)) ?? 0) + 1);
  }
  const areaChoices = [...areas]
    .filter(([, n]) => n > 1)
    .map(([area]) => ({ value: area, label: `${area.slice(0, -1)}: every action` }));
  return [...areaChoices, ...actions.map((a) => ({ value: a, label: a }))].sort((a, b) =>
    a.value.localeCompare(b.value),
  );
}

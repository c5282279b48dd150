import type { Db } from "~/db/database.server";
import { newId } from "~/lib/ids.server";
import { fail, type Result } from "~/lib/result";
import { formatDate } from "~/lib/shop-time";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import type { AuditActor } from "~/modules/audit/audit";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { MAX_REFUSED_SHOWN, mhraListMessages, readMhraList, type RefusedLine } from "./mhra-list";
import * as repo from "./mhra-list.repository.server";

// The MHRA's published list of notification numbers: loaded by staff (back office upload or `npm run mhra:import`),
// replaced whole at each load, and read when a catalogue item is saved: once a list is loaded, a number that is not
// on it is refused; without one, only the number's shape is checked (docs/guide/uk-rules.md).

/** Who loads a list: a member of staff in the back office, or the command line (someone with the shop's database). */
export type MhraLoader = SessionUser | "command line";

/** The audit log's actor of a load: the member of staff, or the command line. */
const actorOf = (by: MhraLoader): AuditActor =>
  by === "command line" ? { kind: "cli", id: null, name: "command line", ip: null } : auditActorOf(by);

export type MhraLoadAnswer = { loaded: number; lines: number; refused: RefusedLine[]; refusedCount: number };

/** Reads the file's text and, when it holds at least one number, makes it the shop's list. */
export async function loadMhraList(
  db: Db,
  by: MhraLoader,
  source: string,
  text: string,
  now: Date = new Date(),
): Promise<Result<MhraLoadAnswer>> {
  if (by !== "command line") assertAllowed(by, "catalogue.edit");
  const read = readMhraList(text);
  if (read.numbers.size === 0) return fail("invalid", mhraListMessages.empty);
  await db.transaction().execute(async (trx) => {
    await repo.replaceNumbers(trx, read.numbers);
    await repo.insertLoad(trx, {
      id: newId(),
      loaded_at: now.toISOString(),
      loaded_by: by === "command line" ? null : by.id,
      source: source.slice(0, 200),
      numbers: read.numbers.size,
      refused: read.refused.length,
    });
    await recordAudit(trx, actorOf(by), {
      action: "mhra.list-load",
      entity: "mhra-list",
      details: { source: source.slice(0, 200), numbers: read.numbers.size, refused: read.refused.length },
    });
  });
  return {
    ok: true,
    loaded: read.numbers.size,
    lines: read.lines,
    refused: read.refused.slice(0, MAX_REFUSED_SHOWN),
    refusedCount: read.refused.length,
  };
}

/** Empties the list: from then on only the shape of a number is checked. */
export async function clearMhraList(db: Db, by: SessionUser | null): Promise<void> {
  assertAllowed(by, "catalogue.edit");
  await db.transaction().execute(async (trx) => {
    await repo.deleteNumbers(trx);
    await recordAudit(trx, auditActorOf(by), { action: "mhra.list-clear", entity: "mhra-list" });
  });
}

export type MhraListSummary = { numbers: number; loadedAt: string | null; source: string | null };

export async function mhraListSummary(db: Db): Promise<MhraListSummary> {
  const numbers = await repo.countNumbers(db);
  const load = numbers > 0 ? await repo.findLatestLoad(db) : undefined;
  return { numbers, loadedAt: load?.loaded_at ?? null, source: load?.source ?? null };
}

/**
 * Why a well-formed number is refused: not on the loaded list (null when it is, or when no list is loaded and the
 * shape check alone applies).
 */
export async function mhraNumberProblem(db: Db, ecid: string): Promise<string | null> {
  if (await repo.findNumber(db, ecid)) return null;
  const summary = await mhraListSummary(db);
  if (summary.numbers === 0) return null;
  return mhraListMessages.unknown(summary.loadedAt ? formatDate(summary.loadedAt) : "an earlier date");
}

import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import * as auditFace from "./audit";
import * as auditRepository from "./audit.repository.server";
import * as auditService from "./audit.service.server";

// The audit log is append-only (docs/decisions/080): nothing in the shop changes an entry, and the one delete is the
// retention job's, of entries past their years. This reads every source file, so a new update or delete of the table
// anywhere (a query builder call or raw SQL) fails here.

const root = join(import.meta.dirname, "../../..");
const sourceFile = /\.(ts|tsx|js|mjs|cjs)$/;

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "node_modules" || entry.name.startsWith(".") ? [] : sourcesUnder(path);
    return sourceFile.test(entry.name) ? [path] : [];
  });
}

// Built from pieces, so that this file does not find itself.
const table = ["audit", "log"].join("_");
const updates = new RegExp(`updateTable\\(\\s*["'\`]${table}["'\`]|\\bupdate\\s+"?${table}\\b`, "gi");
const deletes = new RegExp(
  `deleteFrom\\(\\s*["'\`]${table}["'\`]|\\bdelete\\s+from\\s+"?${table}\\b|\\btruncate\\s+(table\\s+)?"?${table}\\b`,
  "gi",
);

/** Each match as "file: the function it is in" (the nearest function declared above it). */
function findings(pattern: RegExp): string[] {
  const found: string[] = [];
  for (const file of ["app", "server", "scripts"].flatMap(sourcesUnder)) {
    const text = readFileSync(join(root, file), "utf8");
    for (const match of text.matchAll(pattern)) {
      const before = text.slice(0, match.index);
      const fn = [...before.matchAll(/function\s+(\w+)/g)].at(-1)?.[1] ?? "(top level)";
      found.push(`${relative(".", file)}: ${fn}`);
    }
  }
  return found;
}

describe("the audit log is append-only", () => {
  it("is never updated, anywhere in the shop's sources", () => {
    expect(findings(updates)).toEqual([]);
  });

  it("is deleted from in one place only: the retention delete of the audit repository", () => {
    expect(findings(deletes)).toEqual(["app/modules/audit/audit.repository.server.ts: deleteAuditEntriesBefore"]);
  });

  it("has no function that changes or removes entries other than the retention job's", () => {
    const writers = /^(update|delete|remove|purge|erase|edit|change|set|clear|truncate|replace)([A-Z]|$)/;
    const exported = (face: object) => Object.keys(face).filter((name) => writers.test(name));
    expect(exported(auditService)).toEqual(["purgeAuditLog"]);
    expect(exported(auditFace)).toEqual([]);
    expect(exported(auditRepository)).toEqual(["deleteAuditEntriesBefore"]);
  });

  it("finds an update or a delete written in any of the usual ways (the scan itself can fail)", () => {
    const sample = `db.updateTable("${table}").set({}); trx.deleteFrom('${table}'); sql\`DELETE FROM ${table}\`; sql\`update ${table} set\``;
    expect(sample.match(updates)).toHaveLength(2);
    expect(sample.match(deletes)).toHaveLength(2);
  });
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  can,
  formatStaffRoles,
  forbiddenMessage,
  parseStaffRoles,
  permissionNames,
  permissionTable,
  staffRoleNames,
  staffRoles,
  type Permission,
} from "./permissions";

const staff = (roles: string) => ({ role: "staff", staffRoles: parseStaffRoles(roles) });

describe("the permission table", () => {
  it("lets a member of staff do what any of their roles may, and nobody else anything", () => {
    expect(can(staff("packer"), "orders.dispatch")).toBe(true);
    expect(can(staff("packer"), "refunds")).toBe(false);
    expect(can(staff("age-checker"), "id-documents")).toBe(true);
    expect(can(staff("age-checker"), "orders.read")).toBe(false);
    // Combined: a packer who also checks ages.
    expect(can(staff("packer,age-checker"), "orders.dispatch")).toBe(true);
    expect(can(staff("packer,age-checker"), "age-checks")).toBe(true);
    expect(can(staff("packer,age-checker"), "customers.export")).toBe(false);
    expect(can(staff("manager"), "prices.edit")).toBe(true);
    for (const p of ["staff.manage", "audit.read", "settings", "customers.export"] as Permission[])
      expect(can(staff("manager"), p)).toBe(false);
    expect(can({ role: "customer", staffRoles: ["owner"] }, "back-office")).toBe(false);
    expect(can({ ...staff("owner"), disabled: true }, "back-office")).toBe(false);
    expect(can({ role: "staff", staffRoles: [] }, "back-office")).toBe(false);
    expect(can(null, "back-office")).toBe(false);
  });

  it("gives the owner every permission, so a shop with an owner is never locked out of any of it", () => {
    for (const permission of permissionNames) {
      expect(can(staff("owner"), permission)).toBe(true);
      expect(permissionTable[permission].roles).toContain("owner");
    }
    // Every role opens the back office.
    for (const role of staffRoleNames) expect(can(staff(role), "back-office")).toBe(true);
  });

  it("reads roles from the user row: unknown names dropped, order and repeats normalised", () => {
    expect(parseStaffRoles("packer, owner,packer,janitor")).toEqual(["owner", "packer"]);
    expect(parseStaffRoles("")).toEqual([]);
    expect(parseStaffRoles(null)).toEqual([]);
    expect(formatStaffRoles(["age-checker", "manager"])).toBe("manager,age-checker");
    expect(parseStaffRoles(formatStaffRoles(["packer", "owner"]))).toEqual(["owner", "packer"]);
  });

  it("names the roles that would allow it on the 403 page", () => {
    expect(forbiddenMessage("refunds")).toBe(
      "Your staff role does not allow this. It needs the Owner or Manager role: ask the shop's owner.",
    );
  });

  it("is the table the back office guide shows, permission by permission with exactly its roles", () => {
    const guide = readFileSync(join(import.meta.dirname, "../../../docs/guide/back-office.md"), "utf8");
    const section = guide.slice(guide.indexOf("## Roles and permissions"), guide.indexOf("## Audit log"));
    const rows = [...section.matchAll(/^\| `([a-z.-]+)` \| (.+?) \| (.+?) \|$/gm)].map((m) => [
      m[1],
      m[3]!.split(",").map((r) => r.trim()),
    ]);
    const labelOf = (role: (typeof staffRoleNames)[number]) => staffRoles[role].label;
    expect(rows).toEqual(permissionNames.map((p) => [p, permissionTable[p].roles.map(labelOf)]));
  });
});

// `npm run staff`: every command explains itself with --help, and wrong use prints its usage (exit 2), never a
// stack trace. The commands' changes run on a test database (roles, the first owner, the last owner, the audit log).
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { ShopContext } from "~/context";
import { createTestContext } from "~/testing/test-context";
import { runStaffCommand, type OpenShop } from "./staff";

function captured() {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, "log").mockImplementation((...args) => void out.push(args.join(" ")));
  vi.spyOn(console, "error").mockImplementation((...args) => void err.push(args.join(" ")));
  return { out, err };
}
afterEach(() => vi.restoreAllMocks());

describe("npm run staff", () => {
  it("lists its commands with --help, and a missing command is wrong use", async () => {
    const { out } = captured();
    expect(await runStaffCommand(["--help"])).toBe(0);
    expect(out.join("\n")).toMatch(/^Usage: npm run staff -- <command> \[options\]/);
    expect(out.join("\n")).toContain("reset-two-factor");
    expect(out.join("\n")).toContain("create");
    expect(await runStaffCommand([])).toBe(2);
  });

  it.each(["create", "reset-two-factor", "list", "disable", "enable"])(
    "%s --help prints its usage",
    async (command) => {
      const { out } = captured();
      expect(await runStaffCommand([command, "--help"])).toBe(0);
      expect(out.join("\n")).toMatch(new RegExp(`^Usage: npm run staff -- ${command}( --email|$)`));
    },
  );

  it("refuses an unknown command, an unknown option and a missing e-mail with the usage, not a stack trace", async () => {
    const { err } = captured();
    expect(await runStaffCommand(["delete-everyone"])).toBe(2);
    expect(err.at(-1)).toMatch(/^Unknown command "delete-everyone"\./);
    expect(await runStaffCommand(["reset-two-factor", "--emial", "a@b.co"])).toBe(2);
    expect(err.at(-1)).toMatch(/^Unknown option '--emial'[\s\S]*Usage: npm run staff -- reset-two-factor/);
    expect(await runStaffCommand(["reset-two-factor"])).toBe(2);
    expect(err.at(-1)).toMatch(/^--email: /);
    expect(await runStaffCommand(["create", "--email", "a@b.co", "--password", "short"])).toBe(2);
    expect(err.at(-1)).toMatch(/^password: /);
    expect(
      await runStaffCommand(["create", "--email", "a@b.co", "--password", "long enough 1", "--role", "boss"]),
    ).toBe(2);
    expect(err.at(-1)).toMatch(/^--role: "boss" is not a role[\s\S]*Usage: npm run staff -- create/);
    expect(await runStaffCommand(["disable"])).toBe(2);
    expect(err.at(-1)).toMatch(/^--email: [\s\S]*Usage: npm run staff -- disable/);
    expect(err.join("\n")).not.toMatch(/\n\s+at /);
  });
});

describeEachDatabase("npm run staff on the shop's database", (testDb) => {
  let context: () => ShopContext;
  let open: OpenShop;
  const pass = "staff password 1";
  const rolesOf = async (email: string) =>
    (await testDb().db.selectFrom("user").select("staffRoles").where("email", "=", email).executeTakeFirst())
      ?.staffRoles;
  beforeAll(async () => {
    context = await createTestContext(testDb());
    open = async () => ({ ...context(), close: async () => {} });
  });

  it("makes the first staff account an owner whatever is asked; after that --role is required", async () => {
    const { out, err } = captured();
    expect(
      await runStaffCommand(["create", "--email", "first@example.com", "--password", pass, "--role", "packer"], open),
    ).toBe(0);
    expect(await rolesOf("first@example.com")).toBe("owner,packer");
    expect(out.at(-1)).toBe("Created the staff account first@example.com (Owner, Packer).");
    expect(await runStaffCommand(["create", "--email", "second@example.com", "--password", pass], open)).toBe(2);
    expect(err.at(-1)).toMatch(/^--role: say which roles[\s\S]*Usage: npm run staff -- create/);
    expect(await rolesOf("second@example.com")).toBeUndefined();
    expect(
      await runStaffCommand(
        [
          "create",
          "--email",
          "second@example.com",
          "--password",
          pass,
          "--role",
          "manager,age-checker",
          "--role",
          "packer",
        ],
        open,
      ),
    ).toBe(0);
    expect(await rolesOf("second@example.com")).toBe("manager,packer,age-checker");
    const entries = await testDb()
      .db.selectFrom("audit_log")
      .select(["actor_kind", "actor_id", "actor_name", "action", "details"])
      .where("action", "=", "staff.create")
      .orderBy("at")
      .orderBy("id")
      .execute();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ actor_kind: "cli", actor_id: null, action: "staff.create" });
    expect(entries[0]!.actor_name).toMatch(/ \(command line\)$/);
    expect(JSON.parse(entries[1]!.details!)).toEqual({ roles: "manager,packer,age-checker" });
  });

  it("lists staff with roles and status; disables and enables, keeping the last owner", async () => {
    const { out, err } = captured();
    expect(await runStaffCommand(["list"], open)).toBe(0);
    expect(out).toContain("second@example.com\tManager, Packer, Age checker\ttwo-factor not set up\tActive");
    expect(await runStaffCommand(["disable", "--email", "first@example.com"], open)).toBe(1);
    expect(err.at(-1)).toBe("The shop needs at least one owner: make someone else an owner first.");
    expect(await runStaffCommand(["disable", "--email", "second@example.com"], open)).toBe(0);
    expect(await runStaffCommand(["list"], open)).toBe(0);
    expect(out.at(-1)).toMatch(/^second@example\.com\t.*\tDisabled$/);
    expect(await runStaffCommand(["enable", "--email", "second@example.com"], open)).toBe(0);
    expect(await runStaffCommand(["disable", "--email", "nobody@example.com"], open)).toBe(1);
    const actions = await testDb()
      .db.selectFrom("audit_log")
      .select(["action", "actor_kind"])
      .where("action", "in", ["staff.disable", "staff.enable"])
      .orderBy("at")
      .orderBy("id")
      .execute();
    expect(actions).toEqual([
      { action: "staff.disable", actor_kind: "cli" },
      { action: "staff.enable", actor_kind: "cli" },
    ]);
  });
});

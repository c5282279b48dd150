// `npm run staff`: every command explains itself with --help, and wrong use prints its usage (exit 2), never a
// stack trace. What the commands change is tested with the accounts (two-factor.service.test.ts).
import { afterEach, describe, expect, it, vi } from "vitest";
import { runStaffCommand } from "./staff";

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

  it.each(["create", "reset-two-factor"])("%s --help prints its usage", async (command) => {
    const { out } = captured();
    expect(await runStaffCommand([command, "--help"])).toBe(0);
    expect(out.join("\n")).toMatch(new RegExp(`^Usage: npm run staff -- ${command} --email`));
  });

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
    expect(err.join("\n")).not.toMatch(/\n\s+at /);
  });
});

import { describe, expect, it } from "vitest";
import type { Logger } from "~/lib/log.server";
import { betterAuthLog } from "./auth-log.server";

function recorder() {
  const lines: Array<{ level: string; fields: unknown; message: string }> = [];
  const at = (level: string) => (fields: unknown, message: string) => lines.push({ level, fields, message });
  const log = { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") } as unknown as Logger;
  return { log, lines };
}

describe("Better Auth's log lines", () => {
  it("keep their level and message, never their arguments", () => {
    const { log, lines } = recorder();
    betterAuthLog(log)("error", "INTERNAL_SERVER_ERROR", new Error("a bug"), { email: "someone@example.com" });
    betterAuthLog(log)("warn", "Rate limit", { ip: "198.18.0.1" });
    expect(lines).toEqual([
      { level: "error", fields: { source: "better-auth" }, message: "INTERNAL_SERVER_ERROR" },
      { level: "warn", fields: { source: "better-auth" }, message: "Rate limit" },
    ]);
  });

  it("are warnings when the database could not be reached just now (decision 011)", () => {
    const { log, lines } = recorder();
    const record = betterAuthLog(log);
    record("error", "INTERNAL_SERVER_ERROR", new Error("timeout exceeded when trying to connect"));
    record("error", "INTERNAL_SERVER_ERROR", Object.assign(new Error("too many clients"), { code: "53300" }));
    // Logged before its error is rethrown; whoever catches it logs that error.
    record("error", "Failed to query fallback join for model user:", { where: [], limit: 1 });
    expect(lines.map((line) => line.level)).toEqual(["warn", "warn", "warn"]);
  });
});

import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { configSchema } from "~/lib/config.server";
import { envExample, envExampleProblems, generated, schemaSettings } from "./config-docs";
import { projectSettings, testAndBenchSettings } from "./config-docs-lists";

// docs/configuration.md and .env.example are written from the settings' schema (npm run docs:config); these tests
// fail when either has drifted from it, and when the code reads a variable that is written down nowhere.

describe("the configuration docs", () => {
  it("give every setting of the schema a meaning", () => {
    const settings = schemaSettings();
    expect(settings.map((s) => s.name)).toEqual(Object.keys(configSchema.shape));
    for (const setting of settings) expect(setting.meaning, setting.name).toMatch(/^\S.{4,}\.$/); // a sentence
    expect(settings.find((s) => s.name === "PORT")).toEqual({ name: "PORT", default: "`3000`", meaning: "HTTP port." });
    expect(settings.find((s) => s.name === "APP_URL")?.default).toBe("`http://localhost:PORT`");
    expect(settings.find((s) => s.name === "SMTP_URL")?.default).toBe("none: e-mails go to the log");
    expect(settings.find((s) => s.name === "COMPANY_NAME")?.default).toBe("(none)");
  });

  it.each(Object.entries(generated))("%s is what `npm run docs:config` writes from the schema now", (path, write) => {
    const onDisk = existsSync(path) ? readFileSync(path, "utf8") : "(missing)";
    // Line by line, so a failure shows which lines differ.
    expect(onDisk.split("\n"), `${path} differs from the schema: run npm run docs:config`).toEqual(write().split("\n"));
  });

  it(".env.example names every setting of the schema, and nothing else", () => {
    expect(envExampleProblems(readFileSync(".env.example", "utf8"))).toEqual([]);
  });

  it("the .env.example check finds a missing setting and one the schema does not have", () => {
    const text = "# a comment\nPORT=\nHOST=\nPORTT=\n";
    expect(envExampleProblems(text, ["PORT", "HOST", "DATABASE_URL"])).toEqual([
      "DATABASE_URL is missing",
      "PORTT is not a setting of the schema",
    ]);
    const withoutPort = envExample().replace(/^PORT=\n/m, "");
    expect(envExampleProblems(withoutPort)).toEqual(["PORT is missing"]);
  });

  it("write down every environment variable the code reads, and only those", () => {
    const files = execFileSync(
      "git",
      [
        "ls-files",
        "--cached",
        "--others",
        "--exclude-standard",
        "app",
        "server",
        "scripts",
        "bench",
        "tests",
        "*.config.ts",
      ],
      { encoding: "utf8" },
    )
      .split("\n")
      .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && existsSync(f));
    const read = new Set<string>();
    for (const file of files) {
      for (const m of readFileSync(file, "utf8").matchAll(/process\.env(?:\.|\[["'])([A-Z][A-Z0-9_]*)/g))
        read.add(m[1]!);
    }
    const documented = [
      ...Object.keys(configSchema.shape),
      ...testAndBenchSettings.map((s) => s.name),
      ...projectSettings.map((s) => s.name),
    ];
    expect([...read].filter((name) => !documented.includes(name)).sort(), "read but written down nowhere").toEqual([]);
    const listed = [...testAndBenchSettings, ...projectSettings].map((s) => s.name);
    expect(
      listed.filter((name) => !read.has(name)),
      "listed in scripts/config-docs-lists.ts but read nowhere",
    ).toEqual([]);
  });
});

// The README's restore line, as an owner copies it (issue 65): as written before it restored into the shop's own
// DATABASE_URL and UPLOAD_DIR, which hold the shop, and was refused. The line must name a new database and folder,
// and work as written (only its folder re-rooted under a temporary one, and a real backup's name in place).
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSqliteTestDatabase, type TestDatabase } from "~/db/testing/test-database";
import { loadConfig } from "~/lib/config.server";
import { createBackup } from "~/modules/backups/backups.service.server";

/** The README's restore command: its lines in the Backups block, joined where they end in a backslash. */
async function readmeRestoreCommand(): Promise<string> {
  const readme = await readFile("README.md", "utf8");
  const block = /## Backups\n```bash\n([\s\S]*?)```/.exec(readme)![1]!;
  const lines = block.replace(/\\\n\s*/g, "").split("\n");
  return lines.find((line) => /^[^#]*npm run restore -- /.test(line))!.replace(/\s+#.*$/, "");
}

describe("the README's restore line", () => {
  let shop: TestDatabase;
  let dir: string;
  let backupFile: string;
  beforeAll(async () => {
    shop = await createSqliteTestDatabase();
    dir = await mkdtemp(join(tmpdir(), "shop-readme-restore-"));
    await mkdir(join(dir, "uploads"));
    await writeFile(join(dir, "uploads", "logo.png"), Buffer.alloc(1_000, 7));
    const backup = await createBackup(shop.db, {
      databaseUrl: shop.url,
      uploadDir: join(dir, "uploads"),
      outDir: join(dir, "backups"),
      keepDays: 30,
      shopVersion: "0.1.0-test",
    });
    backupFile = backup.file;
  });
  afterAll(async () => {
    await shop.drop();
    await rm(dir, { recursive: true, force: true });
  });

  it("names a new database and an empty folder, never the shop's own (which hold the shop)", async () => {
    const command = await readmeRestoreCommand();
    const env = Object.fromEntries([...command.matchAll(/\b([A-Z_]+)=(\S+)/g)].map(([, name, value]) => [name, value]));
    const defaults = loadConfig({});
    expect(env.DATABASE_URL, command).toBeDefined();
    expect(env.UPLOAD_DIR, command).toBeDefined();
    expect(env.DATABASE_URL).not.toBe(defaults.DATABASE_URL);
    expect(env.UPLOAD_DIR).not.toBe(defaults.UPLOAD_DIR);
  });

  it("restores as written: into the new database and folder, and once only", async () => {
    // The README's relative ./data/ under this test's folder; its example backup name, the backup made above.
    const command = (await readmeRestoreCommand())
      .replaceAll("./data/", `${dir}/data/`)
      .replace(/\S+\.tar\.gz/, backupFile);
    // Run where the shop's own settings are in the environment (as in its service's): its database and uploads.
    const shopEnv = { DATABASE_URL: shop.url, UPLOAD_DIR: join(dir, "uploads"), LOG_LEVEL: "warn" };
    const run = () => spawnSync("bash", ["-c", command], { encoding: "utf8", env: { ...process.env, ...shopEnv } });
    const restored = run();
    expect(restored.stderr).toBe("");
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain(`with 1 uploaded files in ${dir}/data/`);
    const again = run();
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("is not empty");
  });
});

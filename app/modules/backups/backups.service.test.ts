// Backups and restores (issue 37, docs/decisions/048), on SQLite and PostgreSQL: a backup taken while orders are
// placed restores to a consistent point; damaged or newer backups and non-empty targets are refused with nothing
// changed. The move between databases (db:copy) is database-copy.service.test.ts.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { sql } from "kysely";
import * as tar from "tar";
import { expect, it } from "vitest";
import { createDatabase, type Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { isEmptyDatabase, rowCounts } from "~/db/transfer.server";
import { BackupError, type Manifest } from "./backup-archive.server";
import { backupStatus, createBackup, lastBackup, pruneBackups } from "./backups.service.server";
import { restoreBackup } from "./restore.service.server";
import { kinds, rita, useBackupsFixture } from "./testing/backups-fixture";

/** Orders whose lines are missing: none in a consistent database. */
const ordersWithoutLines = async (db: Db) =>
  Number(
    (
      await sql<{ n: number }>`select count(*) as n from orders o
        where not exists (select 1 from order_lines l where l.order_id = o.id)`.execute(db)
    ).rows[0]!.n,
  );

describeEachDatabase(
  "backups",
  (testDb) => {
    const { dir, uploads, options, emptyTarget, order } = useBackupsFixture(testDb);

    it("takes a backup while orders are being placed, and it restores to a consistent point on either database", async () => {
      const { db, url } = testDb();
      // Never backed up: the dashboard warns.
      expect(await backupStatus(db)).toEqual({ last: null, stale: true });
      for (let n = 0; n < 5; n++) await order(db, n);
      // The backup reads through its own connection while the shop's goes on placing orders.
      const reader = createDatabase(url, { poolSize: 2 });
      let placing = true;
      let placed = 5;
      const shop = (async () => {
        while (placing && placed < 300) await order(db, placed++);
      })();
      let backup;
      try {
        await expect.poll(() => placed).toBeGreaterThan(6); // the shop is placing orders: one done, the next under way
        backup = await createBackup(reader, options(join(dir, "out")));
      } finally {
        placing = false;
        await shop;
        await reader.destroy();
      }
      const { manifest } = backup;
      expect(placed).toBeGreaterThan(5); // orders were being placed while it ran
      expect(backup.file).toMatch(/shop-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/);
      expect(manifest.database).toBe(testDb().kind);
      expect(manifest.tables.orders).toBeGreaterThanOrEqual(5);
      expect(manifest.tables.orders).toBeLessThanOrEqual(placed);
      expect(manifest.files.map((f) => f.path)).toEqual(
        expect.arrayContaining(["uploads/ab/pod.webp", "uploads/logo.png"]),
      );
      expect(await lastBackup(db)).toMatchObject({ file: backup.file.split("/").at(-1), bytes: backup.bytes });
      expect(await backupStatus(db)).toMatchObject({ stale: false });
      expect(await backupStatus(db, new Date(Date.now() + 2 * 86_400_000 + 60_000))).toMatchObject({ stale: true });

      for (const kind of kinds(testDb().kind)) {
        const target = await emptyTarget(kind);
        const restoredUploads = join(dir, `restored-${kind}`);
        const restored = await restoreBackup(backup.file, { databaseUrl: target.url, uploadDir: restoredUploads });
        expect(restored.tables).toEqual(manifest.tables);
        expect(restored.files).toBe(2);
        expect(await readFile(join(restoredUploads, "logo.png"))).toEqual(Buffer.alloc(70_000, 7));
        const back = createDatabase(target.url);
        try {
          // No order without its lines, every line's stock movement, every account with its password hash.
          expect(await ordersWithoutLines(back)).toBe(0);
          const lines = await rowCounts(back, ["order_lines", "orders", "user", "account", "addresses"]);
          expect(lines.orders).toBe(manifest.tables.orders);
          const hashes = async (d: Db) =>
            (await d.selectFrom("account").select(["userId", "password"]).orderBy("id").execute()).map((a) => a);
          expect(await hashes(back)).toEqual(await hashes(db));
          const user = await back.selectFrom("user").selectAll().where("id", "=", rita.id).executeTakeFirstOrThrow();
          expect(user.email).toBe(rita.email);
          const restoredAddress = await back.selectFrom("addresses").selectAll().executeTakeFirstOrThrow();
          expect(restoredAddress).toMatchObject({ recipient: "Rita Moss", postcode: "BS1 4DJ" });
        } finally {
          await back.destroy();
        }
      }
    });

    it("refuses a damaged backup, a newer one and a target that is not empty, changing nothing", async () => {
      const backup = await createBackup(testDb().db, options(join(dir, "refusals")));
      const target = await emptyTarget(testDb().kind);
      const restoredUploads = join(dir, "refused-uploads");
      const refused = async (file: string, databaseUrl = target.url, uploadDir = restoredUploads) => {
        const error = await restoreBackup(file, { databaseUrl, uploadDir }).then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(BackupError);
        return (error as Error).message;
      };
      const untouched = async () => {
        expect(await readdir(dir)).not.toContain("refused-uploads");
        if (target.kind === "sqlite") expect(existsSync(target.url.replace(/^file:/, ""))).toBe(false);
        else {
          const db = createDatabase(target.url);
          expect(await isEmptyDatabase(db)).toBe(true);
          await db.destroy();
        }
      };
      const bytes = await readFile(backup.file);

      // Cut short (a copy that stopped half way).
      const truncated = join(dir, "truncated.tar.gz");
      await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
      expect(await refused(truncated)).toMatch(/^The backup file .+ is damaged or not a backup/);
      await untouched();

      // One file changed inside an intact archive: its checksum says so.
      const work = await mkdtemp(join(dir, "altered-"));
      await tar.extract({ file: backup.file, cwd: work });
      await writeFile(join(work, "uploads", "logo.png"), Buffer.alloc(70_000, 8));
      const altered = join(dir, "altered.tar.gz");
      await tar.create({ gzip: true, file: altered, cwd: work }, await readdir(work));
      expect(await refused(altered)).toBe(
        "The backup file is damaged: uploads/logo.png does not match its checksum. Nothing was restored.",
      );
      await untouched();

      // From a newer shop: a migration this code does not have.
      await writeFile(join(work, "uploads", "logo.png"), Buffer.alloc(70_000, 7));
      const manifest = JSON.parse(await readFile(join(work, "manifest.json"), "utf8")) as Manifest;
      await writeFile(
        join(work, "manifest.json"),
        JSON.stringify({ ...manifest, migration: "2099_01_01_0000_future" }),
      );
      const newer = join(dir, "newer.tar.gz");
      await tar.create({ gzip: true, file: newer, cwd: work }, await readdir(work));
      expect(await refused(newer)).toMatch(
        /^This backup comes from a newer version of the shop \(migration 2099_01_01_0000_future/,
      );
      await untouched();

      // Into the shop's own database, which has rows; into an UPLOAD_DIR with files.
      expect(await refused(backup.file, testDb().url)).toMatch(/(is not empty|already exists): restore or copy only/);
      expect(await refused(backup.file, target.url, uploads)).toBe(
        `UPLOAD_DIR (${uploads}) is not empty: restore only into an empty folder. Nothing was changed.`,
      );
      await untouched();
      // And the untouched backup still restores there.
      await restoreBackup(backup.file, { databaseUrl: target.url, uploadDir: restoredUploads });
      expect(await readdir(restoredUploads)).toEqual(["ab", "logo.png"]);
    });

    it("stops when the disk fills while writing, and removes the partial file", async () => {
      const out = join(dir, "full-disk");
      await mkdir(out);
      const now = new Date("2026-11-26T03:00:00.000Z");
      // The partial file is where the disk is full: writes to /dev/full fail with ENOSPC, as a full disk's do.
      await symlink("/dev/full", join(out, ".shop-backup-2026-11-26T03-00-00Z.tar.gz.partial"));
      const error = await createBackup(testDb().db, { ...options(out), now: () => now }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BackupError);
      expect((error as Error).message).toBe(
        "The disk filled up while writing the backup: the partial file was removed. Free some space and run it again.",
      );
      expect(await readdir(out)).toEqual([]);
    });

    it("deletes backups older than the days to keep, and only backups", async () => {
      const out = join(dir, "prune");
      await mkdir(out);
      const names = [
        "shop-backup-2026-10-01T03-00-00Z.tar.gz",
        "shop-backup-2026-10-27T02-59-59Z.tar.gz",
        "shop-backup-2026-10-27T03-00-01Z.tar.gz",
        "shop-backup-2026-11-25T03-00-00Z.tar.gz",
        "notes.txt",
      ];
      for (const name of names) await writeFile(join(out, name), "x");
      expect(await pruneBackups(out, 30, new Date("2026-11-26T03:00:00Z"))).toEqual(names.slice(0, 2));
      expect((await readdir(out)).sort()).toEqual(names.slice(2).sort());
    });
  },
  { seed: true },
);

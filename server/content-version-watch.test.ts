// The content version watcher and the database closing under it (issue 65): the cluster's primary prepares the
// database, builds the server and closes it at once; on PostgreSQL the watcher's first read, still waiting for a
// connection when the pool ended, timed out 5 s later and logged 'content version unreadable' on a clean first start.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readStorefrontVersion } from "~/db/content-version.server";
import { createDatabase } from "~/db/database.server";
import { createPostgresTestDatabase, type TestDatabase } from "~/db/testing/test-database";
import type { Logger } from "~/lib/log.server";
import { watchContentVersion } from "./content-version-watch";

const quietLog = () => ({ warn: vi.fn(), info: vi.fn() });

describe("watchContentVersion", () => {
  it("stops after the read in flight, and reads no more", async () => {
    let finish: (version: number) => void = () => {};
    const read = vi.fn(() => new Promise<number>((resolve) => (finish = resolve)));
    const version = watchContentVersion(read, 60_000, quietLog() as unknown as Logger);
    let stopped = false;
    const stopping = version.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish(7);
    await stopping;
    expect(version.current()).toBe(7);
    await version.refresh();
    expect(read).toHaveBeenCalledTimes(1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "the watcher on PostgreSQL, closed as the cluster's primary does",
  () => {
    let shop: TestDatabase;
    beforeAll(async () => void (shop = await createPostgresTestDatabase(process.env.TEST_DATABASE_URL!)));
    afterAll(() => shop.drop());

    it("reads the version before the pool ends: nothing left to time out, nothing logged", async () => {
      // A pool of the server's own, as createShopServer opens it: no connection yet when the first read starts.
      const db = createDatabase(shop.url, { poolSize: 20 });
      const log = quietLog();
      let reading: Promise<number> | undefined;
      const version = watchContentVersion(
        () => (reading = readStorefrontVersion(db)),
        60_000,
        log as unknown as Logger,
      );
      // ShopServer.close(): the close hooks (the watcher's stop among them), then the database.
      await version.stop();
      await db.destroy();
      await reading?.catch(() => {});
      expect(log.warn).not.toHaveBeenCalled();
      expect(version.current()).toEqual(expect.any(Number));
    });
  },
);

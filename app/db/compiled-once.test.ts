// Queries compiled once (docs/decisions/065): the same rows as the query built each time, on both databases.
import { expect, it, vi } from "vitest";
import { compiledOnce } from "./compiled-once.server";
import type { Db } from "./database.server";
import { describeEachDatabase } from "./testing/test-database";

describeEachDatabase(
  "queries compiled once",
  (testDb) => {
    // A value of the call's, a constant the builder writes itself, and a second value of the call's after it.
    const flavours = (db: Db, device: string, above: number) =>
      db
        .selectFrom("flavours")
        .select(["slug", "price_cents"])
        .where("device_id", "=", device)
        .where("archived", "=", 0)
        .where("price_cents", ">", above)
        .orderBy("slug");
    const builds = vi.fn(flavours);
    const compiled = compiledOnce(builds);

    it("answers as the query built each time, for every value, building it once per database", async () => {
      const { db } = testDb();
      const devices = await db.selectFrom("devices").select("id").orderBy("id").limit(3).execute();
      expect(devices.length).toBeGreaterThan(1);
      let rows = 0;
      for (const { id } of devices)
        for (const above of [0, 500, 1_000_000]) {
          const expected = await flavours(db, id, above).execute();
          expect(await compiled(db, id, above)).toEqual(expected);
          rows += expected.length;
        }
      expect(rows).toBeGreaterThan(0);
      expect(builds).toHaveBeenCalledTimes(1);
    });

    it("runs in a transaction too, and sees its writes", async () => {
      const { db } = testDb();
      const [device] = await db.selectFrom("devices").select("id").orderBy("id").limit(1).execute();
      const before = await compiled(db, device!.id, 0);
      await db
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable("flavours").set({ archived: 1 }).where("device_id", "=", device!.id).execute();
          expect(await compiled(trx, device!.id, 0)).toEqual([]);
          throw new Error("roll back");
        })
        .catch((error: Error) => expect(error.message).toBe("roll back"));
      expect(await compiled(db, device!.id, 0)).toEqual(before);
    });

    it("refuses values that would change the SQL, and a build that leaves a value out", async () => {
      const { db } = testDb();
      await expect(compiled(db, null as never, 0)).rejects.toThrow(TypeError);
      await expect(compiled(db, ["a", "b"] as never, 0)).rejects.toThrow(TypeError);
      const forgets = compiledOnce((db: Db, slug: string, _unused: string) =>
        db.selectFrom("flavours").select("id").where("slug", "=", slug),
      );
      await expect(forgets(db, "mango", "x")).rejects.toThrow("value 1 is not in the query's SQL");
    });
  },
  { seed: true },
);

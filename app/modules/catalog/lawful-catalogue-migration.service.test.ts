import { sql } from "kysely";
import { expect, it } from "vitest";
import { migrateTo, migrateToLatest } from "~/db/migrate.server";
import { describeEachDatabase } from "~/db/testing/test-database";

// Migration 2026_11_26_0210 on a shop with data: a device with pods of its own in the catalogue is a rechargeable pod
// device with replaceable pods; every item's current price starts its history; and the way back works.

const BEFORE = "2026_11_25_0010_device_and_flavour_words";

describeEachDatabase(
  "the lawful catalogue migration",
  (testDb) => {
    it("answers the refill of devices with pods, starts each item's price history, and goes back and forward", async () => {
      const { db } = testDb();
      await migrateTo(db, BEFORE);
      const columns = await sql<{ refill?: string }>`select * from devices limit 1`.execute(db);
      expect(Object.keys(columns.rows[0]!)).not.toContain("refill");
      // A device without flavours of its own stays unanswered.
      const lonely = await db.selectFrom("devices").select("id").orderBy("slug").executeTakeFirstOrThrow();
      await sql`update flavours set device_id = (select id from devices where id <> ${lonely.id} order by slug limit 1)
        where device_id = ${lonely.id}`.execute(db);

      await migrateToLatest(db);
      const devices = await db.selectFrom("devices").select(["id", "refill", "price_cents"]).execute();
      for (const d of devices) expect([d.id, d.refill]).toEqual([d.id, d.id === lonely.id ? null : "pods"]);
      const history = await db
        .selectFrom("price_changes")
        .select(["kind", "item_id", "price_cents", "changed_by"])
        .execute();
      const flavours = await db.selectFrom("flavours").select("id").execute();
      expect(history).toHaveLength(devices.length + flavours.length);
      for (const d of devices)
        expect(history).toContainEqual({ kind: "device", item_id: d.id, price_cents: d.price_cents, changed_by: null });
      expect(await db.selectFrom("mhra_numbers").selectAll().execute()).toEqual([]);
    });
  },
  { seed: true },
);

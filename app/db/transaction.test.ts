import { expect, it } from "vitest";
import { fail } from "~/lib/result";
import type { Db } from "./database.server";
import { describeEachDatabase } from "./testing/test-database";
import { inTransaction } from "./transaction.server";

const write = (db: Db, name: string) => db.insertInto("app_secrets").values({ name, value: "v" }).execute();
const names = async (db: Db) =>
  (await db.selectFrom("app_secrets").select("name").where("name", "like", "trx-%").orderBy("name").execute()).map(
    (r) => r.name,
  );

describeEachDatabase("inTransaction: a failure result rolls back, no exception needed", (testDb) => {
  it("commits what a success wrote", async () => {
    const { db } = testDb();
    expect(await inTransaction(db, async (trx) => (await write(trx, "trx-a"), { ok: true, id: "a" }))).toEqual({
      ok: true,
      id: "a",
    });
    expect(await names(db)).toContain("trx-a");
  });

  it("rolls back what a failure wrote, and returns the failure", async () => {
    const { db } = testDb();
    const refused = await inTransaction(db, async (trx) => {
      await write(trx, "trx-b");
      return fail("changed", "Changed meanwhile.");
    });
    expect(refused).toEqual({ ok: false, code: "changed", message: "Changed meanwhile." });
    expect(await names(db)).not.toContain("trx-b");
  });

  it("rolls back on an exception and throws it on", async () => {
    const { db } = testDb();
    const thrown = await inTransaction(db, async (trx) => {
      await write(trx, "trx-c");
      throw new Error("the database went away");
    }).catch((error: Error) => error.message);
    expect(thrown).toBe("the database went away");
    expect(await names(db)).not.toContain("trx-c");
  });

  it("undoes only an inner failure's writes when nested, and the outer success keeps its own", async () => {
    const { db } = testDb();
    const outer = await inTransaction(db, async (trx) => {
      await write(trx, "trx-d-outer");
      const inner = await inTransaction(trx, async (t) => (await write(t, "trx-d-inner"), fail("invalid", "No.")));
      expect(inner.ok).toBe(false);
      const kept = await inTransaction(trx, async (t) => (await write(t, "trx-d-kept"), { ok: true }));
      expect(kept.ok).toBe(true);
      return { ok: true };
    });
    expect(outer.ok).toBe(true);
    const now = await names(db);
    expect(now).toEqual(expect.arrayContaining(["trx-d-outer", "trx-d-kept"]));
    expect(now).not.toContain("trx-d-inner");
  });
});

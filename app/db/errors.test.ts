import { sql } from "kysely";
import { expect, it } from "vitest";
import { isUniqueViolation } from "./errors.server";
import { describeEachDatabase } from "./testing/test-database";

const failureOf = (query: Promise<unknown>) =>
  query.then(
    () => null,
    (error: unknown) => error,
  );

describeEachDatabase("isUniqueViolation, on the errors the database itself throws", (testDb) => {
  const stamp = "2026-11-24T10:00:00.000Z";
  const user = (id: string, email: string) => ({
    id,
    name: "Sam",
    email,
    emailVerified: 0,
    createdAt: stamp,
    updatedAt: stamp,
  });

  it("is true for a second row with the same primary key", async () => {
    const { db } = testDb();
    await db.insertInto("app_secrets").values({ name: "twice", value: "a" }).execute();
    const error = await failureOf(db.insertInto("app_secrets").values({ name: "twice", value: "b" }).execute());
    expect(error).toBeInstanceOf(Error);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it("is true for a second row with the same value of a unique column", async () => {
    const { db } = testDb();
    await db.insertInto("user").values(user("first", "same@example.com")).execute();
    const error = await failureOf(db.insertInto("user").values(user("second", "same@example.com")).execute());
    expect(error).toBeInstanceOf(Error);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it("is false for other constraints and for other errors", async () => {
    const { db } = testDb();
    const missing = await failureOf(sql`insert into app_secrets (name, value) values ('no-value', null)`.execute(db));
    expect(missing).toBeInstanceOf(Error);
    expect(isUniqueViolation(missing)).toBe(false);
    expect(isUniqueViolation(new Error("UNIQUE constraint failed: user.email"))).toBe(false); // the code decides, not the words
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation("23505")).toBe(false);
  });
});

import { expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { SessionUser } from "~/modules/accounts/accounts";
import { StaffOnlyError } from "~/modules/accounts/staff";
import { mhraListMessages } from "./mhra-list";
import { clearMhraList, loadMhraList, mhraListSummary, mhraNumberProblem } from "./mhra-list.service.server";

const staff = {
  id: "staff-sam",
  name: "Sam",
  email: "sam@example.com",
  role: "staff",
  staffRoles: ["owner"],
} as Partial<SessionUser> as SessionUser;
const customer = { id: "customer-cat", role: "customer" } as SessionUser;

// Loading the MHRA's list: staff or the command line, replaced whole, read when a number is checked.
describeEachDatabase("the MHRA list", (testDb) => {
  it("without a list, any well-formed number passes (the shape check alone)", async () => {
    const { db } = testDb();
    expect(await mhraListSummary(db)).toEqual({ numbers: 0, loadedAt: null, source: null });
    expect(await mhraNumberProblem(db, "99999-26-00001")).toBeNull();
  });

  it("loads a list, says how many numbers and which lines were refused, and then refuses unknown numbers", async () => {
    const { db } = testDb();
    const lines = [
      "ECID,Product name",
      ...Array.from({ length: 1200 }, (_, i) => `12345-22-${String(i).padStart(5, "0")},Pod ${i}`),
    ];
    lines.push("not-a-number,Broken");
    const answer = await loadMhraList(db, staff, "mhra.csv", lines.join("\n"), new Date("2026-11-20T10:00:00Z"));
    expect(answer).toEqual({
      ok: true,
      loaded: 1200,
      lines: 1201,
      refusedCount: 1,
      refused: [{ line: 1202, reason: '"not-a-number" is not a notification number (12345-22-67890)' }],
    });
    expect(await mhraListSummary(db)).toEqual({
      numbers: 1200,
      loadedAt: "2026-11-20T10:00:00.000Z",
      source: "mhra.csv",
    });
    expect(await mhraNumberProblem(db, "12345-22-01199")).toBeNull();
    expect(await mhraNumberProblem(db, "12345-22-01200")).toBe(mhraListMessages.unknown("Fri 20 Nov 2026"));
  });

  it("replaces the list at each load; a file with no number changes nothing; clearing goes back to the shape check", async () => {
    const { db } = testDb();
    await loadMhraList(db, "command line", "first.csv", "12345-22-00001\n12345-22-00002\n");
    expect(await loadMhraList(db, staff, "second.csv", "ECID\n54321-23-00001\n")).toMatchObject({
      ok: true,
      loaded: 1,
    });
    expect(await mhraNumberProblem(db, "12345-22-00001")).not.toBeNull();
    expect(await mhraNumberProblem(db, "54321-23-00001")).toBeNull();
    expect(await loadMhraList(db, staff, "empty.csv", "ECID,Product\n,nothing\n")).toEqual({
      ok: false,
      message: mhraListMessages.empty,
      code: "invalid",
    });
    expect((await mhraListSummary(db)).numbers).toBe(1);
    await clearMhraList(db, staff);
    expect(await mhraNumberProblem(db, "12345-22-00001")).toBeNull();
  });

  it("is staff's to load or clear", async () => {
    const { db } = testDb();
    await expect(loadMhraList(db, customer, "x.csv", "12345-22-00001")).rejects.toBeInstanceOf(StaffOnlyError);
    await expect(clearMhraList(db, null)).rejects.toBeInstanceOf(StaffOnlyError);
  });
});

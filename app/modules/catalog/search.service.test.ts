import { expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { likePattern } from "./catalog.repository.server";
import { searchCatalog } from "./catalog.service.server";

it("escapes LIKE wildcards and the escape character", () => {
  expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
  expect(likePattern("MiNt")).toBe("%mint%");
});

describeEachDatabase(
  "catalogue search",
  (testDb) => {
    it("finds flavours by name in any case", async () => {
      const result = await searchCatalog(testDb().db, "bLuE rAzZ", null);
      expect(result.totalItems).toBeGreaterThan(0);
      expect(result.cards.every((c) => /blue razz/i.test(c.name) || c.kind === "device")).toBe(true);
    });

    it("finds every flavour of a device by the device's name, and the device itself", async () => {
      const result = await searchCatalog(testDb().db, "hayati mini", null);
      expect(result.totalItems).toBe(17);
      expect(result.cards[0]).toMatchObject({ kind: "device", name: "Hayati Mini 1500" });
      expect(result.totalPages).toBe(3);
      const page3 = await searchCatalog(testDb().db, "hayati mini", "3");
      expect(page3.cards).toHaveLength(1);
    });

    it("finds devices by a flavour they offer and by words of their description", async () => {
      const { db } = testDb();
      const [device] = await db.selectFrom("products").select(["name", "flavors", "description"]).orderBy("position").execute();
      const flavour = (JSON.parse(device!.flavors) as string[])[0]!;
      const byFlavour = await searchCatalog(db, flavour, null);
      expect(byFlavour.cards.some((c) => c.kind === "device" && c.name === device!.name)).toBe(true);
      const word = device!.description.split(" ").find((w) => w.length > 8)!;
      const byDescription = await searchCatalog(db, word, null);
      expect(byDescription.totalItems).toBeGreaterThan(0);
    });

    it("takes every character literally", async () => {
      for (const term of ["%", "_", "100%", "' or '1'='1", "\"; drop table products; --", "<script>alert(1)</script>", "\\", "ü"]) {
        const result = await searchCatalog(testDb().db, term, null);
        expect(result.problem).toBeNull();
        expect(result.totalItems).toBe(0);
      }
      expect((await searchCatalog(testDb().db, "mint", null)).totalItems).toBeGreaterThan(0);
    });

    it("gives nothing for an empty search and a message for an over-long one", async () => {
      expect(await searchCatalog(testDb().db, "   ", null)).toMatchObject({ totalItems: 0, problem: null, query: "" });
      const long = await searchCatalog(testDb().db, "a".repeat(101), null);
      expect(long.problem).toBe("Please use at most 100 characters to search.");
      expect(long.cards).toEqual([]);
    });
  },
  { seed: true },
);

import { expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { PageUse } from "~/context";
import { loader } from "~/routes/api-search";
import { createTestContext } from "~/testing/test-context";
import { searchCatalog } from "./catalog.service.server";
import { suggestionsMessage, type Suggestions } from "./suggest";

describeEachDatabase(
  "predictive search (GET /api/search)",
  (testDb) => {
    let context: Awaited<ReturnType<typeof createTestContext>>;
    const pageUse: PageUse = { session: false };
    const search = async (query: string, headers: Record<string, string> = {}) => {
      context ??= await createTestContext(testDb());
      const request = new Request(`http://shop.test/api/search${query}`, { headers });
      const response = (await loader({ request, context: { ...context(), pageUse }, params: {} } as never)) as Response;
      return {
        status: response.status,
        cacheControl: response.headers.get("cache-control"),
        body: (await response.json()) as Suggestions & { message?: string },
      };
    };

    it("answers the first six matches with what a card shows and where it links, and how many there are", async () => {
      const { status, cacheControl, body } = await search("?q=hayati+mini");
      expect(status).toBe(200);
      expect(cacheControl).toBe("public, max-age=60");
      expect(body.query).toBe("hayati mini");
      expect(body.total).toBeGreaterThan(17); // the device and its 16 flavours first, then the other Hayati items
      expect(body.results).toHaveLength(6);
      const [device, flavour] = body.results;
      expect(device).toEqual({
        kind: "device",
        id: device!.id,
        name: "Hayati Mini 1500",
        href: `/productdetail/${device!.id}`,
        image: expect.any(String),
        priceCents: expect.any(Number),
        tag: "Device",
      });
      expect(flavour).toMatchObject({ kind: "flavour", href: `/flavour/${flavour!.id}`, tag: "Hayati Mini 1500" });
      const page = await searchCatalog(testDb().db, "hayati mini", "1");
      expect(body.results.map((r) => r.id)).toEqual(page.cards.slice(0, 6).map((c) => c.id));
    });

    it("is the same for everyone: it never reads the session", async () => {
      const { status, body } = await search("?q=mango", { cookie: "shop.session_token=abc; age_verified=yes" });
      expect(status).toBe(200);
      expect(body.total).toBeGreaterThan(0);
      expect(body.results.length).toBe(Math.min(6, body.total));
      expect(pageUse.session).toBe(false);
    });

    it("trims and collapses spaces, and takes quotes, SQL and markup as plain words", async () => {
      const spaced = (await search("?q=%20%20Hayati%20%09%20MINI%20")).body;
      expect(spaced).toMatchObject({ query: "Hayati MINI", total: (await search("?q=hayati+mini")).body.total });
      for (const words of ["100%", "<scriptxyz>alert(1)</scriptxyz>", "\\_", "%_%"]) {
        const { status, body } = await search(`?q=${encodeURIComponent(words)}`);
        expect([status, body.total, body.results]).toEqual([200, 0, []]);
      }
      const sqlLike = await search(`?q=${encodeURIComponent("' or '1'='1")}`);
      expect(sqlLike.status).toBe(200); // "or" is a word like any other ("orange")
    });

    it("forgives a typo: 'strawbery' suggests the Strawberry items and says what it searched for", async () => {
      const { status, body } = await search("?q=strawbery");
      expect(status).toBe(200);
      expect(body.correctedTo).toBe("strawberry");
      expect(body.results.length).toBeGreaterThan(0);
      expect(body.results[0]!.name).toMatch(/^Strawberry /);
      expect(suggestionsMessage(body)).toBe(`Showing results for “strawberry”: 6 of ${body.total} results`);
      const unrelated = (await search("?q=xylophone")).body;
      expect(unrelated).toEqual({ query: "xylophone", results: [], total: 0 });
      expect(suggestionsMessage(unrelated)).toBe("No results");
    });

    it("gives no results for an empty, missing or one-letter search", async () => {
      for (const query of ["", "?q=", "?q=%20%20", "?q=m", "?q=%20m%20"]) {
        const { status, body } = await search(query);
        expect(status).toBe(200);
        expect(body).toMatchObject({ results: [], total: 0 });
      }
    });

    it("answers 400 with a message to a search that is too long, has control characters or comes twice", async () => {
      expect((await search(`?q=${"a".repeat(100)}`)).status).toBe(200);
      const cases: Array<[string, string]> = [
        [`?q=${"a".repeat(101)}`, "Please use at most 100 characters to search."],
        ["?q=mi%00nt", "Search words cannot contain control characters."],
        ["?q=mint&q=mango", "Please give one search (q) at a time."],
      ];
      for (const [query, message] of cases) {
        const { status, cacheControl, body } = await search(query);
        expect([status, cacheControl, body]).toEqual([400, "no-store", { message }]);
      }
    });
  },
  { seed: true },
);

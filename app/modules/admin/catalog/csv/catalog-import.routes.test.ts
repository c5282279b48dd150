import { expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { readMessages } from "./catalog-csv.server";
import { device, file } from "./testing/catalog-csv-fixture";
import { action as importAction } from "~/routes/admin/catalogue-import";
import { action as productsAction } from "~/routes/admin/catalog-items";
import { publishMessages } from "../catalog-admin-publish";
import { useCatalogFixture } from "../testing/catalog-fixture";

// The Import CSV page and the lists' 'Publish selected' as staff use them (docs/decisions/069): the upload read as
// its bytes (a file that is not UTF-8 says so), and drafts published from the list.

describeEachDatabase(
  "the Import CSV page and Publish selected",
  (testDb) => {
    const { context, formData, signedUpCookie } = useCatalogFixture(testDb);
    const args = (request: Request) =>
      ({ request, context: context(), params: {}, unstable_pattern: "", matches: [] }) as never;
    const post = (cookie: string, path: string, body: FormData) =>
      new Request(`http://shop.test${path}`, {
        method: "POST",
        headers: { cookie, origin: "http://shop.test" },
        body,
      });
    const upload = (name: string, bytes: Uint8Array<ArrayBuffer>) =>
      formData({ intent: "check" }, [["file", new File([bytes], name, { type: "text/csv" })]]);

    it("says a Latin-1 or broken UTF-8 file is not UTF-8, rather than read it with replacement characters", async () => {
      const cookie = await signedUpCookie("casey-import@example.com", "192.0.2.40", "staff");
      // Excel's older 'CSV' on Windows: "Café" with é as the single byte 0xE9.
      const latin1 = Uint8Array.from(Buffer.from(file({ ...device, Name: "Café Kit" }), "latin1"));
      const broken = Uint8Array.from([...Buffer.from(file(device), "utf8"), 0xc3, 0x28]);
      for (const [name, bytes] of [
        ["latin1.csv", latin1],
        ["broken.csv", broken],
      ] as const) {
        const answer = await importAction(args(post(cookie, "/admin/catalogue-import", upload(name, bytes))));
        expect(answer.result).toEqual({
          ok: false,
          code: "invalid",
          message: readMessages.notUtf8,
          format: "shop",
          problems: [{ line: 1, message: readMessages.notUtf8 }],
          problemCount: 1,
        });
      }
      // The same file in UTF-8 is read.
      const utf8 = Uint8Array.from(Buffer.from(file({ ...device, Name: "Café Kit" }), "utf8"));
      const read = await importAction(args(post(cookie, "/admin/catalogue-import", upload("utf8.csv", utf8))));
      expect(read.result).toMatchObject({ ok: true, dryRun: true, counts: { newItems: 1 } });
    });

    it("publishes the ticked drafts from the list, saying why for those it may not", async () => {
      const { db } = testDb();
      const cookie = await signedUpCookie("robin-import@example.com", "192.0.2.41", "staff");
      const ready = (
        await db.selectFrom("devices").select("id").where("slug", "=", "hayati-pro-max-6000").executeTakeFirstOrThrow()
      ).id;
      await db.updateTable("devices").set({ archived: 1 }).where("id", "=", ready).execute();
      const lacking = (
        await db.selectFrom("devices").select("id").where("slug", "<>", "hayati-pro-max-6000").executeTakeFirstOrThrow()
      ).id;
      await db.updateTable("devices").set({ archived: 1, refill: null }).where("id", "=", lacking).execute();

      const answer = await productsAction(args(post(cookie, "/admin/products", formData({ id: [ready, lacking] }))));
      expect(answer.published.map((p) => p.id)).toEqual([ready]);
      expect(answer.refused).toEqual([
        expect.objectContaining({ id: lacking, reasons: [`Refill: ${publishMessages.notRefillable}`] }),
      ]);
      const archived = await db
        .selectFrom("devices")
        .select(["id", "archived"])
        .where("id", "in", [ready, lacking])
        .execute();
      expect(Object.fromEntries(archived.map((d) => [d.id, Number(d.archived)]))).toEqual({ [ready]: 0, [lacking]: 1 });

      // Customers and visitors cannot.
      const customer = await signedUpCookie("pat-import@example.com", "192.0.2.42");
      await expect(
        productsAction(args(post(customer, "/admin/products", formData({ id: [lacking] })))),
      ).rejects.toSatisfy((e) => (e as { init?: { status?: number } }).init?.status === 403);
    });
  },
  { seed: true },
);

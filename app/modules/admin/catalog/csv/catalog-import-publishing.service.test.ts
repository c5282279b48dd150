import { expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { device, file, flavour, type Cells } from "./testing/catalog-csv-fixture";
import { failFields } from "~/lib/result";
import { publishMessages } from "../catalog-admin-publish";
import { liquidMessages } from "~/modules/compliance/vaping-duty";
import { saveItem } from "../catalog-admin.service.server";
import { getFlavourEditor } from "../catalog-admin.service.server";
import { importMessages } from "./catalog-import";
import { importCatalogue } from "./catalog-import.service.server";
import { publishItems } from "../catalog-publish.service.server";
import { staff, useCatalogFixture } from "../testing/catalog-fixture";

// Publishing by file and from the lists (docs/decisions/069): an item marked active is shown only if it passes every
// check publishing applies, a shown item the file would make unfit to sell is refused, a file's Status shows or hides
// an item the shop has, and 'Publish selected' publishes the drafts that may be and says why for the others.

const APP_URL = "https://shop.test";
const run = (db: Db, text: string, dryRun = false) => importCatalogue(db, staff, text, { dryRun, appUrl: APP_URL });
const item = (db: Db, table: "devices" | "flavours", slug: string) =>
  db.selectFrom(table).selectAll().where("slug", "=", slug).executeTakeFirst();

/** A device row with every answer publishing needs, and a flavour of it. */
const kit = (handle: string, cells: Cells = {}): Cells => ({
  ...device,
  SKU: `${handle}-10`.toUpperCase(),
  Handle: handle,
  Name: `Kit ${handle}`,
  Barcode: "",
  Images: "/images/kit.webp",
  Rechargeable: "yes",
  Refill: "pods",
  "Pod size (ml)": "2",
  Status: "active",
  ...cells,
});
const pods = (handle: string, deviceHandle: string, cells: Cells = {}): Cells => ({
  ...flavour,
  SKU: `${handle}-20`.toUpperCase(),
  Handle: handle,
  Name: `Pods ${handle}`,
  Device: deviceHandle,
  Images: "/images/pods.webp",
  "MHRA number": "12345-22-67890",
  "Pod size (ml)": "2",
  "Liquid (ml)": "2",
  Status: "active",
  ...cells,
});

describeEachDatabase(
  "publishing by catalogue file and from the lists",
  (testDb) => {
    useCatalogFixture(testDb);

    it("shows a new item marked active that passes every check; keeps one that does not as a draft, saying why", async () => {
      const { db } = testDb();
      const text = file(
        kit("pub-ok"),
        kit("pub-single-use", { Rechargeable: "no", Refill: "none" }),
        pods("pub-pods", "pub-ok"),
        pods("pub-no-number", "pub-ok", { "MHRA number": "" }),
        kit("pub-draft", { Status: "draft" }),
        pods("pub-no-image", "pub-ok", { Images: "https://cdn.shopify.com/pods.jpg" }),
        pods("pub-no-liquid", "pub-ok", { "Liquid (ml)": "" }),
      );
      const dry = await run(db, text, true);
      expect(dry).toMatchObject({ ok: true, counts: { newItems: 7, published: 2, drafts: 4 } });
      if (!dry.ok) return;
      expect(dry.drafts).toEqual([
        {
          line: 3,
          item: "Kit pub-single-use",
          reasons: [`Rechargeable: ${publishMessages.notRechargeable}`, `Refill: ${publishMessages.notRefillable}`],
        },
        { line: 5, item: "Pods pub-no-number", reasons: [`MHRA number: ${publishMessages.mhraRequired}`] },
        { line: 7, item: "Pods pub-no-image", reasons: ["Images: Add at least one image."] },
        { line: 8, item: "Pods pub-no-liquid", reasons: [`Variants: ${liquidMessages.required} (20 mg).`] },
      ]);
      expect(dry.changes.find((c) => c.line === 2)?.changes).toContain("shown in the shop");
      expect(dry.changes.find((c) => c.line === 6)?.changes).toContain("a draft, not shown");
      expect(await item(db, "devices", "pub-ok")).toBeUndefined();

      const done = await run(db, text);
      expect(done).toMatchObject({ ok: true, counts: { published: 2, drafts: 4 } });
      const shown = async (table: "devices" | "flavours", slug: string) =>
        Number((await item(db, table, slug))!.archived) === 0;
      expect(await shown("devices", "pub-ok")).toBe(true);
      expect(await shown("flavours", "pub-pods")).toBe(true);
      expect(await shown("devices", "pub-single-use")).toBe(false);
      expect(await shown("flavours", "pub-no-number")).toBe(false);
      expect(await shown("flavours", "pub-no-liquid")).toBe(false);
      const liquid = await db
        .selectFrom("variants")
        .select(["sku", "liquid_tenths"])
        .where("sku", "in", ["PUB-PODS-20", "PUB-NO-LIQUID-20"])
        .orderBy("sku")
        .execute();
      expect(liquid.map((v) => [v.sku, v.liquid_tenths === null ? null : Number(v.liquid_tenths)])).toEqual([
        ["PUB-NO-LIQUID-20", null],
        ["PUB-PODS-20", 20],
      ]);
      expect(await shown("devices", "pub-draft")).toBe(false);
      expect(await item(db, "devices", "pub-ok")).toMatchObject({ rechargeable: 1, refill: "pods", pod_ml: 2 });
    });

    it("refuses to add a 20 mg variant without an MHRA number to a shown item, as its form refuses it", async () => {
      const { db } = testDb();
      const free = pods("nic-free-pods", "pub-ok", {
        SKU: "NIC-FREE-0",
        "Nicotine strength (mg)": "0",
        "MHRA number": "",
      });
      expect(await run(db, file(kit("pub-ok"), free))).toMatchObject({ ok: true, counts: { published: 1 } });
      const before = await item(db, "flavours", "nic-free-pods");
      expect(before).toMatchObject({ archived: 0, mhra_ecid: null, nicotine_mg_ml: 0 });

      const stronger = { ...free, SKU: "NIC-FREE-20", "Nicotine strength (mg)": "20" };
      const refused = await run(db, file(free, stronger));
      expect(refused).toMatchObject({ ok: false, problemCount: 1 });
      expect(!refused.ok && refused.problems[0]).toEqual({
        line: 2,
        message: importMessages.shownBroken(2, "Pods nic-free-pods", [`MHRA number: ${publishMessages.mhraRequired}`]),
      });
      const variants = await db.selectFrom("variants").select("sku").where("item_id", "=", before!.id).execute();
      expect(variants.map((v) => v.sku)).toEqual(["NIC-FREE-0"]);

      // The item's own form refuses the same: a strength above 0 needs the number, whatever Nicotine (mg/ml) says.
      const editor = await getFlavourEditor(db, before!.id);
      expect(await saveItem(db, staff, "flavour", before!.id, { ...editor!.values, sizes: "0\n20" })).toEqual(
        failFields({ mhraEcid: publishMessages.mhraRequired }),
      );

      // With the number, it is added, and the item's nicotine follows its strongest variant.
      const numbered = await run(db, file({ ...free, "MHRA number": "12345-22-67890" }, stronger));
      expect(numbered).toMatchObject({ ok: true, counts: { newVariants: 1, updated: 1 } });
      expect(await item(db, "flavours", "nic-free-pods")).toMatchObject({
        archived: 0,
        mhra_ecid: "12345-22-67890",
        nicotine_mg_ml: 20,
        sizes: JSON.stringify([0, 20]),
      });
      // Or hidden by the file's Status: a draft may lack it.
      const hidden = await run(
        db,
        file({ ...free, SKU: "NIC-FREE-10", "Nicotine strength (mg)": "10", Status: "draft" }),
      );
      expect(hidden).toMatchObject({ ok: true });
      expect(await item(db, "flavours", "nic-free-pods")).toMatchObject({ archived: 1 });
    });

    it("shows a draft the shop has when the file marks it active with what it lacked, and hides one marked draft", async () => {
      const { db } = testDb();
      await run(db, file(kit("pub-later", { Rechargeable: "", Refill: "" })));
      expect(await item(db, "devices", "pub-later")).toMatchObject({ archived: 1, refill: null });

      // Still lacking: stays a draft, and the answer says why.
      const lacking = await run(db, file(kit("pub-later", { Rechargeable: "", Refill: "" })));
      expect(lacking).toMatchObject({ ok: true, counts: { published: 0, drafts: 1, unchanged: 1 } });
      expect(await item(db, "devices", "pub-later")).toMatchObject({ archived: 1 });

      const answered = await run(db, file(kit("pub-later")));
      expect(answered).toMatchObject({ ok: true, counts: { published: 1, updated: 1 } });
      if (answered.ok)
        expect(answered.changes[0]!.changes).toEqual(["rechargeable", "refill: refillable pods", "shown in the shop"]);
      expect(await item(db, "devices", "pub-later")).toMatchObject({ archived: 0, rechargeable: 1, refill: "pods" });

      expect(await run(db, file(kit("pub-later", { Status: "draft" })))).toMatchObject({ ok: true });
      expect(await item(db, "devices", "pub-later")).toMatchObject({ archived: 1 });
      // An empty Status leaves it as it is.
      expect(await run(db, file(kit("pub-later", { Status: "", Stock: "3" })))).toMatchObject({ ok: true });
      expect(await item(db, "devices", "pub-later")).toMatchObject({ archived: 1 });
    });

    it("'Publish selected' publishes the drafts that may be shown and says why for the others", async () => {
      const { db } = testDb();
      await run(
        db,
        file(
          kit("list-ready", { Status: "draft" }),
          kit("list-lacking", { Rechargeable: "", Refill: "", Status: "draft" }),
          kit("list-shown"),
        ),
      );
      const id = async (slug: string) => (await item(db, "devices", slug))!.id;
      const [ready, lacking, shown] = [await id("list-ready"), await id("list-lacking"), await id("list-shown")];
      const answer = await publishItems(db, staff, "device", [ready, lacking, shown, "no-such-id", ready]);
      expect(answer).toEqual({
        published: [{ id: ready, name: "Kit list-ready" }],
        refused: [
          {
            id: lacking,
            name: "Kit list-lacking",
            reasons: [`Rechargeable: ${publishMessages.notRechargeable}`, `Refill: ${publishMessages.notRefillable}`],
          },
        ],
      });
      expect(await item(db, "devices", "list-ready")).toMatchObject({ archived: 0 });
      expect(await item(db, "devices", "list-lacking")).toMatchObject({ archived: 1 });
      await expect(publishItems(db, null, "device", [ready])).rejects.toThrow();
    });
  },
  { seed: true },
);

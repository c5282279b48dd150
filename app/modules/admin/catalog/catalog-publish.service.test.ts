import { expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { failFields } from "~/lib/result";
import { getDevice, getFlavour } from "~/modules/catalog/catalog.service.server";
import { wasPriceMessage } from "~/modules/catalog/price-history";
import { insertPriceChange } from "~/modules/catalog/price-history.repository.server";
import { clearMhraList, loadMhraList } from "~/modules/compliance/mhra-list.service.server";
import { publishMessages } from "./catalog-admin-publish";
import { saveItem } from "./catalog-admin.service.server";
import { getDeviceEditor } from "./catalog-admin.service.server";
import { restoreItem } from "./catalog-publish.service.server";
import { staff, useCatalogFixture } from "./testing/catalog-fixture";

// What publishing needs (docs/guide/uk-rules.md): the single-use vapes ban (rechargeable, and refillable pods or
// replaceable coils), the MHRA number above 0 mg/ml (on the loaded list, once one is), and a 'was' price the history
// supports. Drafts, hidden from the shop, may lack the first two.

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString();

describeEachDatabase(
  "publishing a catalogue item: single-use vapes ban, MHRA number, 'was' price",
  (testDb) => {
    const { deviceValues, flavourValues, saved, snapshot } = useCatalogFixture(testDb);

    it("refuses to publish a device that is not rechargeable or not refillable, with the ban under the field, saving nothing", async () => {
      const { db } = testDb();
      const before = await snapshot(db);
      expect(await saveItem(db, staff, "device", null, deviceValues({ rechargeable: "no" }))).toEqual(
        failFields({ rechargeable: publishMessages.notRechargeable }),
      );
      expect(await saveItem(db, staff, "device", null, deviceValues({ refill: "none" }))).toEqual(
        failFields({ refill: publishMessages.notRefillable }),
      );
      expect(
        await saveItem(db, staff, "device", null, deviceValues({ rechargeable: "", refill: "", mhraEcid: "" })),
      ).toEqual(
        failFields({
          rechargeable: publishMessages.notRechargeable,
          refill: publishMessages.notRefillable,
          mhraEcid: publishMessages.mhraRequired,
        }),
      );
      expect(await saveItem(db, staff, "device", null, deviceValues({ refill: "disposable" }))).toMatchObject({
        ok: false,
        fieldErrors: { refill: "Choose refillable pods, replaceable coils or neither" },
      });
      // A published device edited to break the rule is refused too.
      const editor = await getDeviceEditor(db, before.device.id);
      expect(await saveItem(db, staff, "device", before.device.id, { ...editor!.values, rechargeable: "no" })).toEqual(
        failFields({ rechargeable: publishMessages.notRechargeable }),
      );
      expect(await snapshot(db)).toEqual(before);
      // Replaceable coils are as good as refillable pods.
      const coils = saved(
        await saveItem(db, staff, "device", null, deviceValues({ name: "Coil Kit", refill: "coils" })),
      );
      expect((await getDevice(db, coils))?.refill).toBe("coils");
    });

    it("saves a draft without the answers or the number, hidden; restoring refuses until they are given", async () => {
      const { db } = testDb();
      const draftValues = deviceValues({ name: "Draft Kit", rechargeable: "", refill: "", mhraEcid: "" });
      const id = saved(await saveItem(db, staff, "device", null, draftValues, { draft: true }));
      expect(await getDevice(db, id)).toBeNull();
      const row = await db.selectFrom("devices").select(["archived", "refill"]).where("id", "=", id).executeTakeFirst();
      expect(row).toEqual({ archived: 1, refill: null });

      const refused = await restoreItem(db, staff, "device", id);
      expect(refused).toMatchObject({
        ok: false,
        message: publishMessages.cannotPublish.device,
        fieldErrors: {
          rechargeable: publishMessages.notRechargeable,
          refill: publishMessages.notRefillable,
          mhraEcid: publishMessages.mhraRequired,
        },
      });
      expect(await getDevice(db, id)).toBeNull();

      // Saving the hidden draft keeps it hidden, incomplete or not; once complete it can be restored.
      const editor = await getDeviceEditor(db, id);
      saved(await saveItem(db, staff, "device", id, { ...editor!.values, rechargeable: "no" }));
      saved(
        await saveItem(db, staff, "device", id, {
          ...editor!.values,
          rechargeable: "yes",
          refill: "pods",
          mhraEcid: "12345-22-67899",
        }),
      );
      expect(await getDevice(db, id)).toBeNull();
      expect(await restoreItem(db, staff, "device", id)).toEqual({ ok: true });
      expect(await getDevice(db, id)).toMatchObject({ rechargeable: true, refill: "pods", mhraEcid: "12345-22-67899" });
    });

    it("needs the MHRA number to publish a flavour with nicotine, not one without, nor a draft", async () => {
      const { db } = testDb();
      expect(await saveItem(db, staff, "flavour", null, flavourValues({ mhraEcid: "" }))).toEqual(
        failFields({ mhraEcid: publishMessages.mhraRequired }),
      );
      const free = saved(
        await saveItem(
          db,
          staff,
          "flavour",
          null,
          flavourValues({ name: "Nic-free Mango", mhraEcid: "", sizes: "0", nicotineMgMl: "0" }),
        ),
      );
      expect((await getFlavour(db, free))?.mhraEcid).toBeNull();
      const draft = saved(
        await saveItem(db, staff, "flavour", null, flavourValues({ name: "Draft Mango", mhraEcid: "" }), {
          draft: true,
        }),
      );
      expect(await getFlavour(db, draft)).toBeNull();
      expect(await restoreItem(db, staff, "flavour", draft)).toMatchObject({
        ok: false,
        fieldErrors: { mhraEcid: publishMessages.mhraRequired },
      });
    });

    it("checks the number's shape alone without a list, and refuses an unknown number once a list is loaded", async () => {
      const { db } = testDb();
      saved(
        await saveItem(
          db,
          staff,
          "flavour",
          null,
          flavourValues({ name: "Before the list", mhraEcid: "11111-22-33333" }),
        ),
      );
      const loaded = await loadMhraList(db, staff, "list.csv", "ECID,Product name\n12345-22-67890,Test Mango 20mg\n");
      expect(loaded).toMatchObject({ ok: true, loaded: 1 });
      const refused = await saveItem(
        db,
        staff,
        "flavour",
        null,
        flavourValues({ name: "Unknown number", mhraEcid: "11111-22-33334" }),
      );
      expect(refused).toMatchObject({ ok: false });
      expect(refused.ok ? "" : refused.fieldErrors?.mhraEcid).toMatch(
        /^This number is not on the MHRA's published list loaded on \w{3} \d{1,2} \w{3} \d{4}\./,
      );
      expect(await db.selectFrom("flavours").select("id").where("name", "=", "Unknown number").execute()).toEqual([]);
      // Refused for a draft too: a wrong number is wrong whether or not it is shown.
      const draft = await saveItem(
        db,
        staff,
        "flavour",
        null,
        flavourValues({ name: "Unknown draft", mhraEcid: "11111-22-33334" }),
        {
          draft: true,
        },
      );
      expect(draft.ok).toBe(false);
      saved(
        await saveItem(db, staff, "flavour", null, flavourValues({ name: "Known number", mhraEcid: "12345-22-67890" })),
      );
      // Without the list again, the shape alone.
      await clearMhraList(db, staff);
      saved(
        await saveItem(
          db,
          staff,
          "flavour",
          null,
          flavourValues({ name: "Unknown number", mhraEcid: "11111-22-33334" }),
        ),
      );
    });

    it("refuses an original price the price history does not support, saving nothing; keeps one it does", async () => {
      const { db } = testDb();
      // New: no history at all.
      expect(
        await saveItem(db, staff, "device", null, deviceValues({ name: "Was Kit", originalPrice: "24.99" })),
      ).toEqual(failFields({ originalPrice: wasPriceMessage }));
      const id = saved(await saveItem(db, staff, "device", null, deviceValues({ name: "Was Kit", price: "24.99" })));
      const editor = await getDeviceEditor(db, id);
      // 24.99 since today only: not a 'was' price yet.
      expect(
        await saveItem(db, staff, "device", id, { ...editor!.values, price: "19.99", originalPrice: "24.99" }),
      ).toEqual(failFields({ originalPrice: wasPriceMessage }));
      expect((await getDevice(db, id))?.priceCents).toBe(2499);
      // Sold at 24.99 for 40 days, from 50 days ago: now it may be the original price.
      await db.deleteFrom("price_changes").where("item_id", "=", id).execute();
      await insertPriceChange(db, {
        id: `${id}-1`,
        kind: "device",
        item_id: id,
        price_cents: 2499,
        changed_at: daysAgo(50),
        changed_by: staff.id,
      });
      await insertPriceChange(db, {
        id: `${id}-2`,
        kind: "device",
        item_id: id,
        price_cents: 2299,
        changed_at: daysAgo(10),
        changed_by: staff.id,
      });
      expect(
        await saveItem(db, staff, "device", id, { ...editor!.values, price: "19.99", originalPrice: "27.99" }),
      ).toEqual(failFields({ originalPrice: wasPriceMessage }));
      saved(await saveItem(db, staff, "device", id, { ...editor!.values, price: "19.99", originalPrice: "24.99" }));
      expect(await getDevice(db, id)).toMatchObject({ priceCents: 1999, originalPriceCents: 2499 });
      const history = await db
        .selectFrom("price_changes")
        .select(["price_cents", "changed_by"])
        .where("item_id", "=", id)
        .orderBy("changed_at")
        .execute();
      expect(history.map((h) => [Number(h.price_cents), h.changed_by])).toEqual([
        [2499, staff.id],
        [2299, staff.id],
        [1999, staff.id],
      ]);
    });

    it("loads the demo devices as rechargeable with refillable pods, with their numbers, savable as they are", async () => {
      const { db } = testDb();
      const devices = await db.selectFrom("devices").select(["id", "refill", "rechargeable", "mhra_ecid"]).execute();
      for (const d of devices.filter((d) => !d.id.startsWith("price"))) {
        if (d.mhra_ecid?.startsWith("12345")) continue; // made by the tests above
        expect([d.refill, Number(d.rechargeable)]).toEqual(["pods", 1]);
      }
      const crystal = await db
        .selectFrom("devices")
        .select("id")
        .where("slug", "=", "crystal-pro-switch-30k")
        .executeTakeFirstOrThrow();
      const editor = await getDeviceEditor(db, crystal.id);
      expect(editor?.values).toMatchObject({ originalPrice: "29.99", rechargeable: "yes", refill: "pods" });
      expect(editor?.values.mhraEcid).toMatch(/^00000-25-\d{5}$/);
      saved(await saveItem(db, staff, "device", crystal.id, editor!.values));
    });
  },
  { seed: true },
);

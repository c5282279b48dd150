import { expect, it } from "vitest";
import { failFields } from "~/lib/result";
import { readStorefrontVersion } from "~/db/content-version.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { SessionUser } from "~/modules/accounts/accounts";
import { getDevice, getFlavour } from "~/modules/catalog/catalog.service.server";
import { catalogMessages, type DeviceValues, type FlavourValues } from "./catalog-admin";
import { itemFormAction } from "./catalog-admin.action.server";
import { saveItem } from "./catalog-admin.service.server";
import { getDeviceEditor } from "./catalog-admin.service.server";
import { setDeviceArchived, setFlavourArchived } from "./catalog-admin-list.service.server";
import { StaffOnlyError } from "~/modules/accounts/staff";
import { customer, staff, useCatalogFixture } from "./testing/catalog-fixture";
import { stockHistory } from "~/modules/stock/stock.service.server";

// Saving devices and flavours: who may, what is checked, what the shop shows. Images:
// catalog-admin-images.service.test.ts; archiving and the lists: catalog-admin-list.service.test.ts.
describeEachDatabase(
  "back-office catalogue",
  (testDb) => {
    const { fx, context, flavourValues, deviceValues, saved, snapshot, formData } = useCatalogFixture(testDb);

    type Answer = {
      data: { values: FlavourValues; errors: Record<string, string>; notice: string | null; formError: string | null };
      init: { status: number };
    };

    it("refuses every catalogue write from a customer or a signed-out visitor, changing nothing", async () => {
      const { db } = testDb();
      const before = await snapshot(db);
      const flavourId = before.flavours[0]!.id;
      for (const actor of [customer, null]) {
        await expect(saveItem(db, actor, "device", null, deviceValues())).rejects.toBeInstanceOf(StaffOnlyError);
        await expect(saveItem(db, actor, "device", fx.deviceId, deviceValues())).rejects.toBeInstanceOf(StaffOnlyError);
        await expect(setDeviceArchived(db, actor, fx.deviceId, true)).rejects.toBeInstanceOf(StaffOnlyError);
        await expect(saveItem(db, actor, "flavour", null, flavourValues())).rejects.toBeInstanceOf(StaffOnlyError);
        await expect(saveItem(db, actor, "flavour", flavourId, flavourValues())).rejects.toBeInstanceOf(StaffOnlyError);
        await expect(setFlavourArchived(db, actor, flavourId, true)).rejects.toBeInstanceOf(StaffOnlyError);
        await expect(
          itemFormAction(context(), actor as SessionUser, "flavour", null, formData({ ...flavourValues() })),
        ).rejects.toBeInstanceOf(StaffOnlyError);
      }
      expect(await snapshot(db)).toEqual(before);
    });

    it("creates a device with every field; the shop shows it at once", async () => {
      const { db } = testDb();
      const version = await readStorefrontVersion(db);
      const id = saved(await saveItem(db, staff, "device", null, deviceValues()));
      expect(await readStorefrontVersion(db)).toBe(version + 1);
      expect(await getDevice(db, id)).toMatchObject({
        slug: "test-pod-kit",
        name: "Test Pod Kit",
        description: "A small pod kit.",
        images: [fx.pngUrl, fx.jpegUrl],
        priceCents: 1999,
        originalPriceCents: null,
        flavours: ["Mango", "Mint"],
        nicotineStrengths: [10, 20],
        puffCounts: [600],
        features: ["USB-C charging", "Leak-proof pods"],
        details: {
          description: "All the details.",
          specifications: [
            { name: "Battery", value: "500 mAh" },
            { name: "Pod capacity", value: "2 ml" },
          ],
        },
        stock: { tracked: true, quantity: 0 },
        nicotineMgMl: 20,
        podMl: 2,
        rechargeable: true,
        refill: "pods",
        mhraEcid: "12345-22-67891",
      });
      // A variant for each combination of its lists, SKU made from the slug, at its price, no stock yet (the variant
      // grid on its page sets that), nothing in its history.
      expect((await getDevice(db, id))?.variants.map((v) => [v.sku, v.priceCents, v.stock.quantity])).toEqual([
        ["test-pod-kit-mango-10mg-600", 1999, 0],
        ["test-pod-kit-mango-20mg-600", 1999, 0],
        ["test-pod-kit-mint-10mg-600", 1999, 0],
        ["test-pod-kit-mint-20mg-600", 1999, 0],
      ]);
      expect(await stockHistory(db, staff, { kind: "device", itemId: id })).toEqual([]);
      const row = await db
        .selectFrom("devices")
        .select(["position", "featured", "archived"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      const highest = await db
        .selectFrom("devices")
        .select((eb) => eb.fn.max("position").as("max"))
        .where("id", "!=", id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ position: Number(highest.max) + 1, featured: 0, archived: 0 });
      // The edit page shows what was saved, the way it was typed.
      const editor = await getDeviceEditor(db, id);
      expect(editor?.values).toMatchObject({
        price: "19.99",
        originalPrice: "",
        flavours: "Mango\nMint",
        specifications: "Battery: 500 mAh\nPod capacity: 2 ml",
        rechargeable: "yes",
        refill: "pods",
        featured: "",
      });
    });

    it("refuses entries above the UK limits with the message under the field, saving nothing", async () => {
      const { db } = testDb();
      const before = await snapshot(db);
      const cases: Array<[Partial<FlavourValues>, string, string]> = [
        [{ nicotineMgMl: "20.5" }, "nicotineMgMl", "Nicotine strength must be 20 mg/ml or less in the UK"],
        [{ podMl: "3" }, "podMl", "A pod or tank must hold more than 0 ml and no more than 2 ml in the UK"],
        [
          { podMl: "", bottleMl: "20" },
          "bottleMl",
          "A refill bottle must hold more than 0 ml and no more than 10 ml in the UK",
        ],
        [
          { sizes: "10\n30" },
          "sizes",
          "Nicotine strengths must be whole numbers from 0 to 20 mg (the UK limit is 20 mg/ml)",
        ],
      ];
      for (const [changes, field, message] of cases) {
        expect(await saveItem(db, staff, "flavour", null, flavourValues(changes))).toEqual(
          failFields({ [field]: message }),
        );
      }
      const deviceCases: Array<[Partial<DeviceValues>, string, string]> = [
        [{ nicotineMgMl: "50" }, "nicotineMgMl", "Nicotine strength must be 20 mg/ml or less in the UK"],
        [{ podMl: "10" }, "podMl", "A pod or tank must hold more than 0 ml and no more than 2 ml in the UK"],
        [
          { nicotineStrengths: "20\n40" },
          "nicotineStrengths",
          "Nicotine strengths must be whole numbers from 0 to 20 mg (the UK limit is 20 mg/ml)",
        ],
      ];
      for (const [changes, field, message] of deviceCases) {
        expect(await saveItem(db, staff, "device", fx.deviceId, deviceValues(changes))).toEqual(
          failFields({ [field]: message }),
        );
      }
      expect(await snapshot(db)).toEqual(before);
    });

    it("refuses bad prices and other bad fields with messages, keeping what was typed", async () => {
      const { db } = testDb();
      const before = await snapshot(db);
      expect(await saveItem(db, staff, "flavour", null, flavourValues({ name: " ", price: "-2", sizes: "" }))).toEqual(
        failFields({
          name: "Name is required",
          price: "Price cannot be negative",
          sizes: "Enter at least one nicotine strength",
        }),
      );
      expect(
        await saveItem(
          db,
          staff,
          "device",
          null,
          deviceValues({ price: "12.345", originalPrice: "9.99", flavours: "", specifications: "Battery" }),
        ),
      ).toMatchObject(
        failFields({
          price: "Price can have at most 2 decimal places",
          flavours: "Enter at least one flavour",
          specifications: "Write each row as Name: Value (line 1 is not)",
        }),
      );
      expect(
        await saveItem(db, staff, "device", null, deviceValues({ price: "20.00", originalPrice: "19.99" })),
      ).toEqual(
        failFields({
          originalPrice: "Original price must be higher than the price (leave it empty when there is no reduction)",
        }),
      );
      // Through the form: the answer keeps every field as typed, with the message under the field.
      const { images, ...fields } = flavourValues({ name: "Typed Name", price: "99999" });
      const answer = (await itemFormAction(
        context(),
        staff,
        "flavour",
        null,
        formData({ ...fields, images }),
      )) as unknown as Answer;
      expect(answer.init.status).toBe(400);
      expect(answer.data.errors).toEqual({ price: "Price must be 10000.00 or less" });
      expect(answer.data.formError).toBe(catalogMessages.invalid);
      expect(answer.data.values).toMatchObject({
        name: "Typed Name",
        price: "99999",
        sizes: "0\n10\n20",
        images: [fx.pngUrl],
      });
      expect(await snapshot(db)).toEqual(before);
    });

    it("makes a free slug from the name and refuses a slug another item uses", async () => {
      const { db } = testDb();
      const first = saved(await saveItem(db, staff, "flavour", null, flavourValues({ name: "Slug Test" })));
      const second = saved(await saveItem(db, staff, "flavour", null, flavourValues({ name: "Slug Test" })));
      const slugs = await db.selectFrom("flavours").select(["id", "slug"]).where("id", "in", [first, second]).execute();
      expect(Object.fromEntries(slugs.map((s) => [s.id, s.slug]))).toEqual({
        [first]: "slug-test",
        [second]: "slug-test-2",
      });
      const before = await snapshot(db);
      expect(await saveItem(db, staff, "flavour", null, flavourValues({ slug: "slug-test" }))).toEqual(
        failFields({ slug: catalogMessages.slugTaken.flavour }),
      );
      expect(await saveItem(db, staff, "flavour", second, flavourValues({ slug: "Slug-Test" }))).toEqual(
        failFields({ slug: catalogMessages.slugTaken.flavour }),
      );
      expect(await saveItem(db, staff, "device", null, deviceValues({ slug: fx.deviceSlug }))).toEqual(
        failFields({ slug: catalogMessages.slugTaken.device }),
      );
      expect(await saveItem(db, staff, "flavour", null, flavourValues({ slug: "../etc/passwd" }))).toEqual(
        failFields({ slug: "Use lowercase letters, digits and single hyphens only, such as blue-razz-ice" }),
      );
      expect(await snapshot(db)).toEqual(before);
      // An item keeps its own slug when saved again.
      expect(
        await saveItem(
          db,
          staff,
          "flavour",
          first,
          flavourValues({ name: "Slug Test", slug: "slug-test", price: "5.25" }),
        ),
      ).toEqual({ ok: true, id: first });
    });

    it("stores HTML typed by staff as text, exactly as typed", async () => {
      const { db } = testDb();
      const name = `<script>alert("x")</script> & <b>bold</b>`;
      const id = saved(
        await saveItem(
          db,
          staff,
          "flavour",
          null,
          flavourValues({ name, description: "<img src=x onerror=alert(1)>" }),
        ),
      );
      expect(await getFlavour(db, id)).toMatchObject({
        name,
        description: "<img src=x onerror=alert(1)>",
        slug: "script-alert-x-script-and-b-bold-b",
      }); // "&" reads "and" in every slug (docs/decisions/025)
      const deviceId2 = saved(
        await saveItem(
          db,
          staff,
          "device",
          null,
          deviceValues({ name, features: "<script>1</script>", specifications: "<b>Key</b>: <i>value</i>" }),
        ),
      );
      expect(await getDevice(db, deviceId2)).toMatchObject({
        name,
        features: ["<script>1</script>"],
        details: { specifications: [{ name: "<b>Key</b>", value: "<i>value</i>" }] },
      });
    });

    it("saves an edited device, keeping its images and changing what the shop shows", async () => {
      const { db } = testDb();
      const editor = await getDeviceEditor(db, fx.deviceId);
      if (!editor) throw new Error("device missing");
      const variantsBefore = (await getDevice(db, fx.deviceId))!.variants;
      const values = { ...editor.values, price: "11.50", originalPrice: "", puffCounts: "" };
      expect(await saveItem(db, staff, "device", fx.deviceId, values)).toEqual({ ok: true, id: fx.deviceId });
      const device = await getDevice(db, fx.deviceId);
      expect(device).toMatchObject({
        priceCents: 1150,
        originalPriceCents: null,
        puffCounts: [],
        images: editor.values.images,
        slug: fx.deviceSlug,
      });
      // No puff counts now: each variant with one is archived, one without is made for each flavour and strength.
      const variantsAfter = (await getDevice(db, fx.deviceId))!.variants;
      expect(variantsBefore.every((v) => v.puffCount !== null)).toBe(true);
      expect(variantsAfter.map((v) => v.puffCount)).toEqual(variantsAfter.map(() => null));
      expect(variantsAfter.map((v) => v.id)).not.toContain(variantsBefore[0]!.id);
      const after = await getDeviceEditor(db, fx.deviceId);
      expect(after?.values).toEqual(values);
      expect(after!.updatedAt > editor.updatedAt).toBe(true);
    });
  },
  { seed: true },
);

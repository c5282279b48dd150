import { expect, it } from "vitest";
import { failFields } from "~/lib/result";
import { describeEachDatabase } from "~/db/testing/test-database";
import { getDevice, getFlavour } from "~/modules/catalog/catalog.service.server";
import { catalogMessages } from "./catalog-admin";
import { publishMessages } from "./catalog-admin-publish";
import { saveItem } from "./catalog-admin.service.server";
import { getDeviceEditor, getFlavourEditor } from "./catalog-admin.service.server";
import { staff, useCatalogFixture } from "./testing/catalog-fixture";

// The MHRA notification number (ECID) on devices and flavours: checked, kept and shown by the shop; needed to publish
// an item with nicotine (catalog-publish.service.test.ts has the drafts and the loaded list).
describeEachDatabase(
  "back-office catalogue: MHRA notification number",
  (testDb) => {
    const { flavourValues, deviceValues, saved } = useCatalogFixture(testDb);

    it("keeps a device's and a flavour's number, shows it in the editor and the shop, and clears it when emptied", async () => {
      const { db } = testDb();
      const deviceId = saved(await saveItem(db, staff, "device", null, deviceValues({ mhraEcid: " 12345-22-67890 " })));
      expect((await getDevice(db, deviceId))?.mhraEcid).toBe("12345-22-67890");
      expect((await getDeviceEditor(db, deviceId))?.values.mhraEcid).toBe("12345-22-67890");
      const flavourId = saved(
        await saveItem(db, staff, "flavour", null, flavourValues({ mhraEcid: "54321-23-09876" })),
      );
      expect((await getFlavour(db, flavourId))?.mhraEcid).toBe("54321-23-09876");
      expect((await getFlavourEditor(db, flavourId))?.values.mhraEcid).toBe("54321-23-09876");

      // Emptied: refused while the device has nicotine and is shown; kept empty once it has none.
      const editor = await getDeviceEditor(db, deviceId);
      expect(await saveItem(db, staff, "device", deviceId, { ...editor!.values, mhraEcid: "" })).toMatchObject(
        failFields({ mhraEcid: publishMessages.mhraRequired }),
      );
      expect((await getDevice(db, deviceId))?.mhraEcid).toBe("12345-22-67890");
      saved(
        await saveItem(db, staff, "device", deviceId, {
          ...editor!.values,
          mhraEcid: "",
          nicotineMgMl: "0",
          nicotineStrengths: "0",
        }),
      );
      expect((await getDevice(db, deviceId))?.mhraEcid).toBeNull();
    });

    it("refuses a number of the wrong shape with the message under the field, saving nothing", async () => {
      const { db } = testDb();
      for (const wrong of ["12345", "1234-22-67890", "12345-22-6789X", "<b>12345-22-67890</b>"]) {
        const answer = await saveItem(
          db,
          staff,
          "flavour",
          null,
          flavourValues({ name: `Wrong ${wrong}`, mhraEcid: wrong }),
        );
        expect(answer).toMatchObject(failFields({ mhraEcid: catalogMessages.mhraEcidShape }));
      }
      const answer = await saveItem(db, staff, "device", null, deviceValues({ mhraEcid: "99-99" }));
      expect(answer).toMatchObject(failFields({ mhraEcid: catalogMessages.mhraEcidShape }));
    });
  },
  { seed: true },
);

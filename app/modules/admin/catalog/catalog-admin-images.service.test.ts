import { expect, it } from "vitest";
import { failFields } from "~/lib/result";
import { describeEachDatabase } from "~/db/testing/test-database";
import { getFlavour, listFlavourCards } from "~/modules/catalog/catalog.service.server";
import { catalogMessages, type FlavourValues } from "./catalog-admin";
import { itemFormAction } from "./catalog-admin.action.server";
import { saveItem } from "./catalog-admin.service.server";
import { uploadMessages } from "./uploads.service.server";
import { staff, useCatalogFixture } from "./testing/catalog-fixture";
import { WEBP } from "./testing/test-images";

// A catalogue item's images: which may be saved, and uploading, moving and removing them through the form.
describeEachDatabase(
  "back-office catalogue: images",
  (testDb) => {
    const { fx, context, flavourValues, saved, snapshot, formData } = useCatalogFixture(testDb);

    type Answer = {
      data: { values: FlavourValues; errors: Record<string, string>; notice: string | null; formError: string | null };
      init: { status: number };
    };

    it("accepts only this item's own images and images uploaded here, and at least one", async () => {
      const { db } = testDb();
      const seeded = await db
        .selectFrom("flavours")
        .select(["id", "images"])
        .where("device_id", "=", fx.deviceId)
        .orderBy("slug")
        .executeTakeFirstOrThrow();
      const own: string[] = JSON.parse(seeded.images);
      const other = await db
        .selectFrom("flavours")
        .select("images")
        .where("id", "!=", seeded.id)
        .where("images", "like", "%/images/catalog/%")
        .orderBy("slug", "desc")
        .executeTakeFirstOrThrow();
      const before = await snapshot(db);
      for (const images of [
        ["https://evil.example/x.png"],
        ["javascript:alert(1)"],
        ["/uploads/../../etc/passwd"],
        [`/uploads/${"0".repeat(32)}.png`], // the right shape, but never uploaded
        [JSON.parse(other.images)[0]], // another item's image
      ]) {
        expect(await saveItem(db, staff, "flavour", seeded.id, flavourValues({ images }))).toEqual(
          failFields({ images: catalogMessages.imageUnknown }),
        );
      }
      expect(await saveItem(db, staff, "flavour", null, flavourValues({ images: [] }))).toEqual(
        failFields({ images: catalogMessages.imageRequired }),
      );
      expect(await snapshot(db)).toEqual(before);

      // Its own images, reordered, plus an upload: saved in that order (the first is the card image).
      const order = [fx.pngUrl, ...own.slice().reverse()];
      expect(await saveItem(db, staff, "flavour", seeded.id, flavourValues({ images: order }))).toEqual({
        ok: true,
        id: seeded.id,
      });
      expect((await getFlavour(db, seeded.id))?.images).toEqual(order);
      const card = (await listFlavourCards(db, { deviceSlug: fx.deviceSlug })).find((c) => c.id === seeded.id);
      expect(card?.image).toBe(fx.pngUrl);
    });

    it("uploads, moves and removes images through the form without saving until the save button, and refuses non-images", async () => {
      const { db } = testDb();
      const id = saved(
        await saveItem(
          db,
          staff,
          "flavour",
          null,
          flavourValues({ name: "Image Order", images: [fx.pngUrl, fx.jpegUrl] }),
        ),
      );
      const before = await snapshot(db);
      const { images: _images, ...fields } = flavourValues({ name: "Image Order" });
      const submit = (intent: string, images: string[], file?: File) =>
        itemFormAction(
          context(),
          staff,
          "flavour",
          id,
          formData({ ...fields, intent, images }, file ? [["image", file]] : []),
        ) as unknown as Promise<Answer>;

      const moved = await submit("image-up-1", [fx.pngUrl, fx.jpegUrl]);
      expect(moved.data.values.images).toEqual([fx.jpegUrl, fx.pngUrl]);
      expect(moved.data.notice).toBe(catalogMessages.imagesPending);
      const removed = await submit("image-remove-0", [fx.pngUrl, fx.jpegUrl]);
      expect(removed.data.values.images).toEqual([fx.jpegUrl]);

      const webp = WEBP;
      const uploaded = await submit("upload", [fx.pngUrl], new File([webp], "photo.gif"));
      expect(uploaded.data.errors).toEqual({});
      expect(uploaded.data.values.images).toEqual([
        fx.pngUrl,
        expect.stringMatching(/^\/uploads\/[a-f0-9]{32}\.webp$/),
      ]);

      const fake = await submit(
        "save",
        [fx.pngUrl],
        new File(["<script>alert(1)</script>"], "photo.png", { type: "image/png" }),
      );
      expect(fake.init.status).toBe(400);
      expect(fake.data.errors).toEqual({ image: uploadMessages.notImage });
      const huge = await submit("save", [fx.pngUrl], new File([new Uint8Array(30_000).fill(0xff)], "big.jpg"));
      expect(huge.data.errors).toEqual({ image: "That image is larger than 20 KB. Upload a smaller one." });
      const missing = await submit("upload", [fx.pngUrl]);
      expect(missing.data.errors).toEqual({ image: uploadMessages.missing });
      expect(await snapshot(db)).toEqual(before);
      expect((await getFlavour(db, id))?.images).toEqual([fx.pngUrl, fx.jpegUrl]);

      // The save button keeps the list as shown, with the attached image added at the end.
      const done = (await itemFormAction(
        context(),
        staff,
        "flavour",
        id,
        formData({ ...fields, intent: "save", images: [fx.jpegUrl] }, [["image", new File([webp], "x.webp")]]),
      )) as Response;
      expect(done.headers.get("location")).toBe(`/admin/flavours/${id}?notice=saved`);
      expect((await getFlavour(db, id))?.images).toEqual([fx.jpegUrl, uploaded.data.values.images[1]]);
    });
  },
  { seed: true },
);

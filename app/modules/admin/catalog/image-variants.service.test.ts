import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { VARIANT_WIDTHS, variantName, variantNames } from "~/lib/image-variants";
import { backfillImageVariants } from "./image-backfill.service.server";
import { photo } from "./testing/test-images";
import { storeImage, uploadMessages } from "./uploads.service.server";

/** What a variant file really is, read back from the disk. */
async function inspect(dir: string, fileName: string) {
  const meta = await sharp(readFileSync(join(dir, fileName))).metadata();
  return {
    format: meta.format === "heif" ? meta.compression : meta.format,
    width: meta.width,
    height: meta.height,
    exif: meta.exif,
    orientation: meta.orientation,
  };
}

/** A real PNG whose header claims `width`×`height`: a few hundred bytes that would decode to gigabytes. */
async function pngClaiming(width: number, height: number) {
  const png = Buffer.from(
    await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29); // the IHDR chunk's checksum, over its type and data
  return png;
}

describeEachDatabase("image variants", (testDb) => {
  const dir = mkdtempSync(join(tmpdir(), "shop-variants-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const store = async (bytes: Uint8Array<ArrayBuffer>, name: string) => {
    const stored = await storeImage(
      testDb().db,
      { dir, maxBytes: 5_000_000, uploadedBy: null },
      new File([bytes], name),
    );
    if (!stored.ok) throw new Error(stored.message);
    return stored.url.slice("/uploads/".length);
  };
  const row = (fileName: string) =>
    testDb()
      .db.selectFrom("uploads")
      .select(["width", "height", "variant_widths"])
      .where("file_name", "=", fileName)
      .executeTakeFirstOrThrow();

  it("turns a large photograph into AVIF and WebP at every width, without its metadata, and keeps the original", async () => {
    const original = await photo({ width: 2400, height: 1600, format: "jpeg", seed: 11 });
    const fileName = await store(original, "big photo.jpg");
    expect(new Uint8Array(readFileSync(join(dir, fileName)))).toEqual(original);
    expect(await row(fileName)).toEqual({ width: 2400, height: 1600, variant_widths: "320,640,960,1280" });
    for (const width of VARIANT_WIDTHS) {
      const height = Math.round((width * 1600) / 2400);
      expect(await inspect(dir, variantName(fileName, width, "avif"))).toEqual({
        format: "av1",
        width,
        height,
        exif: undefined,
        orientation: undefined,
      });
      expect(await inspect(dir, variantName(fileName, width, "webp"))).toEqual({
        format: "webp",
        width,
        height,
        exif: undefined,
        orientation: undefined,
      });
    }
    // What a card loads is a small part of what was uploaded.
    expect(readFileSync(join(dir, variantName(fileName, 640, "avif"))).length).toBeLessThan(original.length / 10);
  });

  it("never enlarges: widths past a small original hold the original's size", async () => {
    const fileName = await store(await photo({ width: 500, height: 400, format: "png", seed: 12 }), "small.png");
    expect(await row(fileName)).toMatchObject({ width: 500, height: 400 });
    expect(await inspect(dir, variantName(fileName, 320, "webp"))).toMatchObject({ width: 320, height: 256 });
    for (const width of [640, 960, 1280]) {
      expect(await inspect(dir, variantName(fileName, width, "avif"))).toMatchObject({
        format: "av1",
        width: 500,
        height: 400,
      });
      expect(await inspect(dir, variantName(fileName, width, "webp"))).toMatchObject({
        format: "webp",
        width: 500,
        height: 400,
      });
    }
  });

  it("turns a photo upright by its EXIF orientation, and the variants carry no orientation of their own", async () => {
    // Taken with the camera turned: stored 600×400, shown 400×600.
    const fileName = await store(
      await photo({ width: 600, height: 400, format: "jpeg", orientation: 6, seed: 13 }),
      "turned.jpg",
    );
    expect((await sharp(readFileSync(join(dir, fileName))).metadata()).orientation).toBe(6);
    expect(await row(fileName)).toMatchObject({ width: 400, height: 600 });
    expect(await inspect(dir, variantName(fileName, 320, "avif"))).toEqual({
      format: "av1",
      width: 320,
      height: 480,
      exif: undefined,
      orientation: undefined,
    });
    expect(await inspect(dir, variantName(fileName, 640, "webp"))).toEqual({
      format: "webp",
      width: 400,
      height: 600,
      exif: undefined,
      orientation: undefined,
    });
  });

  it("refuses a picture of more pixels than it will decode, before decoding it", async () => {
    const bomb = await pngClaiming(10_000, 10_000);
    expect(bomb.length).toBeLessThan(1000);
    const stored = await storeImage(
      testDb().db,
      { dir, maxBytes: 5_000_000, uploadedBy: null },
      new File([bomb], "tiny.png"),
    );
    expect(stored).toEqual({ ok: false, message: uploadMessages.tooManyPixels, code: "invalid" });
    expect(uploadMessages.tooManyPixels).toBe("That image has more than 50 megapixels. Upload a smaller one.");
  });

  it("makes the missing variants of uploads stored before variants existed, and retries what it could not read", async () => {
    const { db } = testDb();
    const earlier = async (fileName: string, bytes: Uint8Array | null) => {
      if (bytes) writeFileSync(join(dir, fileName), bytes);
      await db
        .insertInto("uploads")
        .values({
          id: fileName.slice(0, 12),
          file_name: fileName,
          content_type: "image/jpeg",
          bytes: bytes?.length ?? 0,
          uploaded_by: null,
          created_at: "2026-11-01T10:00:00.000Z",
        })
        .execute();
    };
    const old = `${"a".repeat(32)}.jpg`;
    const lost = `${"b".repeat(32)}.jpg`;
    const damaged = `${"c".repeat(32)}.png`;
    await earlier(old, await photo({ width: 1600, height: 1200, format: "jpeg", seed: 14 }));
    await earlier(lost, null);
    await earlier(damaged, Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]));
    expect(await row(old)).toEqual({ width: null, height: null, variant_widths: null });

    expect(await backfillImageVariants(db, dir)).toEqual({ made: 1, failed: [lost, damaged] });
    expect(await row(old)).toEqual({ width: 1600, height: 1200, variant_widths: "320,640,960,1280" });
    for (const name of variantNames(old)) expect(existsSync(join(dir, name)), name).toBe(true);
    expect(await inspect(dir, variantName(old, 1280, "avif"))).toMatchObject({
      format: "av1",
      width: 1280,
      height: 960,
    });
    expect(await row(damaged)).toEqual({ width: null, height: null, variant_widths: null });
    // Uploads made since (with their variants) are left alone; the two it could not read are tried again.
    expect(await backfillImageVariants(db, dir)).toEqual({ made: 0, failed: [lost, damaged] });
  });
});

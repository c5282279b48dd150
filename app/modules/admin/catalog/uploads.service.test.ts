import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { variantNames } from "~/lib/image-variants";
import { photo, PNG } from "./testing/test-images";
import { sniffImage, storeImage, UPLOAD_URL, uploadMessages } from "./uploads.service.server";

const MAGIC_PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const MAGIC_JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);
const MAGIC_WEBP = new TextEncoder().encode("RIFF\u0010\u0000\u0000\u0000WEBPVP8 ");

it("knows JPEG, PNG and WebP by their first bytes, and nothing else", () => {
  expect(sniffImage(MAGIC_PNG)?.type).toBe("image/png");
  expect(sniffImage(MAGIC_JPEG)?.type).toBe("image/jpeg");
  expect(sniffImage(MAGIC_WEBP)?.type).toBe("image/webp");
  expect(sniffImage(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'></svg>"))).toBeNull();
  expect(sniffImage(new TextEncoder().encode("GIF89a......"))).toBeNull();
  expect(sniffImage(new Uint8Array())).toBeNull();
});

describeEachDatabase("image uploads", (testDb) => {
  const dir = mkdtempSync(join(tmpdir(), "shop-uploads-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const store = (file: unknown, maxBytes = 1000) => storeImage(testDb().db, { dir, maxBytes, uploadedBy: null }, file);

  it("stores an image under the hash of its content, whatever its name says, with its variants beside it", async () => {
    const result = await store(new File([PNG], "../../../etc/passwd.png", { type: "image/png" }));
    if (!result.ok) throw new Error(result.message);
    expect(result.url).toMatch(UPLOAD_URL);
    const fileName = result.url.split("/").pop()!;
    expect(readdirSync(dir).sort()).toEqual([fileName, ...variantNames(fileName)].sort());
    expect(new Uint8Array(readFileSync(join(dir, fileName)))).toEqual(PNG);
    const again = await store(new File([PNG], "another-name.png"));
    expect(again).toEqual(result);
    const rows = await testDb()
      .db.selectFrom("uploads")
      .select(["file_name", "content_type", "bytes", "width", "height", "variant_widths"])
      .execute();
    expect(rows).toEqual([
      {
        file_name: fileName,
        content_type: "image/png",
        bytes: PNG.length,
        width: 2,
        height: 2,
        variant_widths: "320,640,960,1280",
      },
    ]);
  });

  it("refuses files that are not images (whatever their name or type says), too large, or missing", async () => {
    expect(await store(new File(["<script>alert(1)</script>"], "photo.jpg", { type: "image/jpeg" }))).toEqual({
      ok: false,
      message: uploadMessages.notImage,
      code: "invalid",
    });
    expect(await store(new File(["just some text, not a photo"], "holiday.jpg", { type: "image/jpeg" }))).toEqual({
      ok: false,
      message: uploadMessages.notImage,
      code: "invalid",
    });
    expect(await store(new File([new Uint8Array(2000).fill(0xff)], "big.jpg"))).toEqual({
      ok: false,
      message: "That image is larger than 1 KB. Upload a smaller one.",
      code: "invalid",
    });
    expect(await store(new File([], "empty.png"))).toEqual({
      ok: false,
      message: uploadMessages.missing,
      code: "invalid",
    });
    expect(await store("not a file")).toEqual({ ok: false, message: uploadMessages.missing, code: "invalid" });
    expect(readdirSync(dir)).toHaveLength(9);
  });

  it("refuses, storing nothing, a file that starts like an image but cannot be decoded: damaged or cut short", async () => {
    const before = readdirSync(dir).sort();
    const rows = () => testDb().db.selectFrom("uploads").select("file_name").execute();
    const rowsBefore = await rows();
    const whole = await photo({ width: 640, height: 480, format: "jpeg", seed: 5 });
    const cutShort = whole.slice(0, Math.floor(whole.length / 2));
    for (const bytes of [MAGIC_PNG, MAGIC_JPEG, MAGIC_WEBP, cutShort]) {
      expect(await store(new File([bytes], "photo.jpg"), 1_000_000)).toEqual({
        ok: false,
        message: uploadMessages.unreadable,
        code: "invalid",
      });
    }
    expect(readdirSync(dir).sort()).toEqual(before);
    expect(await rows()).toEqual(rowsBefore);
  });
});

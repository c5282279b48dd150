import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { sniffImage, storeImage, UPLOAD_URL, uploadMessages } from "./uploads.server";

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);
const WEBP = new TextEncoder().encode("RIFF\u0010\u0000\u0000\u0000WEBPVP8 ");

it("knows JPEG, PNG and WebP by their first bytes, and nothing else", () => {
  expect(sniffImage(PNG)?.type).toBe("image/png");
  expect(sniffImage(JPEG)?.type).toBe("image/jpeg");
  expect(sniffImage(WEBP)?.type).toBe("image/webp");
  expect(sniffImage(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'></svg>"))).toBeNull();
  expect(sniffImage(new TextEncoder().encode("GIF89a......"))).toBeNull();
  expect(sniffImage(new Uint8Array())).toBeNull();
});

describeEachDatabase("image uploads", (testDb) => {
  const dir = mkdtempSync(join(tmpdir(), "shop-uploads-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const store = (file: unknown, maxBytes = 1000) => storeImage(testDb().db, { dir, maxBytes, uploadedBy: null }, file);

  it("stores an image under the hash of its content, whatever its name says", async () => {
    const result = await store(new File([PNG], "../../../etc/passwd.png", { type: "image/png" }));
    if (!result.ok) throw new Error(result.message);
    expect(result.url).toMatch(UPLOAD_URL);
    expect(readdirSync(dir)).toEqual([result.url.split("/").pop()]);
    expect(new Uint8Array(readFileSync(join(dir, result.url.split("/").pop()!)))).toEqual(PNG);
    const again = await store(new File([PNG], "another-name.png"));
    expect(again).toEqual(result);
    const rows = await testDb().db.selectFrom("uploads").select(["file_name", "content_type", "bytes"]).execute();
    expect(rows).toEqual([{ file_name: result.url.split("/").pop(), content_type: "image/png", bytes: PNG.length }]);
  });

  it("refuses files that are not images (whatever their name or type says), too large, or missing", async () => {
    expect(await store(new File(["<script>alert(1)</script>"], "photo.jpg", { type: "image/jpeg" }))).toEqual({ ok: false, message: uploadMessages.notImage });
    expect(await store(new File([new Uint8Array(2000).fill(0xff)], "big.jpg"))).toEqual({ ok: false, message: "That image is larger than 1 KB. Upload a smaller one." });
    expect(await store(new File([], "empty.png"))).toEqual({ ok: false, message: uploadMessages.missing });
    expect(await store("not a file")).toEqual({ ok: false, message: uploadMessages.missing });
    expect(readdirSync(dir)).toHaveLength(1);
  });
});

import { readdirSync } from "node:fs";
import { expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { action as uploadAction, loader as uploadLoader } from "~/routes/admin/upload";
import { requestWith } from "~/testing/test-context";
import { catalogMessages, MAX_IMAGES } from "./catalog-admin";
import { JPEG, PNG, useCatalogFixture } from "./testing/catalog-fixture";
import { UPLOAD_URL, uploadMessages } from "./uploads.service.server";

// /admin/upload: where a back-office form sends an image the moment it is chosen (components/admin/use-image-upload).
describeEachDatabase(
  "back office: an image uploaded as soon as it is chosen",
  (testDb) => {
    const { fx, context, signedUpCookie } = useCatalogFixture(testDb);

    it("is staff only (a 403 that stores nothing), checks the file by its content and the image count, and stores it", async () => {
      const { db } = testDb();
      const shopperCookie = await signedUpCookie("pat-upload@example.com", "192.0.2.30");
      const staffCookie = await signedUpCookie("kim-upload@example.com", "192.0.2.31", "staff");
      const args = (request: Request) =>
        ({ request, context: context(), params: {}, unstable_pattern: "", matches: [] }) as never;
      const post = (cookie: string, fields: Record<string, string | File>) => {
        const body = new FormData();
        for (const [name, value] of Object.entries(fields)) body.set(name, value);
        return new Request("http://shop.test/admin/upload", {
          method: "POST",
          headers: cookie ? { cookie, origin: "http://shop.test" } : { origin: "http://shop.test" },
          body,
        });
      };
      const status = (thrown: unknown) => (thrown as { init?: { status?: number } }).init?.status;
      const answer = async (cookie: string, fields: Record<string, string | File>) => {
        const result = (await uploadAction(args(post(cookie, fields)))) as { data: unknown; init: { status?: number } };
        return { status: result.init?.status ?? 200, body: result.data };
      };
      const photo = () => new File([Uint8Array.from([...JPEG, 9, 9, 9])], "../../photo.jpg", { type: "image/jpeg" });
      const stored = () => readdirSync(fx.uploadDir).sort();
      const uploads = async () => (await db.selectFrom("uploads").select("id").execute()).length;
      const before = { files: stored(), rows: await uploads() };

      // Anybody but staff: refused, nothing stored; and it is not a page for anybody.
      for (const cookie of ["", shopperCookie]) {
        await expect(uploadAction(args(post(cookie, { image: photo() })))).rejects.toSatisfy((e) => status(e) === 403);
        await expect(uploadLoader(args(requestWith(cookie, "http://shop.test/admin/upload")))).rejects.toSatisfy(
          (e) => status(e) === 404,
        );
      }
      await expect(uploadLoader(args(requestWith(staffCookie, "http://shop.test/admin/upload")))).rejects.toSatisfy(
        (e) => status(e) === 404,
      );

      // Staff: refused with the reason, nothing stored, for no file, a file that is not an image and one image too many.
      expect(await answer(staffCookie, {})).toEqual({
        status: 400,
        body: { ok: false, code: "invalid", message: uploadMessages.missing },
      });
      const text = new File(["<svg onload=alert(1)>"], "peach.jpg", { type: "image/jpeg" });
      expect(await answer(staffCookie, { image: text })).toEqual({
        status: 400,
        body: { ok: false, code: "invalid", message: uploadMessages.notImage },
      });
      expect(await answer(staffCookie, { image: photo(), count: String(MAX_IMAGES) })).toEqual({
        status: 400,
        body: { ok: false, code: "invalid", message: catalogMessages.tooManyImages },
      });
      expect(await answer(staffCookie, { image: photo(), count: "lots" })).toMatchObject({ status: 400 });
      expect({ files: stored(), rows: await uploads() }).toEqual(before);

      // An image: stored under its content's name, with its variants, and its address given back.
      const taken = await answer(staffCookie, { image: photo(), count: String(MAX_IMAGES - 1) });
      expect(taken).toEqual({ status: 200, body: { ok: true, url: expect.stringMatching(UPLOAD_URL) } });
      const url = (taken.body as { url: string }).url;
      expect(stored()).toContain(url.slice("/uploads/".length));
      expect(await uploads()).toBe(before.rows + 1);
      // A cover sends no count.
      const cover = await answer(staffCookie, { image: new File([PNG], "cover.png") });
      expect(cover.body).toEqual({ ok: true, url: expect.stringMatching(/\.png$/) });
    });
  },
  { seed: true },
);

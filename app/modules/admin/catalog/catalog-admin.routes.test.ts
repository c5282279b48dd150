import { provedSecondFactor } from "~/testing/accounts";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { readStorefrontVersion } from "~/db/content-version.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { getDevice, getFlavour, listFlavourCards } from "~/modules/catalog/catalog.service.server";
import { action as productAction, loader as productLoader } from "~/routes/admin/product";
import { action as productNewAction, loader as productNewLoader } from "~/routes/admin/product-new";
import { loader as productsLoader } from "~/routes/admin/products";
import { action as flavourAction, loader as flavourLoader } from "~/routes/admin/flavour";
import { action as flavourNewAction, loader as flavourNewLoader } from "~/routes/admin/flavour-new";
import { loader as flavoursLoader } from "~/routes/admin/flavours";
import { cookieHeader, requestWith } from "~/testing/test-context";
import { type FlavourValues } from "./catalog-admin";
import { deviceFormAction } from "./catalog-admin.action.server";
import { JPEG, staff, useCatalogFixture } from "./testing/catalog-fixture";
import { signUpConfirmed } from "~/testing/accounts";

describeEachDatabase(
  "back-office catalogue pages",
  (testDb) => {
    const { fx, context, flavourValues, deviceValues, snapshot, formData } = useCatalogFixture(testDb);

    it("guards every page (404) and action (403) for visitors and customers; staff create a flavour with an uploaded image that the shop shows at once", async () => {
      const { db } = testDb();
      const signUpValues = (firstName: string, email: string) => ({
        firstName,
        lastName: "Lee",
        email,
        password: "correct horse battery",
        dateOfBirth: "1990-05-05",
        terms: "on",
      });
      const shopper = await signUpConfirmed(context("192.0.2.20"), signUpValues("Pat", "pat-catalog@example.com"));
      const member = await signUpConfirmed(context("192.0.2.21"), signUpValues("Kim", "kim-catalog@example.com"));
      if (!shopper.ok || !member.ok) throw new Error("sign-up failed");
      await db.updateTable("user").set({ role: "staff" }).where("email", "=", "kim-catalog@example.com").execute();
      const customerCookie = cookieHeader(shopper.headers);
      const staffCookie = await provedSecondFactor(testDb().db, cookieHeader(member.headers));
      const flavourId = (
        await db.selectFrom("flavours").select("id").where("device_id", "=", fx.deviceId).executeTakeFirstOrThrow()
      ).id;
      const args = (request: Request, params: Record<string, string> = {}) =>
        ({ request, context: context(), params, unstable_pattern: "", matches: [] }) as never;
      const post = (cookie: string, url: string, body: FormData) =>
        new Request(url, {
          method: "POST",
          headers: cookie ? { cookie, origin: "http://shop.test" } : { origin: "http://shop.test" },
          body,
        });
      const status = (error: unknown) => (error as { init?: { status?: number } }).init?.status;
      const pages: Array<[(a: never) => Promise<unknown>, string, Record<string, string>]> = [
        [productsLoader, "/admin/products", {}],
        [productNewLoader, "/admin/products/new", {}],
        [productLoader, `/admin/products/${fx.deviceId}`, { id: fx.deviceId }],
        [flavoursLoader, "/admin/flavours", {}],
        [flavourNewLoader, "/admin/flavours/new", {}],
        [flavourLoader, `/admin/flavours/${flavourId}`, { id: flavourId }],
      ];
      const actions: Array<[(a: never) => Promise<unknown>, string, Record<string, string>, FormData]> = [
        [productNewAction, "/admin/products/new", {}, formData({ ...deviceValues() })],
        [productAction, `/admin/products/${fx.deviceId}`, { id: fx.deviceId }, formData({ intent: "archive" })],
        [productAction, `/admin/products/${fx.deviceId}`, { id: fx.deviceId }, formData({ ...deviceValues() })],
        [flavourNewAction, "/admin/flavours/new", {}, formData({ ...flavourValues() })],
        [flavourAction, `/admin/flavours/${flavourId}`, { id: flavourId }, formData({ intent: "archive" })],
        [flavourAction, `/admin/flavours/${flavourId}`, { id: flavourId }, formData({ ...flavourValues() })],
      ];
      const before = await snapshot(db);
      for (const cookie of ["", customerCookie]) {
        for (const [loader, path, params] of pages) {
          await expect(loader(args(requestWith(cookie, `http://shop.test${path}`), params))).rejects.toSatisfy(
            (e) => status(e) === 404,
          );
        }
        for (const [action, path, params, body] of actions) {
          await expect(action(args(post(cookie, `http://shop.test${path}`, body), params))).rejects.toSatisfy(
            (e) => status(e) === 403,
          );
        }
      }
      expect(await snapshot(db)).toEqual(before);

      // Staff: the flavour form with a freshly uploaded image (never uploaded before in this suite).
      const photo = Uint8Array.from([...JPEG, 1, 2, 3, 4]);
      const { images: _none, ...fields } = flavourValues({ name: "Journey Lime" });
      const body = formData({ ...fields, intent: "save" }, [
        ["image", new File([photo], "../../lime photo.jpg", { type: "image/jpeg" })],
      ]);
      const response = (await flavourNewAction(
        args(post(staffCookie, "http://shop.test/admin/flavours/new", body)),
      )) as Response;
      expect(response.status).toBe(302);
      const location = response.headers.get("location")!;
      expect(location).toMatch(/^\/admin\/flavours\/[a-z0-9]{12}\?notice=created$/);
      const id = location.split("/").pop()!.split("?")[0]!;
      const page = (await flavourLoader(args(requestWith(staffCookie, `http://shop.test${location}`), { id }))) as {
        notice: string;
        flavour: { values: FlavourValues };
      };
      expect(page.notice).toBe("Flavour created.");
      const [image] = page.flavour.values.images;
      expect(image).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg$/);
      expect(existsSync(join(fx.uploadDir, image!.slice("/uploads/".length)))).toBe(true);
      expect(await getFlavour(db, id)).toMatchObject({
        name: "Journey Lime",
        priceCents: 499,
        sizes: [0, 10, 20],
        images: [image],
        deviceSlug: fx.deviceSlug,
      });
      expect((await listFlavourCards(db, { deviceSlug: fx.deviceSlug })).find((c) => c.id === id)).toMatchObject({
        name: "Journey Lime",
        image,
        priceCents: 499,
      });
      expect(await readStorefrontVersion(db)).toBe(before.version + 1);
    });

    it("keeps what the device form's own action was sent, and creates through it with a redirect", async () => {
      const { db } = testDb();
      const { images, ...fields } = deviceValues({ name: "Form Device" });
      const done = (await deviceFormAction(
        context(),
        staff,
        null,
        formData({ ...fields, images, intent: "save" }),
      )) as Response;
      expect(done.status).toBe(302);
      const id = done.headers.get("location")!.match(/^\/admin\/products\/([a-z0-9]{12})\?notice=created$/)?.[1];
      expect(id).toBeTruthy();
      expect((await getDevice(db, id!))?.name).toBe("Form Device");
    });
  },
  { seed: true },
);

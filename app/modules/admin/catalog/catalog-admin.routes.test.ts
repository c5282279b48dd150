import { existsSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { readStorefrontVersion } from "~/db/content-version.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { getDevice, getFlavour, listFlavourCards } from "~/modules/catalog/catalog.service.server";
// One module per page serves devices and flavours alike, by the address (app/routes.ts).
import { action as itemAction, loader as itemLoader } from "~/routes/admin/catalog-item";
import { action as itemNewAction, loader as itemNewLoader } from "~/routes/admin/catalog-item-new";
import { loader as itemsLoader } from "~/routes/admin/catalog-items";
import { requestWith } from "~/testing/test-context";
import { type FlavourValues } from "./catalog-admin";
import { itemFormAction } from "./catalog-admin.action.server";
import { JPEG, staff, useCatalogFixture } from "./testing/catalog-fixture";
import type { StockAnswer, StockPanelData } from "./stock-admin.action.server";
import { gridFields, gridName, gridValuesOf, type VariantGridValues } from "./variant-grid";

describeEachDatabase(
  "back-office catalogue pages",
  (testDb) => {
    const { fx, context, flavourValues, deviceValues, snapshot, formData, signedUpCookie } = useCatalogFixture(testDb);
    const args = (request: Request, params: Record<string, string> = {}) =>
      ({ request, context: context(), params, unstable_pattern: "", matches: [] }) as never;
    const post = (cookie: string, url: string, body: FormData) =>
      new Request(url, {
        method: "POST",
        headers: cookie ? { cookie, origin: "http://shop.test" } : { origin: "http://shop.test" },
        body,
      });
    const status = (error: unknown) => (error as { init?: { status?: number } }).init?.status;

    it("guards every page (404) and action (403) for visitors and customers; staff create a flavour with an uploaded image that the shop shows at once", async () => {
      const { db } = testDb();
      const customerCookie = await signedUpCookie("pat-catalog@example.com", "192.0.2.20");
      const staffCookie = await signedUpCookie("kim-catalog@example.com", "192.0.2.21", "staff");
      const flavourId = (
        await db.selectFrom("flavours").select("id").where("device_id", "=", fx.deviceId).executeTakeFirstOrThrow()
      ).id;
      const pages: Array<[(a: never) => Promise<unknown>, string, Record<string, string>]> = [
        [itemsLoader, "/admin/products", {}],
        [itemNewLoader, "/admin/products/new", {}],
        [itemLoader, `/admin/products/${fx.deviceId}`, { id: fx.deviceId }],
        [itemsLoader, "/admin/flavours", {}],
        [itemNewLoader, "/admin/flavours/new", {}],
        [itemLoader, `/admin/flavours/${flavourId}`, { id: flavourId }],
      ];
      const actions: Array<[(a: never) => Promise<unknown>, string, Record<string, string>, FormData]> = [
        [itemNewAction, "/admin/products/new", {}, formData({ ...deviceValues() })],
        [itemAction, `/admin/products/${fx.deviceId}`, { id: fx.deviceId }, formData({ intent: "archive" })],
        [itemAction, `/admin/products/${fx.deviceId}`, { id: fx.deviceId }, formData({ ...deviceValues() })],
        [
          itemAction,
          `/admin/products/${fx.deviceId}`,
          { id: fx.deviceId },
          formData({ intent: "save-variants", variant: "x" }),
        ],
        [itemNewAction, "/admin/flavours/new", {}, formData({ ...flavourValues() })],
        [itemAction, `/admin/flavours/${flavourId}`, { id: flavourId }, formData({ intent: "archive" })],
        [itemAction, `/admin/flavours/${flavourId}`, { id: flavourId }, formData({ ...flavourValues() })],
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
      const response = (await itemNewAction(
        args(post(staffCookie, "http://shop.test/admin/flavours/new", body)),
      )) as Response;
      expect(response.status).toBe(302);
      const location = response.headers.get("location")!;
      expect(location).toMatch(/^\/admin\/flavours\/[a-z0-9]{12}\?notice=created$/);
      const id = location.split("/").pop()!.split("?")[0]!;
      const page = (await itemLoader(args(requestWith(staffCookie, `http://shop.test${location}`), { id }))) as {
        notice: string;
        item: { values: FlavourValues };
      };
      expect(page.notice).toBe("Flavour created.");
      const [image] = page.item.values.images;
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
      const done = (await itemFormAction(
        context(),
        staff,
        "device",
        null,
        formData({ ...fields, images, intent: "save" }),
      )) as Response;
      expect(done.status).toBe(302);
      const id = done.headers.get("location")!.match(/^\/admin\/products\/([a-z0-9]{12})\?notice=created$/)?.[1];
      expect(id).toBeTruthy();
      expect((await getDevice(db, id!))?.name).toBe("Form Device");
    });

    it("saves the variant grid from the device's page, answers a wrong check digit under its field, and shows one variant's history", async () => {
      const { db } = testDb();
      const staffCookie = await signedUpCookie("robin-grid@example.com", "192.0.2.22", "staff");
      const url = `http://shop.test/admin/products/${fx.deviceId}`;
      const params = { id: fx.deviceId };
      const open = async (query = "") =>
        (await itemLoader(args(requestWith(staffCookie, `${url}${query}`), params))) as {
          notice: string | null;
          stock: StockPanelData;
        };
      const gridPost = (rows: VariantGridValues[]) =>
        formData({
          intent: "save-variants",
          variant: rows.map((r) => r.id),
          ...Object.fromEntries(rows.flatMap((r) => gridFields.map((f) => [gridName(r.id, f), r[f]]))),
        });
      const { variants } = (await open()).stock;
      const [first, second] = variants;
      const rows = (changes: Partial<VariantGridValues>) =>
        variants.map((v) => (v.id === first!.id ? { ...gridValuesOf(v), ...changes } : gridValuesOf(v)));

      const saved = (await itemAction(
        args(post(staffCookie, url, gridPost(rows({ stock: "15", barcode: "5012345678900" }))), params),
      )) as Response;
      expect([saved.status, saved.headers.get("location")]).toEqual([
        302,
        `/admin/products/${fx.deviceId}?notice=variants`,
      ]);
      const page = await open("?notice=variants");
      expect(page.notice).toBe("Variants saved.");
      expect(page.stock.variants[0]).toMatchObject({ barcode: "5012345678900", stock: { quantity: 15 } });

      const before = await db.selectFrom("variants").selectAll().where("item_id", "=", fx.deviceId).execute();
      const refused = (await itemAction(
        args(post(staffCookie, url, gridPost(rows({ stock: "15", barcode: "5012345678901" }))), params),
      )) as { data: StockAnswer; init: { status: number } };
      expect(refused.init.status).toBe(400);
      expect(refused.data).toMatchObject({
        stockForm: "variants",
        errors: { [`${first!.id}.barcode`]: "The barcode 5012345678901 has a wrong check digit." },
      });
      if (refused.data.stockForm !== "variants") throw new Error("expected the grid's answer");
      expect(refused.data.values.find((r) => r.id === first!.id)?.barcode).toBe("5012345678901");
      expect(await db.selectFrom("variants").selectAll().where("item_id", "=", fx.deviceId).execute()).toEqual(before);
      // A variant of another item: the page answers as for an unknown page.
      const foreign = await db
        .selectFrom("variants")
        .select("id")
        .where("item_id", "!=", fx.deviceId)
        .executeTakeFirstOrThrow();
      await expect(
        itemAction(args(post(staffCookie, url, gridPost([{ ...gridValuesOf(first!), id: foreign.id }])), params)),
      ).rejects.toSatisfy((e) => status(e) === 404);

      // The history of one variant, chosen with ?variant=; an unknown one shows every variant's.
      await db.updateTable("variants").set({ stock_quantity: 4 }).where("id", "=", second!.id).execute();
      const secondRow = { ...gridValuesOf(second!), stock: "9", stockSeen: "4" };
      await itemAction(args(post(staffCookie, url, gridPost([secondRow])), params));
      const onlyFirst = await open(`?variant=${first!.id}`);
      expect(onlyFirst.stock.historyOf).toBe(first!.id);
      expect(new Set(onlyFirst.stock.history.map((m) => m.variantId))).toEqual(new Set([first!.id]));
      const every = await open("?variant=nope");
      expect(every.stock.historyOf).toBeNull();
      expect(every.stock.history.map((m) => m.variantId)).toEqual(expect.arrayContaining([first!.id, second!.id]));
    });
  },
  { seed: true },
);

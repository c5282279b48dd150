import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readStorefrontVersion } from "~/db/content-version.server";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { ShopContext } from "~/lib/app-context";
import type { SessionUser } from "~/modules/accounts/accounts";
import { signUp } from "~/modules/accounts/accounts.service.server";
import { getDevice, getFlavour, listFlavourCards } from "~/modules/catalog/catalog.service.server";
import { checkUkLimits } from "~/modules/compliance/compliance";
import { action as productAction, loader as productLoader } from "~/routes/admin/product";
import { action as productNewAction, loader as productNewLoader } from "~/routes/admin/product-new";
import { loader as productsLoader } from "~/routes/admin/products";
import { action as flavourAction, loader as flavourLoader } from "~/routes/admin/flavour";
import { action as flavourNewAction, loader as flavourNewLoader } from "~/routes/admin/flavour-new";
import { loader as flavoursLoader } from "~/routes/admin/flavours";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import {
  applyImageIntent,
  catalogMessages,
  checkFlavour,
  parseIntent,
  parseMoney,
  parseSpecifications,
  slugify,
  type DeviceValues,
  type FlavourValues,
} from "./catalog-admin";
import { deviceFormAction, flavourFormAction } from "./catalog-admin.action.server";
import { getDeviceEditor, getFlavourEditor, listCatalogItems, saveDevice, saveFlavour, setDeviceArchived, setFlavourArchived } from "./catalog-admin.server";
import { StaffOnlyError } from "./guard.server";
import { storeImage, uploadMessages } from "./uploads.server";

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);

const person = (id: string, role: "staff" | "customer"): SessionUser => ({
  id, name: id, email: `${id}@example.com`, firstName: id, lastName: "Lee", dateOfBirth: "1990-01-01", role, authProvider: "email",
});
const staff = person("staff-sam", "staff");
const customer = person("customer-cat", "customer");

describe("catalogue form rules", () => {
  it("reads prices typed in the shop currency as whole cents, refusing negatives, extra decimals and absurd values", () => {
    expect(parseMoney("12.99", "Price")).toEqual({ value: 1299 });
    expect(parseMoney(" 12.9 ", "Price")).toEqual({ value: 1290 });
    expect(parseMoney("7", "Price")).toEqual({ value: 700 });
    expect(parseMoney("0.10", "Price")).toEqual({ value: 10 });
    expect(parseMoney("-1", "Price")).toEqual({ error: "Price cannot be negative" });
    expect(parseMoney("12.999", "Price")).toEqual({ error: "Price can have at most 2 decimal places" });
    expect(parseMoney("12,99", "Price")).toEqual({ error: "Enter price as a number such as 12.99" });
    expect(parseMoney("1e3", "Price")).toEqual({ error: "Enter price as a number such as 12.99" });
    expect(parseMoney("0", "Price")).toEqual({ error: "Price must be more than 0" });
    expect(parseMoney("10000.01", "Price")).toEqual({ error: "Price must be 10000.00 or less" });
    expect(parseMoney("", "Price")).toEqual({ error: "Price is required" });
    expect(parseMoney("", "Original price", true)).toEqual({ value: null });
  });

  it("reads specification rows as Name: Value lines", () => {
    expect(parseSpecifications("Battery: 850 mAh\n\n Coil : 1.2 Ω mesh: dual\n")).toEqual({
      value: [{ name: "Battery", value: "850 mAh" }, { name: "Coil", value: "1.2 Ω mesh: dual" }],
    });
    expect(parseSpecifications("Battery 850 mAh")).toEqual({ error: "Write each row as Name: Value (line 1 is not)" });
    expect(parseSpecifications("Battery:")).toEqual({ error: "Write each row as Name: Value (line 1 is not)" });
  });

  it("moves and removes images only within the list, and reads the buttons' intents", () => {
    expect(applyImageIntent(["a", "b", "c"], "up", 1)).toEqual(["b", "a", "c"]);
    expect(applyImageIntent(["a", "b", "c"], "down", 1)).toEqual(["a", "c", "b"]);
    expect(applyImageIntent(["a", "b", "c"], "remove", 2)).toEqual(["a", "b"]);
    expect(applyImageIntent(["a", "b"], "up", 0)).toEqual(["a", "b"]);
    expect(applyImageIntent(["a", "b"], "down", 1)).toEqual(["a", "b"]);
    expect(applyImageIntent(["a", "b"], "remove", 7)).toEqual(["a", "b"]);
    expect(parseIntent("image-down-3")).toEqual({ kind: "image", op: "down", index: 3 });
    expect(parseIntent("upload")).toEqual({ kind: "upload" });
    expect(parseIntent("image-up--1")).toEqual({ kind: "save" });
    expect(parseIntent(null)).toEqual({ kind: "save" });
  });

  it("makes slugs from names", () => {
    expect(slugify("Blue Razz Ice!")).toBe("blue-razz-ice");
    expect(slugify("  Crème Brûlée  ")).toBe("creme-brulee");
    expect(slugify("<script>alert(1)</script>")).toBe("script-alert-1-script");
    expect(slugify("!!!")).toBe("");
  });

  it("shows the UK limit messages of the compliance module under the fields that break them", () => {
    const values: FlavourValues = {
      name: "Too Strong", slug: "", description: "x", deviceId: "abc", price: "4.99", sizes: "10\n25", stockStatus: "in_stock",
      nicotineMgMl: "21", podMl: "2.5", bottleMl: "12", images: [],
    };
    const result = checkFlavour(values);
    if (!("errors" in result)) throw new Error("expected errors");
    expect(result.errors.nicotineMgMl).toBe(checkUkLimits({ nicotineMgMl: 21 }).nicotineMgMl);
    expect(result.errors.podMl).toBe(checkUkLimits({ nicotineMgMl: 0, podMl: 2.5 }).podMl);
    expect(result.errors.bottleMl).toBe(checkUkLimits({ nicotineMgMl: 0, bottleMl: 12 }).bottleMl);
    expect(result.errors.sizes).toBe("Nicotine strengths must be whole numbers from 0 to 20 mg (the UK limit is 20 mg/ml)");
  });
});

describeEachDatabase(
  "back-office catalogue",
  (testDb) => {
    const uploadDir = mkdtempSync(join(tmpdir(), "shop-catalog-uploads-"));
    afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));
    let context: (ip?: string) => ShopContext;
    let deviceId: string;
    let deviceSlug: string;
    let pngUrl: string;
    let jpegUrl: string;

    beforeAll(async () => {
      const { db } = testDb();
      context = await createTestContext(testDb(), { env: { UPLOAD_DIR: uploadDir, UPLOAD_MAX_BYTES: "20000" } });
      const now = new Date().toISOString();
      for (const user of [staff, customer]) {
        await db.insertInto("user").values({ id: user.id, name: user.name, email: user.email, emailVerified: 0, createdAt: now, updatedAt: now, role: user.role }).execute();
      }
      const device = await db.selectFrom("products").select(["id", "slug"]).where("slug", "=", "hayati-pro-max-6000").executeTakeFirstOrThrow();
      deviceId = device.id;
      deviceSlug = device.slug;
      const store = async (bytes: Uint8Array<ArrayBuffer>, name: string) => {
        const stored = await storeImage(db, { dir: uploadDir, maxBytes: 20000, uploadedBy: staff.id }, new File([bytes], name));
        if (!stored.ok) throw new Error(stored.message);
        return stored.url;
      };
      pngUrl = await store(PNG, "a.png");
      jpegUrl = await store(JPEG, "b.jpg");
    });

    const flavourValues = (changes: Partial<FlavourValues> = {}): FlavourValues => ({
      name: "Test Mango", slug: "", description: "Ripe mango on ice.", deviceId, price: "4.99", sizes: "0\n10\n20", stockStatus: "in_stock",
      nicotineMgMl: "20", podMl: "2", bottleMl: "", images: [pngUrl], ...changes,
    });
    const deviceValues = (changes: Partial<DeviceValues> = {}): DeviceValues => ({
      name: "Test Pod Kit", slug: "", description: "A small pod kit.", price: "19.99", originalPrice: "24.99", flavors: "Mango\nMint",
      nicotineStrengths: "10\n20", puffCounts: "600", features: "USB-C charging\nLeak-proof pods", detailsDescription: "All the details.",
      specifications: "Battery: 500 mAh\nPod capacity: 2 ml", stockStatus: "low_stock", nicotineMgMl: "20", podMl: "2", rechargeable: "on",
      featured: "", position: "", images: [pngUrl, jpegUrl], ...changes,
    });
    const saved = (result: { status: string; id?: string }) => {
      if (result.status !== "saved" || !result.id) throw new Error(`expected a save, got ${JSON.stringify(result)}`);
      return result.id;
    };
    const counts = async (db: Db) => ({
      products: Number((await db.selectFrom("products").select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow()).n),
      flavours: Number((await db.selectFrom("flavours").select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow()).n),
    });
    const snapshot = async (db: Db) => ({
      ...(await counts(db)),
      version: await readStorefrontVersion(db),
      device: await db.selectFrom("products").selectAll().where("id", "=", deviceId).executeTakeFirstOrThrow(),
      flavours: await db.selectFrom("flavours").selectAll().where("device_id", "=", deviceId).orderBy("id").execute(),
    });
    const formData = (values: Record<string, string | string[]>, extra: Array<[string, string | File]> = []) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(values)) {
        for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
      }
      for (const [name, value] of extra) form.append(name, value);
      return form;
    };
    type Answer = { data: { values: FlavourValues; errors: Record<string, string>; notice: string | null; formError: string | null }; init: { status: number } };

    it("refuses every catalogue write from a customer or a signed-out visitor, changing nothing", async () => {
      const { db } = testDb();
      const before = await snapshot(db);
      const flavourId = before.flavours[0]!.id;
      for (const actor of [customer, null]) {
        await expect(saveDevice(db, actor, null, deviceValues())).rejects.toBeInstanceOf(StaffOnlyError);
        await expect(saveDevice(db, actor, deviceId, deviceValues())).rejects.toBeInstanceOf(StaffOnlyError);
        await expect(setDeviceArchived(db, actor, deviceId, true)).rejects.toBeInstanceOf(StaffOnlyError);
        await expect(saveFlavour(db, actor, null, flavourValues())).rejects.toBeInstanceOf(StaffOnlyError);
        await expect(saveFlavour(db, actor, flavourId, flavourValues())).rejects.toBeInstanceOf(StaffOnlyError);
        await expect(setFlavourArchived(db, actor, flavourId, true)).rejects.toBeInstanceOf(StaffOnlyError);
        await expect(flavourFormAction(context(), actor as SessionUser, null, formData({ ...flavourValues() }))).rejects.toBeInstanceOf(StaffOnlyError);
      }
      expect(await snapshot(db)).toEqual(before);
    });

    it("guards every page (404) and action (403) for visitors and customers; staff create a flavour with an uploaded image that the shop shows at once", async () => {
      const { db } = testDb();
      const signUpValues = (firstName: string, email: string) => ({ firstName, lastName: "Lee", email, password: "correct horse battery", dateOfBirth: "1990-05-05", terms: "on" });
      const shopper = await signUp(context("192.0.2.20"), requestWith(), signUpValues("Pat", "pat-catalog@example.com"));
      const member = await signUp(context("192.0.2.21"), requestWith(), signUpValues("Kim", "kim-catalog@example.com"));
      if (!shopper.ok || !member.ok) throw new Error("sign-up failed");
      await db.updateTable("user").set({ role: "staff" }).where("email", "=", "kim-catalog@example.com").execute();
      const customerCookie = cookieHeader(shopper.headers);
      const staffCookie = cookieHeader(member.headers);
      const flavourId = (await db.selectFrom("flavours").select("id").where("device_id", "=", deviceId).executeTakeFirstOrThrow()).id;
      const args = (request: Request, params: Record<string, string> = {}) => ({ request, context: context(), params, unstable_pattern: "", matches: [] }) as never;
      const post = (cookie: string, url: string, body: FormData) =>
        new Request(url, { method: "POST", headers: cookie ? { cookie, origin: "http://shop.test" } : { origin: "http://shop.test" }, body });
      const status = (error: unknown) => (error as { init?: { status?: number } }).init?.status;
      const pages: Array<[(a: never) => Promise<unknown>, string, Record<string, string>]> = [
        [productsLoader, "/admin/products", {}],
        [productNewLoader, "/admin/products/new", {}],
        [productLoader, `/admin/products/${deviceId}`, { id: deviceId }],
        [flavoursLoader, "/admin/flavours", {}],
        [flavourNewLoader, "/admin/flavours/new", {}],
        [flavourLoader, `/admin/flavours/${flavourId}`, { id: flavourId }],
      ];
      const actions: Array<[(a: never) => Promise<unknown>, string, Record<string, string>, FormData]> = [
        [productNewAction, "/admin/products/new", {}, formData({ ...deviceValues() })],
        [productAction, `/admin/products/${deviceId}`, { id: deviceId }, formData({ intent: "archive" })],
        [productAction, `/admin/products/${deviceId}`, { id: deviceId }, formData({ ...deviceValues() })],
        [flavourNewAction, "/admin/flavours/new", {}, formData({ ...flavourValues() })],
        [flavourAction, `/admin/flavours/${flavourId}`, { id: flavourId }, formData({ intent: "archive" })],
        [flavourAction, `/admin/flavours/${flavourId}`, { id: flavourId }, formData({ ...flavourValues() })],
      ];
      const before = await snapshot(db);
      for (const cookie of ["", customerCookie]) {
        for (const [loader, path, params] of pages) {
          await expect(loader(args(requestWith(cookie, `http://shop.test${path}`), params))).rejects.toSatisfy((e) => status(e) === 404);
        }
        for (const [action, path, params, body] of actions) {
          await expect(action(args(post(cookie, `http://shop.test${path}`, body), params))).rejects.toSatisfy((e) => status(e) === 403);
        }
      }
      expect(await snapshot(db)).toEqual(before);

      // Staff: the flavour form with a freshly uploaded image (never uploaded before in this suite).
      const photo = Uint8Array.from([...JPEG, 1, 2, 3, 4]);
      const { images: _none, ...fields } = flavourValues({ name: "Journey Lime" });
      const body = formData({ ...fields, intent: "save" }, [["image", new File([photo], "../../lime photo.jpg", { type: "image/jpeg" })]]);
      const response = (await flavourNewAction(args(post(staffCookie, "http://shop.test/admin/flavours/new", body)))) as Response;
      expect(response.status).toBe(302);
      const location = response.headers.get("location")!;
      expect(location).toMatch(/^\/admin\/flavours\/[a-z0-9]{12}\?notice=created$/);
      const id = location.split("/").pop()!.split("?")[0]!;
      const page = (await flavourLoader(args(requestWith(staffCookie, `http://shop.test${location}`), { id }))) as { notice: string; flavour: { values: FlavourValues } };
      expect(page.notice).toBe("Flavour created.");
      const [image] = page.flavour.values.images;
      expect(image).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg$/);
      expect(existsSync(join(uploadDir, image!.slice("/uploads/".length)))).toBe(true);
      expect(await getFlavour(db, id)).toMatchObject({ name: "Journey Lime", priceCents: 499, sizes: [0, 10, 20], images: [image], deviceSlug });
      expect((await listFlavourCards(db, { deviceSlug })).find((c) => c.id === id)).toMatchObject({ name: "Journey Lime", image, priceCents: 499 });
      expect(await readStorefrontVersion(db)).toBe(before.version + 1);
    });

    it("creates a device with every field; the shop shows it at once", async () => {
      const { db } = testDb();
      const version = await readStorefrontVersion(db);
      const id = saved(await saveDevice(db, staff, null, deviceValues()));
      expect(await readStorefrontVersion(db)).toBe(version + 1);
      expect(await getDevice(db, id)).toMatchObject({
        slug: "test-pod-kit", name: "Test Pod Kit", description: "A small pod kit.", images: [pngUrl, jpegUrl], priceCents: 1999, originalPriceCents: 2499,
        flavors: ["Mango", "Mint"], nicotineStrengths: [10, 20], puffCounts: [600], features: ["USB-C charging", "Leak-proof pods"],
        details: { description: "All the details.", specifications: [{ name: "Battery", value: "500 mAh" }, { name: "Pod capacity", value: "2 ml" }] },
        stockStatus: "low_stock", nicotineMgMl: 20, podMl: 2, rechargeable: true,
      });
      const row = await db.selectFrom("products").select(["position", "featured", "archived"]).where("id", "=", id).executeTakeFirstOrThrow();
      const highest = await db.selectFrom("products").select((eb) => eb.fn.max("position").as("max")).where("id", "!=", id).executeTakeFirstOrThrow();
      expect(row).toEqual({ position: Number(highest.max) + 1, featured: 0, archived: 0 });
      // The edit page shows what was saved, the way it was typed.
      const editor = await getDeviceEditor(db, id);
      expect(editor?.values).toMatchObject({ price: "19.99", originalPrice: "24.99", flavors: "Mango\nMint", specifications: "Battery: 500 mAh\nPod capacity: 2 ml", rechargeable: "on", featured: "" });
    });

    it("refuses entries above the UK limits with the message under the field, saving nothing", async () => {
      const { db } = testDb();
      const before = await snapshot(db);
      const cases: Array<[Partial<FlavourValues>, string, string]> = [
        [{ nicotineMgMl: "20.5" }, "nicotineMgMl", "Nicotine strength must be 20 mg/ml or less in the UK"],
        [{ podMl: "3" }, "podMl", "A pod or tank must hold more than 0 ml and no more than 2 ml in the UK"],
        [{ podMl: "", bottleMl: "20" }, "bottleMl", "A refill bottle must hold more than 0 ml and no more than 10 ml in the UK"],
        [{ sizes: "10\n30" }, "sizes", "Nicotine strengths must be whole numbers from 0 to 20 mg (the UK limit is 20 mg/ml)"],
      ];
      for (const [changes, field, message] of cases) {
        expect(await saveFlavour(db, staff, null, flavourValues(changes))).toEqual({ status: "invalid", errors: { [field]: message } });
      }
      const deviceCases: Array<[Partial<DeviceValues>, string, string]> = [
        [{ nicotineMgMl: "50" }, "nicotineMgMl", "Nicotine strength must be 20 mg/ml or less in the UK"],
        [{ podMl: "10" }, "podMl", "A pod or tank must hold more than 0 ml and no more than 2 ml in the UK"],
        [{ nicotineStrengths: "20\n40" }, "nicotineStrengths", "Nicotine strengths must be whole numbers from 0 to 20 mg (the UK limit is 20 mg/ml)"],
      ];
      for (const [changes, field, message] of deviceCases) {
        expect(await saveDevice(db, staff, deviceId, deviceValues(changes))).toEqual({ status: "invalid", errors: { [field]: message } });
      }
      expect(await snapshot(db)).toEqual(before);
    });

    it("refuses bad prices and other bad fields with messages, keeping what was typed", async () => {
      const { db } = testDb();
      const before = await snapshot(db);
      expect(await saveFlavour(db, staff, null, flavourValues({ name: " ", price: "-2", sizes: "", stockStatus: "sold" }))).toEqual({
        status: "invalid",
        errors: {
          name: "Name is required",
          price: "Price cannot be negative",
          sizes: "Enter at least one nicotine strength",
          stockStatus: "Choose a stock status from the list",
        },
      });
      expect(await saveDevice(db, staff, null, deviceValues({ price: "12.345", originalPrice: "9.99", flavors: "", specifications: "Battery" }))).toMatchObject({
        status: "invalid",
        errors: { price: "Price can have at most 2 decimal places", flavors: "Enter at least one flavour", specifications: "Write each row as Name: Value (line 1 is not)" },
      });
      expect(await saveDevice(db, staff, null, deviceValues({ price: "20.00", originalPrice: "19.99" }))).toEqual({
        status: "invalid",
        errors: { originalPrice: "Original price must be higher than the price (leave it empty when there is no reduction)" },
      });
      // Through the form: the answer keeps every field as typed, with the message under the field.
      const { images, ...fields } = flavourValues({ name: "Typed Name", price: "99999" });
      const answer = (await flavourFormAction(context(), staff, null, formData({ ...fields, images }))) as unknown as Answer;
      expect(answer.init.status).toBe(400);
      expect(answer.data.errors).toEqual({ price: "Price must be 10000.00 or less" });
      expect(answer.data.formError).toBe(catalogMessages.invalid);
      expect(answer.data.values).toMatchObject({ name: "Typed Name", price: "99999", sizes: "0\n10\n20", images: [pngUrl] });
      expect(await snapshot(db)).toEqual(before);
    });

    it("makes a free slug from the name and refuses a slug another item uses", async () => {
      const { db } = testDb();
      const first = saved(await saveFlavour(db, staff, null, flavourValues({ name: "Slug Test" })));
      const second = saved(await saveFlavour(db, staff, null, flavourValues({ name: "Slug Test" })));
      const slugs = await db.selectFrom("flavours").select(["id", "slug"]).where("id", "in", [first, second]).execute();
      expect(Object.fromEntries(slugs.map((s) => [s.id, s.slug]))).toEqual({ [first]: "slug-test", [second]: "slug-test-2" });
      const before = await snapshot(db);
      expect(await saveFlavour(db, staff, null, flavourValues({ slug: "slug-test" }))).toEqual({ status: "invalid", errors: { slug: catalogMessages.slugTaken.flavour } });
      expect(await saveFlavour(db, staff, second, flavourValues({ slug: "Slug-Test" }))).toEqual({ status: "invalid", errors: { slug: catalogMessages.slugTaken.flavour } });
      expect(await saveDevice(db, staff, null, deviceValues({ slug: deviceSlug }))).toEqual({ status: "invalid", errors: { slug: catalogMessages.slugTaken.device } });
      expect(await saveFlavour(db, staff, null, flavourValues({ slug: "../etc/passwd" }))).toEqual({
        status: "invalid",
        errors: { slug: "Use lowercase letters, digits and single hyphens only, such as blue-razz-ice" },
      });
      expect(await snapshot(db)).toEqual(before);
      // An item keeps its own slug when saved again.
      expect(await saveFlavour(db, staff, first, flavourValues({ name: "Slug Test", slug: "slug-test", price: "5.25" }))).toEqual({ status: "saved", id: first });
    });

    it("accepts only this item's own images and images uploaded here, and at least one", async () => {
      const { db } = testDb();
      const seeded = await db.selectFrom("flavours").select(["id", "images"]).where("device_id", "=", deviceId).orderBy("slug").executeTakeFirstOrThrow();
      const own: string[] = JSON.parse(seeded.images);
      const other = await db.selectFrom("flavours").select("images").where("id", "!=", seeded.id).where("images", "like", "%/images/catalog/%").orderBy("slug", "desc").executeTakeFirstOrThrow();
      const before = await snapshot(db);
      for (const images of [
        ["https://evil.example/x.png"],
        ["javascript:alert(1)"],
        ["/uploads/../../etc/passwd"],
        [`/uploads/${"0".repeat(32)}.png`], // the right shape, but never uploaded
        [JSON.parse(other.images)[0]], // another item's image
      ]) {
        expect(await saveFlavour(db, staff, seeded.id, flavourValues({ images }))).toEqual({ status: "invalid", errors: { images: catalogMessages.imageUnknown } });
      }
      expect(await saveFlavour(db, staff, null, flavourValues({ images: [] }))).toEqual({ status: "invalid", errors: { images: catalogMessages.imageRequired } });
      expect(await snapshot(db)).toEqual(before);

      // Its own images, reordered, plus an upload: saved in that order (the first is the card image).
      const order = [pngUrl, ...own.slice().reverse()];
      expect(await saveFlavour(db, staff, seeded.id, flavourValues({ images: order }))).toEqual({ status: "saved", id: seeded.id });
      expect((await getFlavour(db, seeded.id))?.images).toEqual(order);
      const card = (await listFlavourCards(db, { deviceSlug })).find((c) => c.id === seeded.id);
      expect(card?.image).toBe(pngUrl);
    });

    it("uploads, moves and removes images through the form without saving until the save button, and refuses non-images", async () => {
      const { db } = testDb();
      const id = saved(await saveFlavour(db, staff, null, flavourValues({ name: "Image Order", images: [pngUrl, jpegUrl] })));
      const before = await snapshot(db);
      const { images: _images, ...fields } = flavourValues({ name: "Image Order" });
      const submit = (intent: string, images: string[], file?: File) =>
        flavourFormAction(context(), staff, id, formData({ ...fields, intent, images }, file ? [["image", file]] : [])) as unknown as Promise<Answer>;

      const moved = await submit("image-up-1", [pngUrl, jpegUrl]);
      expect(moved.data.values.images).toEqual([jpegUrl, pngUrl]);
      expect(moved.data.notice).toBe(catalogMessages.imagesPending);
      const removed = await submit("image-remove-0", [pngUrl, jpegUrl]);
      expect(removed.data.values.images).toEqual([jpegUrl]);

      const webp = new TextEncoder().encode("RIFF\u0010\u0000\u0000\u0000WEBPVP8 image");
      const uploaded = await submit("upload", [pngUrl], new File([webp], "photo.gif"));
      expect(uploaded.data.errors).toEqual({});
      expect(uploaded.data.values.images).toEqual([pngUrl, expect.stringMatching(/^\/uploads\/[a-f0-9]{32}\.webp$/)]);

      const fake = await submit("save", [pngUrl], new File(["<script>alert(1)</script>"], "photo.png", { type: "image/png" }));
      expect(fake.init.status).toBe(400);
      expect(fake.data.errors).toEqual({ image: uploadMessages.notImage });
      const huge = await submit("save", [pngUrl], new File([new Uint8Array(30_000).fill(0xff)], "big.jpg"));
      expect(huge.data.errors).toEqual({ image: "That image is larger than 20 KB. Upload a smaller one." });
      const missing = await submit("upload", [pngUrl]);
      expect(missing.data.errors).toEqual({ image: uploadMessages.missing });
      expect(await snapshot(db)).toEqual(before);
      expect((await getFlavour(db, id))?.images).toEqual([pngUrl, jpegUrl]);

      // The save button keeps the list as shown, with the attached image added at the end.
      const done = (await flavourFormAction(context(), staff, id, formData({ ...fields, intent: "save", images: [jpegUrl] }, [["image", new File([webp], "x.webp")]]))) as Response;
      expect(done.headers.get("location")).toBe(`/admin/flavours/${id}?notice=saved`);
      expect((await getFlavour(db, id))?.images).toEqual([jpegUrl, uploaded.data.values.images[1]]);
    });

    it("stores HTML typed by staff as text, exactly as typed", async () => {
      const { db } = testDb();
      const name = `<script>alert("x")</script> & <b>bold</b>`;
      const id = saved(await saveFlavour(db, staff, null, flavourValues({ name, description: "<img src=x onerror=alert(1)>" })));
      expect(await getFlavour(db, id)).toMatchObject({ name, description: "<img src=x onerror=alert(1)>", slug: "script-alert-x-script-b-bold-b" });
      const deviceId2 = saved(await saveDevice(db, staff, null, deviceValues({ name, features: "<script>1</script>", specifications: "<b>Key</b>: <i>value</i>" })));
      expect(await getDevice(db, deviceId2)).toMatchObject({ name, features: ["<script>1</script>"], details: { specifications: [{ name: "<b>Key</b>", value: "<i>value</i>" }] } });
    });

    it("archives and restores: hidden from the shop at once, a device's flavours with it", async () => {
      const { db } = testDb();
      const flavourId = saved(await saveFlavour(db, staff, null, flavourValues({ name: "Archive Me" })));
      const ownDevice = saved(await saveDevice(db, staff, null, deviceValues({ name: "Archive Device" })));
      const onIt = saved(await saveFlavour(db, staff, null, flavourValues({ name: "On Archived Device", deviceId: ownDevice })));
      let version = await readStorefrontVersion(db);

      expect(await setFlavourArchived(db, staff, flavourId, true)).toBe(true);
      expect(await readStorefrontVersion(db)).toBe(++version);
      expect(await getFlavour(db, flavourId)).toBeNull();
      expect((await getFlavourEditor(db, flavourId))?.archived).toBe(true);
      expect(await setFlavourArchived(db, staff, flavourId, false)).toBe(true);
      expect(await getFlavour(db, flavourId)).not.toBeNull();

      expect(await setDeviceArchived(db, staff, ownDevice, true)).toBe(true);
      expect(await getDevice(db, ownDevice)).toBeNull();
      expect(await getFlavour(db, onIt)).toBeNull();
      // A new flavour cannot go on an archived device; one already on it may be saved as it is.
      expect(await saveFlavour(db, staff, null, flavourValues({ deviceId: ownDevice }))).toEqual({ status: "invalid", errors: { deviceId: catalogMessages.deviceUnknown } });
      expect(await saveFlavour(db, staff, null, flavourValues({ deviceId: "no-such-device" }))).toEqual({ status: "invalid", errors: { deviceId: catalogMessages.deviceUnknown } });
      expect(await saveFlavour(db, staff, onIt, flavourValues({ name: "On Archived Device", deviceId: ownDevice }))).toEqual({ status: "saved", id: onIt });
      expect(await setDeviceArchived(db, staff, ownDevice, false)).toBe(true);
      expect(await getFlavour(db, onIt)).toMatchObject({ deviceId: ownDevice });

      expect(await setFlavourArchived(db, staff, "no-such-flavour", true)).toBe(false);
      expect(await saveDevice(db, staff, "no-such-device", deviceValues())).toEqual({ status: "not-found" });
    });

    it("saves an edited device, keeping its images and changing what the shop shows", async () => {
      const { db } = testDb();
      const editor = await getDeviceEditor(db, deviceId);
      if (!editor) throw new Error("device missing");
      const values = { ...editor.values, price: "11.50", originalPrice: "", puffCounts: "", stockStatus: "out_of_stock" };
      expect(await saveDevice(db, staff, deviceId, values)).toEqual({ status: "saved", id: deviceId });
      const device = await getDevice(db, deviceId);
      expect(device).toMatchObject({ priceCents: 1150, originalPriceCents: null, puffCounts: [], stockStatus: "out_of_stock", images: editor.values.images, slug: deviceSlug });
      const after = await getDeviceEditor(db, deviceId);
      expect(after?.values).toEqual(values);
      expect(after!.updatedAt > editor.updatedAt).toBe(true);
    });

    it("lists devices and flavours: search by name or slug, All / Active / Archived, sorting and pages", async () => {
      const { db } = testDb();
      const params = { q: "", sort: "name" as const, dir: "asc" as const, rawPage: null, show: "all" as const };
      const all = await listCatalogItems(db, "flavour", params);
      expect(all.items).toHaveLength(20);
      expect(all.totalPages).toBe(Math.ceil(all.total / 20));
      const last = await listCatalogItems(db, "flavour", { ...params, rawPage: "999" });
      expect(last.page).toBe(all.totalPages);

      const hidden = saved(await saveFlavour(db, staff, null, flavourValues({ name: "Zz Hidden 100%_match" })));
      await setFlavourArchived(db, staff, hidden, true);
      const search = await listCatalogItems(db, "flavour", { ...params, q: "100%_" });
      expect(search.items.map((i) => [i.id, i.archived, i.device?.name])).toEqual([[hidden, true, "Hayati Pro Max 6000"]]);
      expect((await listCatalogItems(db, "flavour", { ...params, q: "zz-hidden", show: "archived" })).items.map((i) => i.id)).toEqual([hidden]);
      expect((await listCatalogItems(db, "flavour", { ...params, q: "zz hidden", show: "active" })).total).toBe(0);
      expect((await listCatalogItems(db, "flavour", { ...params, show: "archived" })).items.every((i) => i.archived)).toBe(true);

      const byPrice = await listCatalogItems(db, "device", { ...params, sort: "price", dir: "desc" });
      const prices = byPrice.items.map((i) => i.priceCents);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
      const byUpdated = await listCatalogItems(db, "device", { ...params, sort: "updated", dir: "desc" });
      expect(byUpdated.items[0]!.updatedAt >= byUpdated.items[byUpdated.items.length - 1]!.updatedAt).toBe(true);
      const byStock = await listCatalogItems(db, "device", { ...params, sort: "stock", dir: "asc" });
      expect(byStock.items.map((i) => i.stockStatus)).toEqual([...byStock.items.map((i) => i.stockStatus)].sort());
    });

    it("keeps what the device form's own action was sent, and creates through it with a redirect", async () => {
      const { db } = testDb();
      const { images, ...fields } = deviceValues({ name: "Form Device" });
      const done = (await deviceFormAction(context(), staff, null, formData({ ...fields, images, intent: "save" }))) as Response;
      expect(done.status).toBe(302);
      const id = done.headers.get("location")!.match(/^\/admin\/products\/([a-z0-9]{12})\?notice=created$/)?.[1];
      expect(id).toBeTruthy();
      expect((await getDevice(db, id!))?.name).toBe("Form Device");
    });
  },
  { seed: true },
);

// The shared set-up of the back-office catalogue tests: staff and customer users, two uploaded images, form values.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { readStorefrontVersion } from "~/db/content-version.server";
import type { Db } from "~/db/database.server";
import type { TestDatabase } from "~/db/testing/test-database";
import type { ShopContext } from "~/context";
import type { SessionUser } from "~/modules/accounts/accounts";
import { provedSecondFactor, signUpConfirmed } from "~/testing/accounts";
import { cookieHeader, createTestContext } from "~/testing/test-context";
import type { DeviceValues, FlavourValues } from "../catalog-admin";
import { storeImage } from "../uploads.service.server";
import { JPEG, PNG } from "./test-images";

export { JPEG, PNG };

const person = (id: string, role: "staff" | "customer"): SessionUser => ({
  id,
  name: id,
  email: `${id}@example.com`,
  firstName: id,
  lastName: "Lee",
  dateOfBirth: "1990-01-01",
  role,
  authProvider: "email",
  ...(role === "staff" ? { staffRoles: ["owner" as const] } : {}),
});
export const staff = person("staff-sam", "staff");
export const customer = person("customer-cat", "customer");

/** Registers the set-up (call inside describeEachDatabase); ids and image addresses are filled in before the tests run. */
export function useCatalogFixture(testDb: () => TestDatabase) {
  const fx = {
    uploadDir: mkdtempSync(join(tmpdir(), "shop-catalog-uploads-")),
    deviceId: "",
    deviceSlug: "",
    pngUrl: "",
    jpegUrl: "",
  };
  afterAll(() => rmSync(fx.uploadDir, { recursive: true, force: true }));
  let context: (ip?: string) => ShopContext;

  beforeAll(async () => {
    const { db } = testDb();
    context = await createTestContext(testDb(), { env: { UPLOAD_DIR: fx.uploadDir, UPLOAD_MAX_BYTES: "20000" } });
    const now = new Date().toISOString();
    for (const user of [staff, customer]) {
      await db
        .insertInto("user")
        .values({
          id: user.id,
          name: user.name,
          email: user.email,
          emailVerified: 0,
          createdAt: now,
          updatedAt: now,
          role: user.role,
        })
        .execute();
    }
    const device = await db
      .selectFrom("devices")
      .select(["id", "slug"])
      .where("slug", "=", "hayati-pro-max-6000")
      .executeTakeFirstOrThrow();
    fx.deviceId = device.id;
    fx.deviceSlug = device.slug;
    const store = async (bytes: Uint8Array<ArrayBuffer>, name: string) => {
      const stored = await storeImage(
        db,
        { dir: fx.uploadDir, maxBytes: 20000, uploadedBy: staff.id },
        new File([bytes], name),
      );
      if (!stored.ok) throw new Error(stored.message);
      return stored.url;
    };
    fx.pngUrl = await store(PNG, "a.png");
    fx.jpegUrl = await store(JPEG, "b.jpg");
  });

  const flavourValues = (changes: Partial<FlavourValues> = {}): FlavourValues => ({
    name: "Test Mango",
    slug: "",
    description: "Ripe mango on ice.",
    deviceId: fx.deviceId,
    price: "4.99",
    sizes: "0\n10\n20",
    nicotineMgMl: "20",
    podMl: "2",
    bottleMl: "",
    mhraEcid: "12345-22-67890",
    images: [fx.pngUrl],
    ...changes,
  });
  const deviceValues = (changes: Partial<DeviceValues> = {}): DeviceValues => ({
    name: "Test Pod Kit",
    slug: "",
    description: "A small pod kit.",
    price: "19.99",
    originalPrice: "",
    flavours: "Mango\nMint",
    nicotineStrengths: "10\n20",
    puffCounts: "600",
    features: "USB-C charging\nLeak-proof pods",
    detailsDescription: "All the details.",
    specifications: "Battery: 500 mAh\nPod capacity: 2 ml",
    nicotineMgMl: "20",
    podMl: "2",
    rechargeable: "yes",
    refill: "pods",
    featured: "",
    position: "",
    images: [fx.pngUrl, fx.jpegUrl],
    mhraEcid: "12345-22-67891",
    ...changes,
  });
  const saved = (result: { ok: boolean; id?: string }) => {
    if (!result.ok || !result.id) throw new Error(`expected a save, got ${JSON.stringify(result)}`);
    return result.id;
  };
  const counts = async (db: Db) => ({
    products: Number(
      (
        await db
          .selectFrom("devices")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    flavours: Number(
      (
        await db
          .selectFrom("flavours")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });
  const snapshot = async (db: Db) => ({
    ...(await counts(db)),
    version: await readStorefrontVersion(db),
    device: await db.selectFrom("devices").selectAll().where("id", "=", fx.deviceId).executeTakeFirstOrThrow(),
    flavours: await db.selectFrom("flavours").selectAll().where("device_id", "=", fx.deviceId).orderBy("id").execute(),
  });
  const formData = (values: Record<string, string | string[]>, extra: Array<[string, string | File]> = []) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) {
      for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
    }
    for (const [name, value] of extra) form.append(name, value);
    return form;
  };
  /**
   * The session cookie of someone who signs up now (the pages' tests), staff with two-factor proved if asked, with
   * these staff roles ("owner,packer"; an owner unless given).
   */
  const signedUpCookie = async (
    email: string,
    ip: string,
    role: "customer" | "staff" = "customer",
    staffRoles = "owner",
  ) => {
    const values = { firstName: "Kim", lastName: "Lee", email, password: "correct horse battery" };
    const result = await signUpConfirmed(context(ip), { ...values, dateOfBirth: "1990-05-05", terms: "on" });
    if (!result.ok) throw new Error(`sign-up failed: ${result.message}`);
    const cookie = cookieHeader(result.headers);
    if (role === "customer") return cookie;
    await testDb().db.updateTable("user").set({ role: "staff", staffRoles }).where("email", "=", email).execute();
    return provedSecondFactor(testDb().db, cookie);
  };
  return {
    fx,
    context: (ip?: string) => context(ip),
    signedUpCookie,
    flavourValues,
    deviceValues,
    saved,
    snapshot,
    formData,
  };
}

// The shared set-up of the backup and database copy tests: a seeded shop with a shopper and her address, a flavour
// with plenty of stock to order, an UPLOAD_DIR with two files, and empty databases to restore or copy into.
import { mkdtempSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import type { Db } from "~/db/database.server";
import { createEmptyDatabase, type EmptyDatabase, type TestDatabase } from "~/db/testing/test-database";
import { firstSizeInStock, setItemStock } from "~/db/testing/variant-stock";
import { taxIncluded } from "~/lib/pricing";
import { insertUsers, shopper } from "~/modules/admin/orders/testing/orders-fixture";
import { addToCart } from "~/modules/cart/cart.service.server";
import { saveAddress } from "~/modules/checkout/addresses.service.server";
import { chooseShipping } from "~/modules/checkout/checkout.service.server";
import { placeOrder } from "~/modules/checkout/place-order.service.server";

export const rita = shopper("rita");
const address = {
  recipient: "Rita Moss",
  line1: "4 Quay Street",
  line2: "",
  town: "Bristol",
  postcode: "BS1 4DJ",
  phone: "07700 900321",
  title: "",
  type: "HOME",
};
const other = (kind: "sqlite" | "postgres"): "sqlite" | "postgres" => (kind === "sqlite" ? "postgres" : "sqlite");
/** The kinds of database to restore or copy into: the suite's own and, with PostgreSQL to hand, the other. */
export const kinds = (kind: "sqlite" | "postgres"): Array<"sqlite" | "postgres"> =>
  process.env.TEST_DATABASE_URL ? [kind, other(kind)] : ["sqlite"];

/**
 * Registers the set-up (call inside a seeded describeEachDatabase): `dir` is a folder of the suite's own, removed
 * afterwards with every target database; `uploads` (in it) holds ab/pod.webp and logo.png once the tests run.
 */
export function useBackupsFixture(testDb: () => TestDatabase) {
  const dir = mkdtempSync(join(tmpdir(), "shop-backups-"));
  const uploads = join(dir, "uploads");
  let flavour: { id: string; size: number };
  const options = (outDir: string) => ({
    databaseUrl: testDb().url,
    uploadDir: uploads,
    outDir,
    keepDays: 30,
    shopVersion: "0.1.0-test",
  });
  const targets: EmptyDatabase[] = [];
  const emptyTarget = async (kind: "sqlite" | "postgres") => {
    const target = await createEmptyDatabase(kind);
    targets.push(target);
    return target;
  };

  beforeAll(async () => {
    const { db } = testDb();
    await mkdir(join(uploads, "ab"), { recursive: true });
    await writeFile(join(uploads, "ab", "pod.webp"), Buffer.from("RIFF0000WEBPVP8 fake image bytes"));
    await writeFile(join(uploads, "logo.png"), Buffer.alloc(70_000, 7));
    await insertUsers(db, [rita]);
    const saved = await saveAddress(db, rita.id, null, address, true);
    expect(saved.ok).toBe(true);
    const row = await db
      .selectFrom("flavours")
      .select(["id", "sizes"])
      .where(firstSizeInStock(1))
      .orderBy("slug")
      .executeTakeFirstOrThrow();
    flavour = { id: row.id, size: (JSON.parse(row.sizes) as number[])[0]! };
    await setItemStock(db, "flavour", flavour.id, 10_000);
  });
  afterAll(async () => {
    for (const target of targets) await target.drop();
    await rm(dir, { recursive: true, force: true });
  });

  /** One order placed through the checkout, as a shopper places it. */
  async function order(db: Db, n: number) {
    const line = { kind: "flavour" as const, itemId: flavour.id, flavour: "", nicotineStrength: flavour.size };
    expect(await addToCart(db, rita.id, { ...line, puffCount: null, quantity: 1 + (n % 3) })).toEqual({ ok: true });
    expect(await chooseShipping(db, rita.id, "free", null)).toEqual({ ok: true });
    const placed = await placeOrder(db, rita.id, `key-backup-order-${String(n).padStart(6, "0")}`, taxIncluded(20));
    if (!placed.ok) throw new Error(placed.message);
  }

  return { dir, uploads, options, emptyTarget, order };
}

// Issue 63 in the catalogue's back office: who may do what (permissions.ts), and the audit log's entry of each change,
// written with the change or not at all.
import { expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { SessionUser } from "~/modules/accounts/accounts";
import { StaffOnlyError } from "~/modules/accounts/staff";
import { loadMhraList } from "~/modules/compliance/mhra-list.service.server";
import { listItemVariants } from "~/modules/catalog/variants.service.server";
import { adjustStock } from "~/modules/stock/stock.service.server";
import { loader as csvLoader } from "~/routes/admin/catalogue-csv";
import { action as importAction, loader as importLoader } from "~/routes/admin/catalogue-import";
import { action as itemAction, loader as itemLoader } from "~/routes/admin/catalog-item";
import { action as itemNewAction, loader as itemNewLoader } from "~/routes/admin/catalog-item-new";
import { action as itemsAction, loader as itemsLoader } from "~/routes/admin/catalog-items";
import { action as mhraAction, loader as mhraLoader } from "~/routes/admin/mhra";
import { action as uploadAction } from "~/routes/admin/upload";
import { requestWith } from "~/testing/test-context";
import type { FlavourValues } from "./catalog-admin";
import { saveItem } from "./catalog-admin.service.server";
import { exportCatalogue } from "./csv/catalog-export.service.server";
import { importCatalogue } from "./csv/catalog-import.service.server";
import type { StockPanelData } from "./stock-admin.action.server";
import { JPEG, staff, useCatalogFixture } from "./testing/catalog-fixture";
import { gridFields, gridName, gridValuesOf, type VariantGridValues } from "./variant-grid";
import { saveVariantGrid } from "./variant-grid.service.server";
import { answerOf } from "~/testing/route-answer";

const packer: SessionUser = { ...staff, id: "staff-pia", staffRoles: ["packer"] };

/** The audit log's entries of an action, oldest first, with their details read. */
const entries = async (db: Db, action: string) =>
  (await db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("at").orderBy("id").execute()).map(
    (e) => ({ ...e, details: e.details ? (JSON.parse(e.details) as Record<string, unknown>) : null }),
  );

describeEachDatabase(
  "the catalogue's back office: staff roles and the audit log",
  (testDb) => {
    const { context, flavourValues, snapshot, formData, signedUpCookie, saved } = useCatalogFixture(testDb);
    const args = (request: Request, params: Record<string, string> = {}) =>
      ({ request, context: context(), params, unstable_pattern: "", matches: [] }) as never;
    const post = (cookie: string, path: string, body: FormData) =>
      new Request(`http://shop.test${path}`, { method: "POST", headers: { cookie, origin: "http://shop.test" }, body });
    const get = (cookie: string, path: string) => requestWith(cookie, `http://shop.test${path}`);
    const flavourPage = async (cookie: string, id: string) =>
      (await itemLoader(args(get(cookie, `/admin/flavours/${id}`), { id }))) as {
        item: { values: FlavourValues };
        stock: StockPanelData;
        pricesLocked: boolean;
      };
    const itemForm = (values: FlavourValues, intent = "save") => {
      const { images, ...fields } = values;
      return formData({ ...fields, images, intent });
    };
    const gridPost = (rows: VariantGridValues[]) =>
      formData({
        intent: "save-variants",
        variant: rows.map((r) => r.id),
        ...Object.fromEntries(rows.flatMap((r) => gridFields.map((f) => [gridName(r.id, f), r[f]]))),
      });
    const flavourRow = (db: Db, id: string) =>
      db.selectFrom("flavours").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const variantsOf = (db: Db, id: string) =>
      db.selectFrom("variants").selectAll().where("item_id", "=", id).orderBy("id").execute();

    it("refuses a packer (403) every catalogue page and form, changes nothing, and logs each refusal", async () => {
      const { db } = testDb();
      const cookie = await signedUpCookie("pia-catalogue@example.com", "192.0.2.60", "staff", "packer");
      const id = saved(await saveItem(db, staff, "flavour", null, flavourValues({ name: "Packer Lime" })));
      const before = { ...(await snapshot(db)), flavour: await flavourRow(db, id), variants: await variantsOf(db, id) };
      const variant = before.variants[0]!;
      const reads: Array<[(a: never) => Promise<unknown>, string, Record<string, string>, string]> = [
        [itemsLoader, "/admin/flavours", {}, "catalogue.edit"],
        [itemNewLoader, "/admin/flavours/new", {}, "catalogue.edit"],
        [itemLoader, `/admin/flavours/${id}`, { id }, "catalogue.edit"],
        [importLoader, "/admin/catalogue-import", {}, "catalogue.edit"],
        [mhraLoader, "/admin/mhra", {}, "catalogue.edit"],
        [csvLoader, "/admin/catalogue.csv", {}, "catalogue.export"],
      ];
      for (const [loader, path, params, permission] of reads) {
        expect((await answerOf(() => loader(args(get(cookie, path), params)))).status, path).toBe(403);
        const [last] = (await entries(db, "permission.refused")).slice(-1);
        expect(last).toMatchObject({
          outcome: "refused",
          entity_id: path,
          actor_id: expect.any(String),
          details: { permission, method: "GET" },
        });
      }
      const path = `/admin/flavours/${id}`;
      const photo = new File([Uint8Array.from([...JPEG, 9, 9])], "p.jpg", { type: "image/jpeg" });
      const csv = new File(["Handle,Title\nx,y\n"], "catalogue.csv", { type: "text/csv" });
      const writes: Array<[(a: never) => Promise<unknown>, string, Record<string, string>, FormData]> = [
        [itemAction, path, { id }, itemForm(flavourValues({ name: "Packer Lime", price: "1.00" }))],
        [itemAction, path, { id }, formData({ intent: "archive" })],
        [
          itemAction,
          path,
          { id },
          formData({ intent: "adjust-stock", variantId: variant.id, reason: "received", change: "5" }),
        ],
        [itemAction, path, { id }, formData({ intent: "save-variants", variant: variant.id })],
        [itemNewAction, "/admin/flavours/new", {}, itemForm(flavourValues({ name: "Packer New" }))],
        [itemsAction, "/admin/flavours", {}, formData({ id })],
        [importAction, "/admin/catalogue-import", {}, formData({}, [["file", csv]])],
        [mhraAction, "/admin/mhra", {}, formData({ intent: "clear" })],
        [uploadAction, "/admin/upload", {}, formData({}, [["image", photo]])],
      ];
      const refusedBefore = (await entries(db, "permission.refused")).length;
      const audited = ["catalogue.item-update", "price.change", "catalogue.item-archive", "stock.adjust"] as const;
      const loggedBefore = await Promise.all(audited.map(async (action) => (await entries(db, action)).length));
      for (const [action, at, params, body] of writes)
        expect((await answerOf(() => action(args(post(cookie, at, body), params)))).status, at).toBe(403);
      expect({
        ...(await snapshot(db)),
        flavour: await flavourRow(db, id),
        variants: await variantsOf(db, id),
      }).toEqual(before);
      const refusals = (await entries(db, "permission.refused")).slice(refusedBefore);
      expect(refusals).toHaveLength(writes.length);
      expect(refusals.every((r) => r.details?.method === "POST" && r.details.permission === "catalogue.edit")).toBe(
        true,
      );
      expect(await Promise.all(audited.map(async (action) => (await entries(db, action)).length))).toEqual(
        loggedBefore,
      );
    });

    it("a packer's crafted call to the services is refused too, and changes nothing", async () => {
      const { db } = testDb();
      const id = saved(await saveItem(db, staff, "flavour", null, flavourValues({ name: "Service Lime" })));
      const before = { flavour: await flavourRow(db, id), variants: await variantsOf(db, id) };
      const variant = before.variants[0]!;
      await expect(saveItem(db, packer, "flavour", id, flavourValues({ price: "0.50" }))).rejects.toBeInstanceOf(
        StaffOnlyError,
      );
      await expect(saveVariantGrid(db, packer, "flavour", id, [])).rejects.toBeInstanceOf(StaffOnlyError);
      await expect(
        adjustStock(
          db,
          packer,
          { kind: "flavour", itemId: id, variantId: variant.id },
          { reason: "received", change: "3" },
        ),
      ).rejects.toBeInstanceOf(StaffOnlyError);
      await expect(exportCatalogue(db, packer)).rejects.toThrow("Owner or Manager");
      await expect(
        importCatalogue(db, packer, "Handle\n", { dryRun: false, appUrl: "http://shop.test" }),
      ).rejects.toBeInstanceOf(StaffOnlyError);
      await expect(loadMhraList(db, packer, "x.csv", "12345-22-00001")).rejects.toBeInstanceOf(StaffOnlyError);
      expect({ flavour: await flavourRow(db, id), variants: await variantsOf(db, id) }).toEqual(before);
      expect((await entries(db, "catalogue.export")).filter((e) => e.actor_id === packer.id)).toEqual([]);
    });

    it("logs an owner's save with the fields before and after and the price change, then archive and restore", async () => {
      const { db } = testDb();
      const cookie = await signedUpCookie("olive-catalogue@example.com", "192.0.2.61", "staff", "owner");
      const created = (await itemNewAction(
        args(post(cookie, "/admin/flavours/new", itemForm(flavourValues({ name: "Audit Lime" })))),
      )) as Response;
      const id = created.headers.get("location")!.split("/").pop()!.split("?")[0]!;
      const [create] = (await entries(db, "catalogue.item-create")).filter((e) => e.entity_id === id);
      expect(create).toMatchObject({
        entity: "flavour",
        actor_kind: "staff",
        actor_name: "Kim Lee <olive-catalogue@example.com>",
        ip: "192.0.2.1",
        details: { name: "Audit Lime", changes: expect.objectContaining({ name: [null, "Audit Lime"] }) },
      });
      const { values } = (await flavourPage(cookie, id)).item;
      const done = await answerOf(() =>
        itemAction(
          args(post(cookie, `/admin/flavours/${id}`, itemForm({ ...values, name: "Audit Lime Ice", price: "5.49" })), {
            id,
          }),
        ),
      );
      expect(done).toMatchObject({ status: 302, location: `/admin/flavours/${id}?notice=saved` });
      expect((await flavourRow(db, id)).price_cents).toBe(549);
      const [update, ...moreUpdates] = (await entries(db, "catalogue.item-update")).filter((e) => e.entity_id === id);
      expect(moreUpdates).toEqual([]);
      expect(update!.details).toEqual({ changes: { name: ["Audit Lime", "Audit Lime Ice"], price: ["499", "549"] } });
      expect((await entries(db, "price.change")).filter((e) => e.entity_id === id).map((e) => e.details)).toEqual([
        { changes: { price: [null, "499"] } },
        { changes: { price: ["499", "549"] } },
      ]);
      // Saved again as it is: no entry (nothing changed).
      await itemAction(
        args(post(cookie, `/admin/flavours/${id}`, itemForm((await flavourPage(cookie, id)).item.values)), { id }),
      );
      expect((await entries(db, "catalogue.item-update")).filter((e) => e.entity_id === id)).toHaveLength(1);

      for (const intent of ["archive", "restore"])
        await itemAction(args(post(cookie, `/admin/flavours/${id}`, formData({ intent })), { id }));
      expect((await entries(db, "catalogue.item-archive")).map((e) => e.entity_id)).toContain(id);
      expect((await entries(db, "catalogue.item-publish")).map((e) => e.entity_id)).toContain(id);
      expect(Number((await flavourRow(db, id)).archived)).toBe(0);

      const download = (await csvLoader(args(get(cookie, "/admin/catalogue.csv")))) as Response;
      expect(download.status).toBe(200);
      const [exported] = (await entries(db, "catalogue.export")).slice(-1);
      expect(exported).toMatchObject({ actor_name: "Kim Lee <olive-catalogue@example.com>", outcome: "done" });
      expect(exported!.details).toMatchObject({ rows: expect.any(Number) });
    });

    it("lets a manager change a variant's price on the grid, logging old and new price; adjusts stock with its entry", async () => {
      const { db } = testDb();
      const cookie = await signedUpCookie("mo-catalogue@example.com", "192.0.2.62", "staff", "manager");
      const id = saved(await saveItem(db, staff, "flavour", null, flavourValues({ name: "Manager Lime" })));
      const page = await flavourPage(cookie, id);
      // A manager may change prices: the form's price fields are not locked.
      expect(page.pricesLocked).toBe(false);
      const { variants } = page.stock;
      const first = variants[0]!;
      const rows = variants.map((v) => (v.id === first.id ? { ...gridValuesOf(v), price: "3.50" } : gridValuesOf(v)));
      const done = await answerOf(() =>
        itemAction(args(post(cookie, `/admin/flavours/${id}`, gridPost(rows)), { id })),
      );
      expect(done.status).toBe(302);
      expect((await variantsOf(db, id)).find((v) => v.id === first.id)?.price_cents).toBe(350);
      const [price] = (await entries(db, "price.change")).filter((e) => e.entity_id === id).slice(-1);
      expect(price).toMatchObject({ actor_name: "Kim Lee <mo-catalogue@example.com>" });
      expect(price!.details).toEqual({ prices: [{ variant: first.id, sku: first.sku, from: null, to: 350 }] });
      const [grid] = (await entries(db, "catalogue.variants-save")).filter((e) => e.entity_id === id);
      expect(grid!.details).toMatchObject({ changes: { [first.sku]: { price: [null, 350] } } });

      const adjust = (change: string, reason = "received") =>
        answerOf(() =>
          itemAction(
            args(
              post(
                cookie,
                `/admin/flavours/${id}`,
                formData({ intent: "adjust-stock", variantId: first.id, reason, change }),
              ),
              {
                id,
              },
            ),
          ),
        );
      const stockBefore = Number((await variantsOf(db, id)).find((v) => v.id === first.id)!.stock_quantity);
      expect((await adjust("4")).status).toBe(302);
      expect((await entries(db, "stock.adjust")).filter((e) => e.entity_id === first.id).map((e) => e.details)).toEqual(
        [{ sku: first.sku, change: 4, reason: "received", quantity: [stockBefore, stockBefore + 4] }],
      );
      // A refused adjustment (below zero) changes nothing and logs nothing.
      expect((await adjust(String(-(stockBefore + 100)), "correction")).status).toBe(400);
      expect((await entries(db, "stock.adjust")).filter((e) => e.entity_id === first.id)).toHaveLength(1);
    });

    it("writes the entry with the change or not at all: a change rolled back takes its entry with it", async () => {
      const { db } = testDb();
      const id = saved(await saveItem(db, staff, "flavour", null, flavourValues({ name: "Rollback Lime" })));
      const [variant] = await listItemVariants(db, "flavour", id, 499);
      const before = await variantsOf(db, id);
      const logged = (await entries(db, "stock.adjust")).length;
      await expect(
        db.transaction().execute(async (trx) => {
          const done = await adjustStock(
            trx,
            staff,
            { kind: "flavour", itemId: id, variantId: variant!.id },
            { reason: "received", change: "7", note: "" },
          );
          expect(done).toMatchObject({ ok: true });
          throw new Error("the database went away");
        }),
      ).rejects.toThrow("the database went away");
      expect(await variantsOf(db, id)).toEqual(before);
      expect(await entries(db, "stock.adjust")).toHaveLength(logged);

      // A grid refused inside its transaction (the stock moved meanwhile) keeps neither its prices nor an entry.
      const rows = [{ ...gridValuesOf(variant!), price: "2.00", stock: "20", stockSeen: "999" }];
      const refused = await saveVariantGrid(db, staff, "flavour", id, rows);
      expect(refused).toMatchObject({ ok: false, code: "changed" });
      expect(await variantsOf(db, id)).toEqual(before);
      expect((await entries(db, "price.change")).filter((e) => e.entity_id === id)).toHaveLength(1);
      expect((await entries(db, "catalogue.variants-save")).filter((e) => e.entity_id === id)).toEqual([]);
    });
  },
  { seed: true },
);

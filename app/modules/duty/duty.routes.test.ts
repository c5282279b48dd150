import { beforeAll, expect, it } from "vitest";
import type { ShopContext } from "~/context";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { unstampedSellable } from "~/modules/compliance/duty-stamps";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/admin/dashboard";
import { loader as reportLoader } from "~/routes/admin/duty-report-csv";
import { action as goodsInAction, loader as goodsInLoader } from "~/routes/admin/goods-in";
import { provedSecondFactor, signUpConfirmed } from "~/testing/accounts";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import { dutyMessages } from "./duty";
import { answerOf } from "~/testing/route-answer";

describeEachDatabase(
  "the back office's goods in, duty panel and duty reports",
  (testDb) => {
    let context: () => ShopContext;
    let staffCookie = "";
    let customerCookie = "";
    let packerCookie = "";
    let sku = "";
    const args = (request: Request) => ({ request, context: context(), params: {} }) as never;
    const get = (cookie: string, path: string) => requestWith(cookie, `http://shop.test${path}`);
    const post = (cookie: string, path: string, form: Record<string, string>) =>
      new Request(`http://shop.test${path}`, {
        method: "POST",
        headers: {
          ...(cookie ? { cookie } : {}),
          origin: "http://shop.test",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams(form),
      });
    const held = (db: Db) =>
      db
        .selectFrom("variants")
        .select(["stock_quantity", "unstamped_units", "quarantined_units"])
        .where("sku", "=", sku)
        .executeTakeFirstOrThrow();
    /** The audit log's entries of an action, oldest first, with their details read. */
    const audit = async (db: Db, action: string) =>
      (
        await db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("at").orderBy("id").execute()
      ).map((e) => ({ ...e, details: e.details ? (JSON.parse(e.details) as Record<string, unknown>) : null }));
    const delivery = (invoice: string, changes: Record<string, string> = {}) => ({
      supplier: "Vape Wholesale Ltd",
      invoiceReference: invoice,
      approvalReference: "VPD-AB-12345",
      receivedOn: "2026-11-20",
      sku_0: sku,
      units_0: "10",
      stamped_0: "yes",
      sku_1: sku,
      units_1: "5",
      stamped_1: "no",
      madeBeforeDuty_1: "yes",
      ...changes,
    });

    beforeAll(async () => {
      const { db } = testDb();
      const make = await createTestContext(testDb());
      context = () => make();
      const signUp = async (email: string, ip: string) => {
        const values = { firstName: "Kim", lastName: "Lee", email, password: "correct horse battery" };
        const result = await signUpConfirmed(make(ip), { ...values, dateOfBirth: "1990-05-05", terms: "on" });
        if (!result.ok) throw new Error(`sign-up failed: ${result.message}`);
        return cookieHeader(result.headers);
      };
      customerCookie = await signUp("pat-goods@example.com", "192.0.2.40");
      staffCookie = await signUp("kim-goods@example.com", "192.0.2.41");
      await db
        .updateTable("user")
        .set({ role: "staff", staffRoles: "owner" })
        .where("email", "=", "kim-goods@example.com")
        .execute();
      staffCookie = await provedSecondFactor(db, staffCookie);
      packerCookie = await signUp("pia-goods@example.com", "192.0.2.42");
      await db
        .updateTable("user")
        .set({ role: "staff", staffRoles: "packer" })
        .where("email", "=", "pia-goods@example.com")
        .execute();
      packerCookie = await provedSecondFactor(db, packerCookie);
      const variant = await db
        .selectFrom("variants")
        .select("sku")
        .where("archived", "=", 0)
        .where("kind", "=", "flavour")
        .orderBy("sku")
        .executeTakeFirstOrThrow();
      sku = variant.sku;
    });

    it("refuses visitors and customers: 404 for the pages and the report, 403 for the forms, nothing saved", async () => {
      const { db } = testDb();
      for (const cookie of ["", customerCookie]) {
        for (const path of ["/admin/goods-in", "/admin/duty-report.csv?report=goods-in&from=2026-11-01&to=2026-11-30"])
          expect(
            (await answerOf(() => (path.includes("csv") ? reportLoader : goodsInLoader)(args(get(cookie, path)))))
              .status,
          ).toBe(404);
        expect(
          (await answerOf(() => goodsInAction(args(post(cookie, "/admin/goods-in", delivery("INV-X")))))).status,
        ).toBe(403);
        const disposal = { variantId: "x", units: "1", kind: "returned", supplierReference: "RMA-1" };
        expect((await answerOf(() => dashboardAction(args(post(cookie, "/admin", disposal))))).status).toBe(403);
      }
      expect(await db.selectFrom("goods_in").selectAll().execute()).toEqual([]);
    });

    it("refuses a packer (403) the goods in page and form, the duty reports and disposals: nothing saved, each refusal logged", async () => {
      const { db } = testDb();
      const before = await held(db);
      const report = "/admin/duty-report.csv?report=goods-in&from=2026-11-01&to=2026-11-30";
      expect((await answerOf(() => goodsInLoader(args(get(packerCookie, "/admin/goods-in"))))).status).toBe(403);
      expect((await answerOf(() => reportLoader(args(get(packerCookie, report))))).status).toBe(403);
      expect(
        (await answerOf(() => goodsInAction(args(post(packerCookie, "/admin/goods-in", delivery("INV-PACK")))))).status,
      ).toBe(403);
      const disposal = { variantId: "x", units: "1", kind: "returned", supplierReference: "RMA-1" };
      expect((await answerOf(() => dashboardAction(args(post(packerCookie, "/admin", disposal))))).status).toBe(403);
      expect(await held(db)).toEqual(before);
      expect(await db.selectFrom("goods_in").selectAll().execute()).toEqual([]);
      const refusals = await audit(db, "permission.refused");
      expect(refusals.map((r) => [r.entity_id, r.outcome, r.details])).toEqual([
        ["/admin/goods-in", "refused", { permission: "stock.edit", method: "GET" }],
        ["/admin/duty-report.csv", "refused", { permission: "stock.edit", method: "GET" }],
        ["/admin/goods-in", "refused", { permission: "stock.edit", method: "POST" }],
        ["/admin", "refused", { permission: "stock.edit", method: "POST" }],
      ]);
      expect(await audit(db, "stock.goods-in")).toEqual([]);
      expect(await audit(db, "duty.report-download")).toEqual([]);
    });

    it("answers bad lines and a future date under their fields, saving nothing", async () => {
      const { db } = testDb();
      const before = await held(db);
      const refused = await answerOf(() =>
        goodsInAction(
          args(
            post(
              staffCookie,
              "/admin/goods-in",
              delivery("INV-BAD", { receivedOn: "2099-01-01", units_0: "-3", sku_1: "NO-SUCH-SKU" }),
            ),
          ),
        ),
      );
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        errors: {
          receivedOn: dutyMessages.dateFuture,
          units_0: dutyMessages.unitsShape,
          sku_1: dutyMessages.skuUnknown("NO-SUCH-SKU"),
        },
        formError: "Please correct the fields marked below: nothing was saved.",
        values: { invoiceReference: "INV-BAD", units_0: "-3", sku_1: "NO-SUCH-SKU", madeBeforeDuty_1: "yes" },
      });
      expect(await held(db)).toEqual(before);
      expect(await db.selectFrom("goods_in").selectAll().execute()).toEqual([]);
    });

    it("records a delivery, says so after the redirect, lists it, and refuses the same invoice again", async () => {
      const { db } = testDb();
      const before = await held(db);
      const recorded = await answerOf(() =>
        goodsInAction(args(post(staffCookie, "/admin/goods-in", delivery("INV-100")))),
      );
      expect(recorded.status).toBe(302);
      const lawfulHeld = unstampedSellable(new Date()) ? 0 : 5;
      expect(recorded.location).toBe(`/admin/goods-in?done=recorded&invoice=INV-100&units=15&held=${lawfulHeld}`);
      const page = (await goodsInLoader(args(get(staffCookie, recorded.location!)))) as {
        notice: string[];
        deliveries: Array<Record<string, unknown>>;
      };
      expect(page.notice[0]).toBe("Delivery INV-100 recorded: 15 units.");
      expect(page.deliveries[0]).toMatchObject({
        supplier: "Vape Wholesale Ltd",
        invoice: "INV-100",
        approval: "VPD-AB-12345",
        receivedOn: "2026-11-20",
        units: 15,
        quarantined: lawfulHeld,
        byName: "Kim Lee",
      });
      expect(await held(db)).toMatchObject({
        stock_quantity: before.stock_quantity + 15 - lawfulHeld,
        quarantined_units: before.quarantined_units + lawfulHeld,
      });
      const again = await answerOf(() =>
        goodsInAction(args(post(staffCookie, "/admin/goods-in", delivery("INV-100")))),
      );
      const [entry, ...more] = await audit(db, "stock.goods-in");
      expect(more).toEqual([]);
      expect(entry).toMatchObject({
        actor_kind: "staff",
        actor_name: "Kim Lee <kim-goods@example.com>",
        entity: "goods-in",
        outcome: "done",
        details: { supplier: "Vape Wholesale Ltd", invoice: "INV-100", lines: 2, units: 15, quarantined: lawfulHeld },
      });
      expect(again.status).toBe(409);
      expect(await audit(db, "stock.goods-in")).toHaveLength(1);
      expect(again.body).toMatchObject({
        errors: { invoiceReference: dutyMessages.alreadyRecorded("INV-100", "Vape Wholesale Ltd") },
      });
    });

    it("holds back unstamped units made after the duty began, and records their return on the dashboard", async () => {
      const { db } = testDb();
      const recorded = await answerOf(() =>
        goodsInAction(
          args(
            post(
              staffCookie,
              "/admin/goods-in",
              delivery("INV-101", { units_0: "1", units_1: "2", madeBeforeDuty_1: "no" }),
            ),
          ),
        ),
      );
      expect(recorded.location).toBe("/admin/goods-in?done=recorded&invoice=INV-101&units=3&held=2");
      const page = (await goodsInLoader(args(get(staffCookie, recorded.location!)))) as { notice: string[] };
      expect(page.notice).toEqual(["Delivery INV-101 recorded: 3 units.", dutyMessages.quarantinedNote(2)]);
      expect(page.notice[1]).toContain("2 unstamped units were made or imported from 1 October 2026");
      // The 2 held back now, and the 5 of the delivery before if the clock is past the cut-off.
      const heldNow = (await held(db)).quarantined_units;
      expect(heldNow).toBe(unstampedSellable(new Date()) ? 2 : 7);

      const dashboard = (await dashboardLoader(args(get(staffCookie, "/admin")))) as {
        duty: { quarantined: Array<{ variantId: string; sku: string; units: number }> };
      };
      const row = dashboard.duty.quarantined.find((r) => r.sku === sku)!;
      expect(row.units).toBe(heldNow);
      const dispose = (form: Record<string, string>) =>
        answerOf(() => dashboardAction(args(post(staffCookie, "/admin", { variantId: row.variantId, ...form }))));
      const tooMany = await dispose({ units: String(heldNow + 1), kind: "returned", supplierReference: "RMA-1" });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body).toMatchObject({
        variantId: row.variantId,
        errors: { units: dutyMessages.disposalUnits(heldNow) },
      });
      const noReference = await dispose({ units: "1", kind: "destroyed", supplierReference: " " });
      expect(noReference.body).toMatchObject({ errors: { supplierReference: dutyMessages.disposalReferenceMissing } });
      expect((await held(db)).quarantined_units).toBe(heldNow);
      expect(await audit(db, "duty.disposal")).toEqual([]);

      const returned = await dispose({ units: String(heldNow), kind: "returned", supplierReference: "RMA-778" });
      expect(returned).toMatchObject({ status: 302, location: `/admin?disposed=returned&units=${heldNow}` });
      const after = (await dashboardLoader(args(get(staffCookie, returned.location!)))) as {
        notice: string;
        duty: { quarantined: Array<{ sku: string }> };
      };
      expect(after.notice).toBe(dutyMessages.disposed(heldNow, "returned"));
      expect(after.duty.quarantined.find((r) => r.sku === sku)).toBeUndefined();
      expect((await held(db)).quarantined_units).toBe(0);
      expect((await audit(db, "duty.disposal")).map((e) => [e.entity_id, e.details])).toEqual([
        [
          row.variantId,
          expect.objectContaining({ sku, units: heldNow, kind: "returned", supplierReference: "RMA-778" }),
        ],
      ]);
    });

    it("serves the reports as CSV downloads, and refuses a wrong period with its reason", async () => {
      const path = "/admin/duty-report.csv?report=goods-in&from=2026-11-01&to=2026-11-30";
      const goods = (await reportLoader(args(get(staffCookie, path)))) as Response;
      expect(goods.status).toBe(200);
      expect(goods.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(goods.headers.get("content-disposition")).toBe(
        'attachment; filename="goods-in-2026-11-01-to-2026-11-30.csv"',
      );
      expect(goods.headers.get("cache-control")).toBe("private, no-store");
      const text = await goods.text();
      expect(text.split("\n")[0]).toContain("Date received,Supplier,Approval reference,Invoice");
      expect(text).toContain(`2026-11-20,Vape Wholesale Ltd,VPD-AB-12345,INV-101,${sku},2,unstamped,no,0,2,`);

      const unstamped = (await reportLoader(
        args(get(staffCookie, "/admin/duty-report.csv?report=unstamped&from=2026-11-01&to=2099-12-31")),
      )) as Response;
      expect(unstamped.headers.get("content-disposition")).toContain(
        'filename="unstamped-2026-11-01-to-2099-12-31.csv"',
      );
      expect(await unstamped.text()).toMatch(new RegExp(`${sku},returned to the supplier,\\d+,RMA-778`));
      const { db } = testDb();
      expect((await audit(db, "duty.report-download")).map((e) => [e.entity_id, e.details])).toEqual([
        ["goods-in", { fileName: "goods-in-2026-11-01-to-2026-11-30.csv" }],
        ["unstamped", { fileName: "unstamped-2026-11-01-to-2099-12-31.csv" }],
      ]);

      for (const [query, message] of [
        ["report=goods-in&from=2026-12-01&to=2026-11-01", dutyMessages.periodShape],
        ["report=goods-in&from=yesterday&to=2026-11-01", dutyMessages.dateShape],
        ["report=everything&from=2026-11-01&to=2026-11-30", "Choose a report"],
      ] as const) {
        const refused = (await reportLoader(args(get(staffCookie, `/admin/duty-report.csv?${query}`)))) as Response;
        expect(refused.status, query).toBe(400);
        expect(refused.headers.get("content-type")).toBe("text/plain; charset=utf-8");
        expect(await refused.text()).toContain(message);
      }
    });
  },
  { seed: true },
);

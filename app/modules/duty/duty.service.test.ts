import { expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { inTransaction } from "~/db/transaction.server";
import { taxAdded } from "~/lib/pricing";
import { staff } from "~/modules/admin/orders/testing/orders-fixture";
import { placeOrder } from "~/modules/checkout/place-order.service.server";
import { transitionOrder } from "~/modules/orders/order-lifecycle.service.server";
import { useStockFixture } from "~/modules/stock/testing/stock-fixture";
import {
  dutyOverview,
  dutyReportCsv,
  ensureDutyJobs,
  recordDisposal,
  recordGoodsIn,
  runDutyCutoff,
  runDutyReminder,
} from "./duty.service.server";

// The clock the tests run: before the cut-off (1 April 2027 00:00 London = 31 March 23:00 UTC), and at it.
const january = new Date("2027-01-15T10:00:00.000Z");
const beforeCutoff = new Date("2027-03-31T22:59:59.000Z");
const atCutoff = new Date("2027-03-31T23:00:00.000Z");

describeEachDatabase(
  "the duty record: goods in, unstamped stock and the cut-off",
  (testDb) => {
    const { item, stockNow, readyToPay } = useStockFixture(testDb);
    const variant = (db: Db) =>
      db
        .selectFrom("variants")
        .select(["sku", "stock_quantity", "unstamped_units", "quarantined_units"])
        .where("id", "=", item.size.id)
        .executeTakeFirstOrThrow();
    const delivery = (sku: string, invoice: string, lines: Record<string, string> = {}) => ({
      supplier: "Vape Wholesale Ltd",
      invoiceReference: invoice,
      approvalReference: "VPD-AB-12345",
      receivedOn: "2027-01-14",
      sku_0: sku,
      units_0: "10",
      stamped_0: "yes",
      sku_1: sku,
      units_1: "5",
      stamped_1: "no",
      madeBeforeDuty_1: "yes",
      ...lines,
    });

    it("refuses bad input under its field and saves nothing", async () => {
      const { db } = testDb();
      const { sku } = await variant(db);
      const before = await variant(db);
      const refused = await recordGoodsIn(
        db,
        staff,
        {
          supplier: "",
          invoiceReference: "INV-1",
          approvalReference: "x",
          receivedOn: "2027-02-01",
          sku_0: sku,
          units_0: "-3",
          stamped_0: "yes",
          sku_1: sku,
          units_1: "1.5",
          stamped_1: "yes",
          sku_2: "NO-SUCH-SKU",
          units_2: "2",
          stamped_2: "yes",
          sku_3: sku,
          units_3: "2",
          stamped_3: "no",
        },
        january,
      );
      expect(refused).toMatchObject({
        ok: false,
        fieldErrors: {
          supplier: "Enter the supplier's name",
          approvalReference: expect.stringContaining("3 to 40 letters"),
          receivedOn: "The date received cannot be in the future",
          units_0: expect.stringContaining("whole number"),
          units_1: expect.stringContaining("whole number"),
          sku_2: "There is no variant with SKU NO-SUCH-SKU",
          madeBeforeDuty_3: expect.stringContaining("before 1 October 2026"),
        },
      });
      expect(
        await recordGoodsIn(
          db,
          staff,
          { supplier: "A", invoiceReference: "I", approvalReference: "ABC", receivedOn: "2027-01-01" },
          january,
        ),
      ).toMatchObject({
        ok: false,
        fieldErrors: { sku_0: "Add at least one line: a SKU and its units" },
      });
      // A line for an archived variant is refused too.
      await db.updateTable("variants").set({ archived: 1 }).where("id", "=", item.other.id).execute();
      const archived = await db
        .selectFrom("variants")
        .select("sku")
        .where("id", "=", item.other.id)
        .executeTakeFirstOrThrow();
      expect(
        await recordGoodsIn(db, staff, { ...delivery(archived.sku, "INV-ARCH"), sku_1: "", units_1: "" }, january),
      ).toMatchObject({
        ok: false,
        fieldErrors: { sku_0: `SKU ${archived.sku} is archived: a delivery cannot be added to it` },
      });
      await db.updateTable("variants").set({ archived: 0 }).where("id", "=", item.other.id).execute();
      expect(await variant(db)).toEqual(before);
      expect(await db.selectFrom("goods_in").selectAll().execute()).toEqual([]);
    });

    it("puts stamped and lawful unstamped units on sale, holds back the rest, and records each invoice once", async () => {
      const { db } = testDb();
      await db.updateTable("variants").set({ stock_quantity: 0 }).where("id", "=", item.size.id).execute();
      const { sku } = await variant(db);
      const recorded = await recordGoodsIn(db, staff, delivery(sku, "INV-100"), january);
      expect(recorded).toMatchObject({ ok: true, units: 15, quarantined: 0 });
      expect(await variant(db)).toMatchObject({ stock_quantity: 15, unstamped_units: 5, quarantined_units: 0 });
      // The same invoice of the same supplier (however its name is spaced or cased), twice at once: one record.
      const twice = await Promise.all([
        recordGoodsIn(db, staff, { ...delivery(sku, "INV-100"), supplier: "vape  wholesale LTD" }, january),
        recordGoodsIn(db, staff, delivery(sku, "INV-100"), january),
      ]);
      expect(twice).toMatchObject([
        { ok: false, code: "already-done" },
        { ok: false, code: "already-done" },
      ]);
      expect(await variant(db)).toMatchObject({ stock_quantity: 15, unstamped_units: 5 });
      // Unstamped units made after 30 September 2026: never on sale, held back.
      const late = await recordGoodsIn(
        db,
        staff,
        { ...delivery(sku, "INV-101"), units_0: "1", madeBeforeDuty_1: "no", units_1: "2" },
        january,
      );
      expect(late).toMatchObject({ ok: true, units: 3, quarantined: 2 });
      expect(await variant(db)).toMatchObject({ stock_quantity: 16, unstamped_units: 5, quarantined_units: 2 });
    });

    it("sells unstamped units first; from 1 April 2027 only stamped ones, and the cut-off holds the rest back", async () => {
      const { db } = testDb();
      // 16 on sale: 11 stamped, 5 unstamped (the test above). Buying 3 takes 3 unstamped.
      await readyToPay(db, "buyer-1", 3);
      const sold = await placeOrder(db, "buyer-1", "key-duty-first-aaaaaaaa", taxAdded(10), { now: january });
      expect(sold.ok).toBe(true);
      expect(await variant(db)).toMatchObject({ stock_quantity: 13, unstamped_units: 2 });
      const movement = await db
        .selectFrom("stock_movements")
        .select(["change", "unstamped_change"])
        .where("order_id", "=", sold.ok ? sold.order.id : "")
        .executeTakeFirstOrThrow();
      expect(movement).toEqual({ change: -3, unstamped_change: -3 });

      // At the cut-off, before its job has run: the 2 unstamped units may not be sold; 11 may.
      await readyToPay(db, "buyer-2", 12);
      const tooMany = await placeOrder(db, "buyer-2", "key-duty-late-aaaaaaaaa", taxAdded(10), { now: atCutoff });
      expect(tooMany).toMatchObject({
        ok: false,
        code: "out-of-stock",
        message: expect.stringContaining("Only 11 left"),
      });
      expect(await runDutyCutoff(db, beforeCutoff)).toBe("waits");
      expect(await runDutyCutoff(db, atCutoff)).toEqual({ units: 2, variants: 1 });
      expect(await variant(db)).toMatchObject({ stock_quantity: 11, unstamped_units: 0, quarantined_units: 4 });
      expect(await stockNow(db)).toBe(11);

      // The order placed before keeps its units; cancelled now, its 3 unstamped units are held back, not sold again.
      const cancelled = await inTransaction(db, (trx) =>
        transitionOrder(trx, {
          orderId: sold.ok ? sold.order.id : "",
          transition: "cancel-by-staff",
          actor: { kind: "staff", id: staff.id, name: staff.name },
          now: atCutoff,
        }),
      );
      expect(cancelled.ok).toBe(true);
      expect(await variant(db)).toMatchObject({ stock_quantity: 11, unstamped_units: 0, quarantined_units: 7 });

      const overview = await dutyOverview(db, atCutoff);
      expect(overview).toMatchObject({ sellable: false, daysLeft: 0, unstamped: [] });
      expect(overview.quarantined).toEqual([expect.objectContaining({ variantId: item.size.id, units: 7 })]);
    });

    it("records quarantined units returned or destroyed, never more than are held", async () => {
      const { db } = testDb();
      const variantId = item.size.id;
      const base = { variantId, kind: "returned", supplierReference: "RMA-778" };
      expect(await recordDisposal(db, staff, { ...base, units: "8" }, atCutoff)).toMatchObject({
        ok: false,
        fieldErrors: { units: "Units are a whole number from 1 to the 7 held back" },
      });
      expect(await recordDisposal(db, staff, { ...base, units: "2", supplierReference: "" }, atCutoff)).toMatchObject({
        ok: false,
        fieldErrors: { supplierReference: expect.any(String) },
      });
      expect(await recordDisposal(db, staff, { ...base, units: "5" }, atCutoff)).toMatchObject({ ok: true, units: 5 });
      expect(
        await recordDisposal(
          db,
          staff,
          { ...base, units: "2", kind: "destroyed", supplierReference: "WASTE-1" },
          atCutoff,
        ),
      ).toMatchObject({ ok: true, units: 2, kind: "destroyed" });
      expect(await variant(db)).toMatchObject({ stock_quantity: 11, quarantined_units: 0 });
    });

    it("reports goods in and what became of unstamped units, for a period", async () => {
      const { db } = testDb();
      const goods = await dutyReportCsv(db, staff, "goods-in", { from: "2027-01-01", to: "2027-01-31" });
      if (!goods.ok) throw new Error(goods.message);
      const lines = goods.csv.trim().split("\n");
      expect(lines[0]).toBe(
        "Date received,Supplier,Approval reference,Invoice,SKU,Units,Stamped,Made or imported before 1 October 2026,Units for sale,Units held back,Litres,Duty carried,Stamp code",
      );
      expect(lines).toHaveLength(5); // 2 lines of INV-100, 2 of INV-101
      expect(lines[2]).toContain("Vape Wholesale Ltd,VPD-AB-12345,INV-100");
      expect(lines[2]).toContain(",5,unstamped,yes,5,0,");
      // The liquid each unit holds (the demo's pods) in litres, and the duty it carries (22p per ml, rounded down).
      const [litres, duty] = lines[1]!.split(",").slice(10, 12);
      const ml = (Number(litres) * 1000) / 10; // per unit
      expect(ml).toBeGreaterThan(0);
      expect(duty).toBe(`£${((10 * Math.floor(ml * 22)) / 100).toFixed(2)}`);
      const unstamped = await dutyReportCsv(db, staff, "unstamped", { from: "2027-01-01", to: "2027-04-30" });
      if (!unstamped.ok) throw new Error(unstamped.message);
      const text = unstamped.csv;
      expect(text).toMatch(/2027-01-15,[^,]+,received,5,/);
      expect(text).toMatch(/2027-01-15,[^,]+,sold,3,/);
      expect(text).toMatch(/2027-04-01,[^,]+,held back from sale at the cut-off,2,/);
      expect(text).toMatch(/2027-04-01,[^,]+,returned to the supplier,5,RMA-778/);
      expect(text).toMatch(/2027-04-01,[^,]+,destroyed,2,WASTE-1/);
      expect(await dutyReportCsv(db, staff, "goods-in", { from: "2027-02-01", to: "2027-01-01" })).toMatchObject({
        ok: false,
      });
    });

    it("queues the cut-off once, and e-mails staff weekly from 1 March 2027 while unstamped units are left", async () => {
      const { db } = testDb();
      await ensureDutyJobs(db, january);
      await ensureDutyJobs(db, january);
      const jobs = await db
        .selectFrom("jobs")
        .select(["kind", "run_at"])
        .where("kind", "in", ["duty-cutoff", "duty-reminder"])
        .execute();
      expect(jobs.filter((j) => j.kind === "duty-cutoff")).toHaveLength(1);
      expect(jobs.find((j) => j.kind === "duty-cutoff")!.run_at).toBe("2027-03-31T23:00:00.000Z");
      expect(jobs.filter((j) => j.kind === "duty-reminder")).toHaveLength(1);
      const shop = { shopName: "Vapour Lane", staffEmail: "staff@example.com", baseUrl: "http://shop.test" };
      expect(await runDutyReminder(db, shop, january)).toBe("waits");
      // A delivery of unstamped units for the reminder to tell.
      await recordGoodsIn(db, staff, delivery((await variant(db)).sku, "INV-200"), january);
      expect(await runDutyReminder(db, shop, new Date("2027-03-08T09:00:00.000Z"))).toBe("sent");
      const mail = await db
        .selectFrom("jobs")
        .select("subject")
        .where("kind", "=", "notice")
        .where("recipient", "=", "staff@example.com")
        .executeTakeFirstOrThrow();
      expect(mail.subject).toBe("Vapour Lane: 5 unstamped units to sell in 24 days");
      expect(await runDutyReminder(db, shop, atCutoff)).toBe("finished");
    });
  },
  { seed: true },
);

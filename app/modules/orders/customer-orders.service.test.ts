import { ukAddress } from "~/modules/checkout/testing/address-fixture";
import { beforeAll, expect, it } from "vitest";
import { failFields } from "~/lib/result";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { StaffOnlyError } from "~/modules/accounts/staff";
import { changeOrderStep } from "~/modules/admin/orders/orders-admin.service.server";
import { decideReturn, listReturnRequests } from "~/modules/admin/orders/returns-admin.service.server";
import {
  deliveredDaysAgo,
  insertOrder,
  insertUsers,
  packer,
  staff,
  shopper,
  setOrderState,
} from "~/modules/admin/orders/testing/orders-fixture";
import { addToCart } from "~/modules/cart/cart.service.server";
import { addAddress } from "~/modules/checkout/addresses.service.server";
import { chooseShipping } from "~/modules/checkout/checkout.service.server";
import { cancelOwnOrder, requestReturn, returnRequestOf } from "./customer-orders.service.server";
import { placeOrder } from "~/modules/checkout/place-order.service.server";
import { returnMessages } from "./returns";
import { taxAdded } from "~/lib/pricing";
import { firstSizeInStock, setItemStock, variantUnits } from "~/db/testing/variant-stock";

const cara = shopper("cara");
const dev = shopper("dev");
const mail = { shopName: "Test Shop", staffEmail: "staff@shop.test", baseUrl: "http://shop.test" };
const home = ukAddress({ phone: "07700 900333", line1: "3 Mill Lane", town: "Hull", postcode: "HU1 1AA" });

const jobsFor = (db: Db, orderId: string) =>
  db
    .selectFrom("jobs")
    .select(["kind", "recipient", "subject", "payload"])
    .where("payload", "like", `%${orderId}%`)
    .orderBy("created_at")
    .orderBy("recipient")
    .execute();
const statusOf = async (db: Db, id: string) =>
  (await db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

describeEachDatabase(
  "a customer's own cancellation and return",
  (testDb) => {
    let flavour: { id: string; sizes: string };
    const stockNow = async (db: Db) => Number(await variantUnits(db, "flavour", flavour.id));

    beforeAll(async () => {
      const { db } = testDb();
      await insertUsers(db, [cara, dev, staff]);
      await addAddress(db, cara.id, home);
      flavour = await db
        .selectFrom("flavours")
        .select(["id", "sizes"])
        .where(firstSizeInStock(10))
        .orderBy("slug")
        .executeTakeFirstOrThrow();
      await setItemStock(db, "flavour", flavour.id, 10);
    });

    it("cancels a pending order: stock back, history says 'Customer', the customer and the shop are e-mailed", async () => {
      const { db } = testDb();
      expect(
        await addToCart(db, cara.id, {
          kind: "flavour",
          itemId: flavour.id,
          flavour: "",
          nicotineStrength: JSON.parse(flavour.sizes)[0],
          puffCount: null,
          quantity: 3,
        }),
      ).toEqual({ ok: true });
      await chooseShipping(db, cara.id, "free", null);
      const placed = await placeOrder(db, cara.id, "key-cara-cancel-aaaaaaa", taxAdded(10));
      if (!placed.ok) throw new Error(placed.message);
      const id = placed.order.id;
      expect(await stockNow(db)).toBe(7);

      // Somebody else's order id is not found, and changes nothing.
      expect(await cancelOwnOrder(db, dev, id, mail)).toMatchObject({ ok: false, code: "not-found" });
      expect(await statusOf(db, id)).toBe("pending");

      expect(await cancelOwnOrder(db, cara, id, mail)).toEqual({ ok: true, message: returnMessages.cancelled(id) });
      expect(await statusOf(db, id)).toBe("cancelled");
      expect(await stockNow(db)).toBe(10);
      const event = await db
        .selectFrom("order_events")
        .select(["to_value", "by_name", "by_user_id"])
        .where("order_id", "=", id)
        .executeTakeFirstOrThrow();
      expect(event).toEqual({ to_value: "cancelled", by_name: "Customer", by_user_id: cara.id });
      const jobs = await jobsFor(db, id);
      expect(jobs.filter((j) => j.subject?.includes("cancelled")).map((j) => [j.kind, j.recipient])).toEqual(
        expect.arrayContaining([
          ["order-status", cara.email],
          ["notice", "staff@shop.test"],
        ]),
      );
      // Twice is refused; the stock is returned once only.
      expect(await cancelOwnOrder(db, cara, id, mail)).toMatchObject({
        ok: false,
        code: "changed",
        message: `Order ${id} is already cancelled.`,
      });
      expect(await stockNow(db)).toBe(10);
    });

    it("refuses to cancel a dispatched order, and refuses a return of a pending one", async () => {
      const { db } = testDb();
      const dispatched = await insertOrder(db, { userId: cara.id, status: "dispatched" });
      expect(await cancelOwnOrder(db, cara, dispatched, mail)).toMatchObject({
        ok: false,
        code: "changed",
        message: returnMessages.cannotCancel,
      });
      expect(await statusOf(db, dispatched)).toBe("dispatched");
      const pending = await insertOrder(db, { userId: cara.id, status: "pending" });
      expect(
        await requestReturn(db, cara, pending, { "qty-0": "1", "reason-0": "Changed my mind" }, mail),
      ).toMatchObject({
        ok: false,
        code: "changed",
        message: returnMessages.notReturnable,
      });
      expect(await returnRequestOf(db, pending)).toBeNull();
    });

    it("takes a return within 14 days of delivery, once per unit, with a reason; refuses it after 14 days or for another customer", async () => {
      const { db } = testDb();
      const recent = await insertOrder(db, { userId: cara.id });
      await deliveredDaysAgo(db, recent, 13);
      expect(await requestReturn(db, cara, recent, { "qty-0": "1", "reason-0": "  " }, mail)).toEqual(
        failFields({ "reason-0": returnMessages.lineReasonRequired }),
      );
      expect(await requestReturn(db, dev, recent, { "qty-0": "1", "reason-0": "Not mine" }, mail)).toMatchObject({
        ok: false,
        code: "not-found",
      });
      expect(await requestReturn(db, cara, recent, { "qty-0": "1", "reason-0": "Too sweet for me" }, mail)).toEqual({
        ok: true,
        message: returnMessages.requested,
      });
      expect(await returnRequestOf(db, recent)).toMatchObject({
        status: "requested",
        reason: "Blue Razz × 1: Too sweet for me",
        staffNote: null,
        lines: [expect.objectContaining({ position: 0, quantity: 1, reason: "Too sweet for me" })],
      });
      expect((await jobsFor(db, recent)).map((j) => j.recipient).sort()).toEqual([cara.email, "staff@shop.test"]);
      // The order's one unit is in the return already: asking again is refused under the line.
      expect(await requestReturn(db, cara, recent, { "qty-0": "1", "reason-0": "Again" }, mail)).toEqual(
        failFields({ "qty-0": returnMessages.alreadyInReturn }),
      );

      const old = await insertOrder(db, { userId: cara.id });
      await deliveredDaysAgo(db, old, 16);
      const late = await requestReturn(db, cara, old, { "qty-0": "1", "reason-0": "Too late?" }, mail);
      expect(late).toMatchObject({
        ok: false,
        code: "changed",
        message: expect.stringMatching(/^The 14 days to return this order ended on \w{3} \d{1,2} \w{3} \d{4}\./),
      });
      expect(await returnRequestOf(db, old)).toBeNull();
    });

    it("staff accept or refuse an open request with a note, once; the customer is e-mailed; customers cannot decide", async () => {
      const { db } = testDb();
      const id = await insertOrder(db, { userId: cara.id, status: "dispatched" });
      expect(
        await requestReturn(db, cara, id, { "qty-0": "1", "reason-0": "Ordered the wrong strength" }, mail),
      ).toMatchObject({
        ok: true,
      });
      const lineId = (await returnRequestOf(db, id))!.lines[0]!.id;
      const line = `line-${lineId}`;
      expect((await listReturnRequests(db, staff, "requested")).map((r) => r.orderId)).toContain(id);
      await expect(decideReturn(db, cara, id, { [line]: "restock", note: "ok" }, mail)).rejects.toThrow(StaffOnlyError);
      // A packer neither: return decisions need 'returns' (issue 63).
      await expect(decideReturn(db, packer, id, { [line]: "restock", note: "ok" }, mail)).rejects.toThrow(
        StaffOnlyError,
      );
      await expect(listReturnRequests(db, packer, null)).rejects.toThrow(StaffOnlyError);
      const audit = () =>
        db.selectFrom("audit_log").select(["action", "actor_id", "details"]).where("entity_id", "=", id).execute();
      expect(await decideReturn(db, staff, id, { [line]: "restock", note: "" }, mail)).toMatchObject({
        ok: false,
        code: "invalid",
        fieldErrors: { note: returnMessages.noteRequired },
      });
      const before = (await jobsFor(db, id)).length;
      expect(
        await decideReturn(
          db,
          staff,
          id,
          {
            [line]: "write-off",
            note: "Send it back unopened to our address.",
            method: "bank-transfer",
            reference: "BACS-RET-1",
          },
          mail,
        ),
      ).toEqual({ ok: true, message: returnMessages.decidedWithRefund(id, "£10.00"), refundCents: 1000 });
      expect(await returnRequestOf(db, id)).toMatchObject({
        status: "accepted",
        staffNote: "Send it back unopened to our address.",
      });
      // The decision is in the audit log; the note (it may name the customer) is not.
      expect(await audit()).toEqual([
        {
          action: "return.decide",
          actor_id: staff.id,
          details: JSON.stringify({
            lines: [{ position: 0, quantity: 1, outcome: "written-off" }],
            refused: 0,
            refundCents: 1000,
            shippingCents: 0,
            method: "bank-transfer",
            reference: "BACS-RET-1",
          }),
        },
      ]);
      const jobs = await jobsFor(db, id);
      expect(jobs).toHaveLength(before + 1);
      expect(jobs.at(-1)).toMatchObject({
        kind: "notice",
        recipient: cara.email,
        subject: `Test Shop: your return of order ${id} is accepted`,
      });
      // The note keeps its own full stop: none is added after its closing quote.
      const paragraphs = (JSON.parse(String(jobs.at(-1)!.payload)) as { paragraphs: string[] }).paragraphs;
      expect(paragraphs.at(-1)).toBe("A note from the shop: “Send it back unopened to our address.”");
      expect(await decideReturn(db, staff, id, { [line]: "refuse", note: "changed my mind" }, mail)).toEqual({
        ok: false,
        code: "changed",
        message: returnMessages.notOpen,
      });
      expect(await audit()).toHaveLength(1);
      // A staff step on the order itself still works afterwards (refund once the goods are back).
      await setOrderState(db, id, { paymentStatus: "paid" });
      expect(
        await changeOrderStep(db, staff, {
          orderId: id,
          step: "refund",
          from: "paid",
          refund: { method: "cash-on-collection", reference: "CASH-1" },
        }),
      ).toMatchObject({
        ok: true,
      });
    });
  },
  { seed: true },
);

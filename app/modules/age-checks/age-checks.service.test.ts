import { ukAddress } from "~/modules/checkout/testing/address-fixture";
import { beforeAll, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { changeOrderStep } from "~/modules/admin/orders/orders-admin.service.server";
import { insertUsers, payInFull, staff } from "~/modules/admin/orders/testing/orders-fixture";
import type { SessionUser } from "~/modules/accounts/accounts";
import { addToCart } from "~/modules/cart/cart.service.server";
import { addAddress } from "~/modules/checkout/addresses.service.server";
import { chooseShipping } from "~/modules/checkout/checkout.service.server";
import { placeOrder } from "~/modules/checkout/place-order.service.server";
import { ageMessages } from "./age-checks";
import { listAgeChecks } from "./age-check-list.service.server";
import { ageVerificationOf, decideAgeCheck, runAgeCheck } from "./age-checks.service.server";
import type { AgeChecker } from "./checkers.server";
import { taxAdded } from "~/lib/pricing";
import { firstSizeInStock, variantUnits } from "~/db/testing/variant-stock";

const shop = { shopName: "Vapour Lane", baseUrl: "http://shop.test" };

const customer = (id: string): SessionUser => ({
  id,
  name: `${id} Person`,
  email: `${id}@example.com`,
  firstName: id,
  lastName: "Person",
  dateOfBirth: "1990-01-01",
  role: "customer",
  authProvider: "email",
});
const [newcomer, doubtful, serviced, referred] = ["newcomer", "doubtful", "serviced", "referred"].map(customer) as [
  SessionUser,
  SessionUser,
  SessionUser,
  SessionUser,
];
const home = ukAddress();

/** A checking service that answers what it is told to, as a real adapter would after asking its provider. */
const serviceAnswering = (result: "pass" | "fail" | "refer"): AgeChecker => ({
  name: "test-service",
  check: async () => ({ result, reference: result === "refer" ? null : `ref-${result}` }),
});

describeEachDatabase(
  "age verification before dispatch",
  (testDb) => {
    let flavour: { id: string; sizes: string };
    const order = async (db: Db, userId: string, key: string, quantity = 1) => {
      await addToCart(db, userId, {
        kind: "flavour",
        itemId: flavour.id,
        flavour: "",
        nicotineStrength: JSON.parse(flavour.sizes)[0],
        puffCount: null,
        quantity,
      });
      await chooseShipping(db, userId, "free", null);
      return placeOrder(db, userId, `key-${key}-aaaaaaaaaaaaaa`, taxAdded(10));
    };
    const stockNow = async (db: Db) => Number(await variantUnits(db, "flavour", flavour.id));
    beforeAll(async () => {
      const { db } = testDb();
      await insertUsers(db, [newcomer, doubtful, serviced, referred, staff]);
      for (const c of [newcomer, doubtful, serviced, referred]) await addAddress(db, c.id, home);
      await db.updateTable("user").set({ dateOfBirth: "1990-01-01" }).where("role", "=", "customer").execute();
      flavour = await db
        .selectFrom("flavours")
        .select(["id", "sizes"])
        .where(firstSizeInStock(20))
        .orderBy("slug")
        .executeTakeFirstOrThrow();
    });

    it("holds a new customer's first order from dispatch until staff verify; later orders are not held", async () => {
      const { db } = testDb();
      expect((await ageVerificationOf(db, newcomer.id)).status).toBe("unverified");
      const first = await order(db, newcomer.id, "first");
      if (!first.ok) throw new Error(first.message);
      expect((await ageVerificationOf(db, newcomer.id)).status).toBe("pending");
      await changeOrderStep(db, staff, { orderId: first.order.id, step: "confirm", from: "pending" });
      expect(
        await changeOrderStep(db, staff, { orderId: first.order.id, step: "dispatch", from: "confirmed" }),
      ).toEqual({ ok: false, code: "changed", message: ageMessages.dispatchRefused });
      // Staff decide with a note; who and when are kept, and the decision is final.
      expect(await decideAgeCheck(db, staff, shop, newcomer.id, { decision: "verify", note: "" })).toMatchObject({
        ok: false,
        code: "invalid",
        fieldErrors: { note: "Write a short note: what you checked" },
      });
      expect(
        await decideAgeCheck(db, staff, shop, newcomer.id, {
          decision: "verify",
          note: "Passport seen on a video call",
        }),
      ).toMatchObject({ ok: true, status: "verified", cancelledOrders: [] });
      expect(await ageVerificationOf(db, newcomer.id)).toMatchObject({
        status: "verified",
        method: "manual",
        note: "Passport seen on a video call",
        decidedBy: staff.name,
      });
      expect(
        await decideAgeCheck(db, staff, shop, newcomer.id, { decision: "fail", note: "Second thoughts" }),
      ).toMatchObject({ ok: false, code: "changed", message: ageMessages.alreadyDecided });
      const dispatch = { courier: "Evri", trackingNumber: "H01234567890" };
      await payInFull(db, first.order.id); // and paid (docs/decisions/045)
      expect(
        await changeOrderStep(db, staff, { orderId: first.order.id, step: "dispatch", from: "confirmed", dispatch }),
      ).toMatchObject({ ok: true, to: "dispatched" });
      const second = await order(db, newcomer.id, "second");
      expect(second.ok).toBe(true);
      expect((await ageVerificationOf(db, newcomer.id)).status).toBe("verified");
    });

    it("a failed check cancels the open orders (stock back), leaves dispatched ones, and refuses new orders politely", async () => {
      const { db } = testDb();
      const before = await stockNow(db);
      const pending = await order(db, doubtful.id, "doubt-a", 2);
      const confirmed = await order(db, doubtful.id, "doubt-b", 3);
      if (!pending.ok || !confirmed.ok) throw new Error("orders not placed");
      await changeOrderStep(db, staff, { orderId: confirmed.order.id, step: "confirm", from: "pending" });
      expect(await stockNow(db)).toBe(before - 5);
      const failed = await decideAgeCheck(db, staff, shop, doubtful.id, { decision: "fail", note: "ID shows 16" });
      expect(failed).toMatchObject({ ok: true, status: "failed" });
      expect(failed.ok && [...failed.cancelledOrders].sort()).toEqual([pending.order.id, confirmed.order.id].sort());
      expect(await stockNow(db)).toBe(before);
      const statuses = await db.selectFrom("orders").select("status").where("user_id", "=", doubtful.id).execute();
      expect(statuses.map((s) => s.status)).toEqual(["cancelled", "cancelled"]);
      expect(await order(db, doubtful.id, "doubt-c")).toEqual({
        ok: false,
        message: ageMessages.failed,
        code: "invalid",
      });
      expect(await stockNow(db)).toBe(before);
    });

    it("runs the configured checker as a job: a pass verifies (method service, reference kept), a refer waits for staff", async () => {
      const { db } = testDb();
      for (const c of [serviced, referred]) expect((await order(db, c.id, `svc-${c.id}`)).ok).toBe(true);
      expect(await runAgeCheck(db, serviceAnswering("pass"), shop, serviced.id)).toBe("verified");
      expect(await ageVerificationOf(db, serviced.id)).toMatchObject({
        status: "verified",
        method: "service",
        reference: "ref-pass",
      });
      expect(await runAgeCheck(db, serviceAnswering("refer"), shop, referred.id)).toBe("referred");
      expect((await ageVerificationOf(db, referred.id)).status).toBe("pending");
      // Run again after a decision (a retried job): nothing changes.
      expect(await runAgeCheck(db, serviceAnswering("fail"), shop, serviced.id)).toBe("skipped");
      expect((await ageVerificationOf(db, serviced.id)).status).toBe("verified");
    });

    it("is for staff only: a customer cannot decide, an unknown account is refused, only staff see dates of birth", async () => {
      const { db } = testDb();
      await expect(
        decideAgeCheck(db, referred, shop, referred.id, { decision: "verify", note: "It's me, honest" }),
      ).rejects.toThrow();
      expect((await ageVerificationOf(db, referred.id)).status).toBe("pending");
      expect(
        await decideAgeCheck(db, staff, shop, "no-such-account", { decision: "verify", note: "Looks fine" }),
      ).toMatchObject({ ok: false, code: "not-found" });
      expect(
        await decideAgeCheck(db, staff, shop, staff.id, { decision: "verify", note: "Staff are not customers" }),
      ).toMatchObject({ ok: false, code: "not-found" });
      await expect(listAgeChecks(db, referred, null)).rejects.toThrow();
      const list = await listAgeChecks(db, staff, null);
      expect(list.items[0]!.status).toBe("pending"); // pending first
      expect(list.items.find((i) => i.userId === referred.id)).toMatchObject({
        dateOfBirth: "1990-01-01",
        deliveryAddress: "Sam Taylor, 12 High Street, Leeds, LS1 1AA",
      });
    });
  },
  { seed: true },
);

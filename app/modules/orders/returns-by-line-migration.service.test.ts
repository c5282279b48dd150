import { expect, it } from "vitest";
import { migrateTo, migrateToLatest } from "~/db/migrate.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { insertOrder, insertUsers, shopper } from "~/modules/admin/orders/testing/orders-fixture";
import { returnableLines, returnRequestOf } from "./customer-orders.service.server";

// Migration 2026_11_29_1510 (issue 64, docs/decisions/083): a whole-order return stored before becomes a return of
// all its lines, with its reason and decision; nothing is put back in stock or refunded again for it.

const BEFORE = "2026_11_29_1410_staff_roles_audit";
const olive = shopper("olive");

describeEachDatabase("the returns-by-line migration", (testDb) => {
  it("keeps a whole-order return readable as a return of every line, decided as it was", async () => {
    const { db } = testDb();
    await migrateTo(db, BEFORE);
    await insertUsers(db, [olive]);
    const id = await insertOrder(db, { userId: olive.id, status: "delivered" });
    await db
      .insertInto("return_requests")
      .values({
        id: "ret-old-1",
        order_id: id,
        user_id: olive.id,
        reason: "Not what I expected",
        status: "accepted",
        staff_note: "Send it back",
        requested_at: "2026-11-20T10:00:00.000Z",
        decided_at: "2026-11-21T10:00:00.000Z",
        decided_by_id: "staff-sam",
        decided_by_name: "Sam Staff",
      } as never)
      .execute();
    await migrateToLatest(db);
    expect(await returnRequestOf(db, id)).toMatchObject({
      status: "accepted",
      reason: "Not what I expected",
      staffNote: "Send it back",
      shippingRefunded: false,
      lines: [
        {
          id: "ret-old-1-0",
          position: 0,
          name: "Blue Razz",
          quantity: 1,
          unitPriceCents: 1000,
          reason: "Not what I expected",
          kind: "change-of-mind",
          remedy: "refund",
          status: "accepted",
          outcome: null,
        },
      ],
    });
    // Its units count as returned: nothing of the order is left to return.
    expect((await returnableLines(db, id))[0]).toMatchObject({ quantity: 1, inReturns: 1 });
  });
});

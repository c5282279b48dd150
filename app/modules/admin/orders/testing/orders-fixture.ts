// The shared set-up of the back-office order tests: people and orders inserted directly.
import type { Db } from "~/db/database.server";
import type { OrderStatus, PaymentStatus } from "~/db/values";
import { newOrderId } from "~/lib/ids.server";
import type { SessionUser } from "~/modules/accounts/accounts";
import { orderEvents } from "~/modules/orders/orders.service.server";
import { centsToText } from "~/lib/money";
import { recordPayment } from "../payments-admin.service.server";

const sessionUser = (id: string, name: string, role: "customer" | "staff"): SessionUser => ({
  id,
  name,
  email: `${id}@example.com`,
  firstName: name.split(" ")[0]!,
  lastName: null,
  dateOfBirth: "1990-01-01",
  role,
  authProvider: "email",
  ...(role === "staff" ? { staffRoles: ["owner" as const] } : {}),
});
/** A customer called "<id> Name" (first name <id>), born 1990. */
export const shopper = (id: string) => sessionUser(id, `${id} Name`, "customer");
export const staff = sessionUser("staff-sam", "Sam Staff", "staff");
export const alice = sessionUser("alice", "Alice Archer", "customer");
export const bob = { ...sessionUser("bob", "Bob <b>Bold</b>", "customer"), email: "bob@shop.example" };

export async function insertUsers(db: Db, users: SessionUser[]) {
  const now = new Date().toISOString();
  for (const u of users) {
    await db
      .insertInto("user")
      .values({
        id: u.id,
        name: u.name,
        email: u.email,
        firstName: u.firstName,
        emailVerified: 0,
        createdAt: now,
        updatedAt: now,
        role: u.role,
      })
      .execute();
  }
}

export async function insertOrder(
  db: Db,
  o: {
    id?: string;
    userId: string;
    createdAt?: string;
    totalCents?: number;
    status?: OrderStatus;
    paymentStatus?: PaymentStatus;
  },
) {
  const id = o.id ?? newOrderId();
  const createdAt = o.createdAt ?? "2026-11-01T10:00:00.000Z";
  const total = o.totalCents ?? 1100;
  await db
    .insertInto("orders")
    .values({
      id,
      user_id: o.userId,
      idempotency_key: `key-${id}-aaaaaaaaaa`,
      status: o.status ?? "pending",
      payment_status: o.paymentStatus ?? "pending",
      address_title: "Home",
      address_type: "HOME",
      address_recipient: "Sam Taylor",
      address_line1: "12 High Street",
      address_line2: "",
      address_town: "Leeds",
      address_postcode: "LS1 1AA",
      address_phone: "07700 900111",
      shipping_method: "free",
      delivery_date: "2026-11-16",
      shipping_cents: 0,
      subtotal_cents: total - 100,
      tax_cents: 100,
      total_cents: total,
      currency: "GBP",
      tax_rate_basis_points: 2000,
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
  await db
    .insertInto("order_lines")
    .values({
      order_id: id,
      position: 0,
      kind: "flavour",
      item_id: "f1",
      name: "Blue Razz",
      image: null,
      flavour: "Blue Razz",
      nicotine_strength: 10,
      puff_count: null,
      unit_price_cents: total - 100,
      quantity: 1,
      line_total_cents: total - 100,
    })
    .execute();
  return id;
}

/** Puts an order straight into a state, as set-up (the shop itself moves it only through transitionOrder). */
export async function setOrderState(
  db: Db,
  id: string,
  state: { status?: OrderStatus; paymentStatus?: PaymentStatus },
) {
  await db
    .updateTable("orders")
    .set({
      ...(state.status && { status: state.status }),
      ...(state.paymentStatus && { payment_status: state.paymentStatus }),
    })
    .where("id", "=", id)
    .execute();
}

export const snapshot = async (db: Db, id: string) => ({
  order: await db
    .selectFrom("orders")
    .select(["status", "payment_status", "updated_at"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow(),
  events: await orderEvents(db, id),
});

/** Marks the order delivered `daysAgo` days before `now`, as staff would have: its status and the history's event. */
export async function deliveredDaysAgo(db: Db, id: string, daysAgo: number, now = new Date()) {
  await db.updateTable("orders").set({ status: "delivered" }).where("id", "=", id).execute();
  await db
    .insertInto("order_events")
    .values({
      id: `ev-${id}`,
      order_id: id,
      field: "status",
      from_value: "dispatched",
      to_value: "delivered",
      by_user_id: staff.id,
      by_name: staff.name,
      actor_kind: "staff",
      created_at: new Date(now.getTime() - daysAgo * 86_400_000).toISOString(),
    })
    .execute();
}

/**
 * Records the order's payment in full as staff would (its total, by bank transfer), so that it may be dispatched
 * (docs/decisions/045). Throws if the payment is refused: set-up that fails should say so.
 */
export async function payInFull(db: Db, orderId: string, now = new Date(), mail?: { shopName: string }) {
  const { total_cents } = await db
    .selectFrom("orders")
    .select("total_cents")
    .where("id", "=", orderId)
    .executeTakeFirstOrThrow();
  const paid = await recordPayment(
    db,
    staff,
    orderId,
    {
      method: "bank-transfer",
      reference: `BACS-${orderId}`,
      amount: centsToText(Number(total_cents)),
      from: "pending",
    },
    now,
    mail,
  );
  if (!paid.ok) throw new Error(`payInFull ${orderId}: ${paid.message}`);
}

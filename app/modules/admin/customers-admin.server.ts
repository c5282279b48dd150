import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { likeMatch, likePattern } from "~/db/like.server";
import { fullName, type SessionUser } from "~/modules/accounts/accounts";
import { addressTypeLabels, type AddressType } from "~/modules/checkout/addresses";
import { assertStaff } from "./guard.server";
import { pageWindow, type ListParams } from "./listing";

/**
 * Customers as the back office sees them. Every query names its columns: password hashes (table `account`) and
 * session tokens (table `session`) are never read here.
 */

export const CUSTOMER_SORTS = ["name", "email", "role", "joined", "orders"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export type CustomerRow = { id: string; name: string; email: string; role: string; joinedAt: string; orderCount: number };
export type CustomerDetail = {
  id: string;
  name: string;
  email: string;
  role: string;
  dateOfBirth: string | null;
  signInMethod: string;
  joinedAt: string;
  orders: Array<{ id: string; status: string; paymentStatus: string; totalCents: number; createdAt: string }>;
  addresses: Array<{ id: string; title: string; type: string; address: string; phone: string; isDefault: boolean }>;
};

const signInMethods: Record<string, string> = { email: "Email and password", google: "Google" };

/** Better Auth's timestamps arrive as Date (PostgreSQL) or text (SQLite). */
const iso = (value: string | Date | number) => new Date(value).toISOString();

export async function listCustomers(db: Db, actor: SessionUser | null, params: ListParams<CustomerSort>) {
  assertStaff(actor);
  const pattern = params.q ? likePattern(params.q) : null;
  const users = db
    .selectFrom("user as u")
    .$if(pattern !== null, (q) => q.where((eb) => eb.or([likeMatch("u.name", pattern!), likeMatch("u.email", pattern!)])));
  const counted = await users.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow();
  const total = Number(counted.count);
  const window = pageWindow(params.rawPage, total);
  let query = users
    .select(["u.id", "u.name", "u.firstName", "u.lastName", "u.email", "u.role", "u.createdAt"])
    .select((eb) =>
      eb
        .selectFrom("orders as o")
        .select((inner) => inner.fn.countAll<number | string>().as("n"))
        .whereRef("o.user_id", "=", "u.id")
        .as("order_count"),
    );
  const { dir } = params;
  if (params.sort === "name") query = query.orderBy(sql`lower(u.name)`, dir);
  else if (params.sort === "email") query = query.orderBy(sql`lower(u.email)`, dir);
  else if (params.sort === "role") query = query.orderBy("u.role", dir);
  else if (params.sort === "orders") query = query.orderBy("order_count", dir);
  query = query.orderBy("u.createdAt", params.sort === "joined" ? dir : "desc").orderBy("u.id");
  const rows = await query.limit(window.limit).offset(window.offset).execute();
  const customers: CustomerRow[] = rows.map((r) => ({
    id: r.id,
    name: fullName(r),
    email: r.email,
    role: r.role,
    joinedAt: iso(r.createdAt),
    orderCount: Number(r.order_count ?? 0),
  }));
  return { customers, total, ...window };
}

/** One customer with their orders (newest first) and address book; null for an unknown id. */
export async function getCustomer(db: Db, actor: SessionUser | null, id: string): Promise<CustomerDetail | null> {
  assertStaff(actor);
  const user = await db
    .selectFrom("user")
    .select(["id", "name", "firstName", "lastName", "email", "role", "dateOfBirth", "authProvider", "createdAt"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!user) return null;
  const [orders, addresses] = await Promise.all([
    db
      .selectFrom("orders")
      .select(["id", "status", "payment_status", "total_cents", "created_at"])
      .where("user_id", "=", id)
      .orderBy("created_at", "desc")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("addresses")
      .select(["id", "title", "type", "address", "phone", "is_default"])
      .where("user_id", "=", id)
      .orderBy("position")
      .orderBy("created_at")
      .execute(),
  ]);
  return {
    id: user.id,
    name: fullName(user),
    email: user.email,
    role: user.role,
    dateOfBirth: user.dateOfBirth,
    signInMethod: user.authProvider ? (signInMethods[user.authProvider] ?? user.authProvider) : "Not recorded",
    joinedAt: iso(user.createdAt),
    orders: orders.map((o) => ({ id: o.id, status: o.status, paymentStatus: o.payment_status, totalCents: o.total_cents, createdAt: o.created_at })),
    addresses: addresses.map((a) => ({
      id: a.id,
      title: a.title,
      type: addressTypeLabels[a.type as AddressType] ?? a.type,
      address: a.address,
      phone: a.phone,
      isDefault: Number(a.is_default) === 1,
    })),
  };
}

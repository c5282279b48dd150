import type { Db } from "~/db/database.server";
import type { DeliveryAddress } from "~/lib/uk-address";
import { fullName, type SessionUser } from "~/modules/accounts/accounts";
import { addressTypeLabels } from "~/modules/checkout/addresses";
import { assertStaff } from "~/modules/accounts/staff";
import { pageWindow, type ListParams } from "~/lib/listing";
import * as repo from "./customers-admin.repository.server";

/**
 * Customers as the back office sees them. Every query names its columns: password hashes (table `account`) and
 * session tokens (table `session`) are never read here.
 */

export const CUSTOMER_SORTS = ["name", "email", "role", "joined", "orders"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

export type CustomerRow = {
  id: string;
  name: string;
  email: string;
  role: string;
  joinedAt: string;
  orderCount: number;
};
export type CustomerDetail = {
  id: string;
  name: string;
  email: string;
  role: string;
  dateOfBirth: string | null;
  signInMethod: string;
  joinedAt: string;
  orders: Array<{
    id: string;
    status: string;
    paymentStatus: string;
    totalCents: number;
    currency: string;
    createdAt: string;
  }>;
  addresses: Array<DeliveryAddress & { id: string; isDefault: boolean }>;
};

const signInMethods: Record<string, string> = { email: "Email and password", google: "Google" };

/** Better Auth's timestamps arrive as Date (PostgreSQL) or text (SQLite). */
const iso = (value: string | Date | number) => new Date(value).toISOString();

export async function listCustomers(db: Db, actor: SessionUser | null, params: ListParams<CustomerSort>) {
  assertStaff(actor);
  const total = await repo.countCustomers(db, params.q);
  const window = pageWindow(params.rawPage, total);
  const rows = await repo.findCustomerPage(db, {
    q: params.q,
    sort: params.sort,
    dir: params.dir,
    limit: window.limit,
    offset: window.offset,
  });
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
  const user = await repo.findCustomer(db, id);
  if (!user) return null;
  const [orders, addresses] = await Promise.all([repo.findCustomerOrders(db, id), repo.findCustomerAddresses(db, id)]);
  return {
    id: user.id,
    name: fullName(user),
    email: user.email,
    role: user.role,
    dateOfBirth: user.dateOfBirth,
    signInMethod: user.authProvider ? (signInMethods[user.authProvider] ?? user.authProvider) : "Not recorded",
    joinedAt: iso(user.createdAt),
    orders: orders.map((o) => ({
      id: o.id,
      status: o.status,
      paymentStatus: o.payment_status,
      totalCents: o.total_cents,
      currency: o.currency,
      createdAt: o.created_at,
    })),
    addresses: addresses.map((a) => ({
      id: a.id,
      title: a.title,
      type: addressTypeLabels[a.type] ?? a.type,
      recipient: a.recipient,
      line1: a.line1,
      line2: a.line2,
      town: a.town,
      postcode: a.postcode,
      phone: a.phone,
      isDefault: Number(a.is_default) === 1,
    })),
  };
}

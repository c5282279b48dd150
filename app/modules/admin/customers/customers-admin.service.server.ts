import { stringify } from "csv-stringify/sync";
import type { Db } from "~/db/database.server";
import type { DeliveryAddress } from "~/lib/uk-address";
import { fullName, type SessionUser } from "~/modules/accounts/accounts";
import { addressTypeLabels } from "~/modules/checkout/addresses";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { ageStatusLabels } from "~/modules/age-checks/age-checks";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { exportAccountData, type AccountExport } from "~/modules/data-rights/data-rights.service.server";
import { pageWindow, type ListParams } from "~/lib/listing";
import { shopDate } from "~/lib/shop-time";
import * as repo from "./customers-admin.repository.server";

/**
 * Customers as the back office sees them (issue 63: "customers.read" to look, "customers.export" to download). Every
 * query names its columns: password hashes (table `account`) and session tokens (table `session`) are never read here.
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
  assertAllowed(actor, "customers.read");
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
  assertAllowed(actor, "customers.read");
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

/** The most rows one customers CSV holds (a search gives the rest). */
export const CUSTOMERS_CSV_MAX_ROWS = 100_000;

export const customersCsvHeader = ["Name", "E-mail", "Role", "Joined", "Orders", "Age check"] as const;

/**
 * The customer list as CSV (owner only, "customers.export"): every account the list page's search finds, in its
 * order, one row each with what the page shows and the age check's status. Each download is an audit entry of its
 * own ("customers.export": how many rows and how the list was filtered; never who was in it, nor the search's text,
 * which may be a name or an e-mail).
 */
export async function customersCsv(
  db: Db,
  actor: SessionUser | null,
  params: Pick<ListParams<CustomerSort>, "q" | "sort" | "dir">,
): Promise<{ csv: string; rows: number }> {
  assertAllowed(actor, "customers.export");
  const rows = await repo.findCustomersForExport(db, { ...params, limit: CUSTOMERS_CSV_MAX_ROWS });
  const records = rows.map((r) =>
    [
      fullName(r),
      r.email,
      r.role,
      shopDate(new Date(iso(r.createdAt))),
      String(Number(r.order_count ?? 0)),
      ageStatusLabels[r.age_status ?? "unverified"],
    ].map(textCell),
  );
  await recordAudit(db, auditActorOf(actor), {
    action: "customers.export",
    entity: "customer",
    details: { rows: records.length, searched: params.q !== "", sort: params.sort, dir: params.dir },
  });
  const csv = stringify([[...customersCsvHeader], ...records], {
    record_delimiter: "\r\n",
    quote_record_delimiter: true,
  });
  return { csv, rows: records.length };
}

/** A cell a spreadsheet would run as a formula (=, +, -, @, a tab or a return first) is kept as text: a leading '. */
const textCell = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);

/**
 * One customer's own data (owner only, "customers.export"), for a right of access request made by post or e-mail:
 * the same copy the customer downloads from their account (app/modules/data-rights). Null for an unknown account.
 * Each export is an audit entry of its own ("customer.export", the account's id; nothing of what it holds).
 */
export async function customerDataExport(
  db: Db,
  actor: SessionUser | null,
  id: string,
  now = new Date(),
): Promise<AccountExport | null> {
  assertAllowed(actor, "customers.export");
  const copy = await exportAccountData(db, id, now);
  if (!copy) return null;
  await recordAudit(db, auditActorOf(actor), { action: "customer.export", entity: "customer", entityId: id }, now);
  return copy;
}

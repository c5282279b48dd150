/** The back office's customer queries. Every one names its columns: password hashes and sessions are never read. */
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { likeMatch, likePattern } from "~/db/like.server";
import type { SortDirection } from "~/lib/listing";

const people = (db: Db, q: string) => {
  const pattern = q ? likePattern(q) : null;
  return db
    .selectFrom("user as u")
    .$if(pattern !== null, (query) =>
      query.where((eb) => eb.or([likeMatch("u.name", pattern!), likeMatch("u.email", pattern!)])),
    );
};

export async function countCustomers(db: Db, q: string): Promise<number> {
  const counted = await people(db, q)
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(counted.count);
}

/** The accounts a search finds with their order counts, in the order asked for (newest first within it). */
function customerRows(db: Db, o: { q: string; sort: string; dir: SortDirection }) {
  let query = people(db, o.q)
    .select(["u.id", "u.name", "u.firstName", "u.lastName", "u.email", "u.role", "u.createdAt"])
    .select((eb) =>
      eb
        .selectFrom("orders as o")
        .select((inner) => inner.fn.countAll<number | string>().as("n"))
        .whereRef("o.user_id", "=", "u.id")
        .as("order_count"),
    );
  if (o.sort === "name") query = query.orderBy(sql`lower(u.name)`, o.dir);
  else if (o.sort === "email") query = query.orderBy(sql`lower(u.email)`, o.dir);
  else if (o.sort === "role") query = query.orderBy("u.role", o.dir);
  else if (o.sort === "orders") query = query.orderBy("order_count", o.dir);
  return query.orderBy("u.createdAt", o.sort === "joined" ? o.dir : "desc").orderBy("u.id");
}

/** One page of accounts with their order counts. */
export function findCustomerPage(
  db: Db,
  o: { q: string; sort: string; dir: SortDirection; limit: number; offset: number },
) {
  return customerRows(db, o).limit(o.limit).offset(o.offset).execute();
}

/** The customers CSV's rows: the list's, with each account's age check status (no row: never checked). */
export function findCustomersForExport(db: Db, o: { q: string; sort: string; dir: SortDirection; limit: number }) {
  return customerRows(db, o)
    .leftJoin("age_verifications as av", "av.user_id", "u.id")
    .select("av.status as age_status")
    .limit(o.limit)
    .execute();
}

export const findCustomer = (db: Db, id: string) =>
  db
    .selectFrom("user")
    .select(["id", "name", "firstName", "lastName", "email", "role", "dateOfBirth", "authProvider", "createdAt"])
    .where("id", "=", id)
    .executeTakeFirst();

export const findCustomerOrders = (db: Db, userId: string) =>
  db
    .selectFrom("orders")
    .select(["id", "status", "payment_status", "total_cents", "currency", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();

export const findCustomerAddresses = (db: Db, userId: string) =>
  db
    .selectFrom("addresses")
    .select(["id", "title", "type", "recipient", "line1", "line2", "town", "postcode", "phone", "is_default"])
    .where("user_id", "=", userId)
    .orderBy("position")
    .orderBy("created_at")
    .execute();

/**
 * Shipping methods (docs/decisions/082): the checkout and the storefront read the active ones in order; staff with the
 * `shipping` permission add, edit, move, retire and bring back methods at /admin/shipping. Every change is audited
 * in its transaction and drops the cached storefront pages (the delivery promise shows the methods).
 */
import { bumpStorefrontVersion } from "~/db/content-version.server";
import type { Db } from "~/db/database.server";
import { inTransaction } from "~/db/transaction.server";
import { check } from "~/lib/form-check";
import { newId } from "~/lib/ids.server";
import { fail, type Result } from "~/lib/result";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { changesOf } from "~/modules/audit/audit";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { promisedDay, shippingFormSchema, shippingPriceFor, type ShippingMethod } from "./shipping";
import { shopDate } from "~/lib/shop-time";
import * as repo from "./shipping-methods.repository.server";

const toMethod = (row: repo.ShippingMethodRow): ShippingMethod => ({
  id: row.id,
  name: row.name,
  priceCents: Number(row.price_cents),
  deliveryDays: Number(row.delivery_days),
  weekdays: row.weekdays
    .split(",")
    .filter(Boolean)
    .map(Number)
    .sort((a, b) => a - b),
  freeOverCents: row.free_over_cents === null ? null : Number(row.free_over_cents),
  customerPicksDay: Number(row.customer_picks_day) === 1,
  position: Number(row.position),
  retired: row.retired_at !== null,
});

/** Every method, retired ones too, in their order (the back office's list). */
export const listShippingMethods = async (db: Db) => (await repo.findShippingMethodRows(db)).map(toMethod);

/** The methods a customer is offered, in their order. */
export const activeShippingMethods = async (db: Db) => (await listShippingMethods(db)).filter((m) => !m.retired);

/** One method by id (retired too), or null. */
export async function findShippingMethod(db: Db, id: unknown): Promise<ShippingMethod | null> {
  if (typeof id !== "string" || id.length > 64) return null;
  const row = await repo.findShippingMethodRow(db, id);
  return row ? toMethod(row) : null;
}

/** What the form sends: text fields, the ticked weekdays, the 'customer picks the day' box. */
export type ShippingFormValues = {
  name: string;
  price: string;
  days: string;
  weekdays: string[];
  freeOver: string;
  picksDay: boolean;
};

const AUDITED = ["name", "priceCents", "deliveryDays", "weekdays", "freeOverCents", "customerPicksDay"] as const;
const audited = (m: ShippingMethod) => ({ ...m, weekdays: m.weekdays.join(",") });

type Saved = Result<{ id: string }>;

/** Adds a method at the end of the list; nothing is saved when a field is wrong. */
export async function addShippingMethod(
  db: Db,
  staff: SessionUser | null,
  values: ShippingFormValues,
  now = new Date(),
): Promise<Saved> {
  assertAllowed(staff, "shipping");
  const checked = check(shippingFormSchema, values);
  if (!checked.ok) return checked;
  const v = checked.data;
  const id = newId(10);
  const at = now.toISOString();
  return inTransaction(db, async (trx): Promise<Saved> => {
    const rows = await repo.findShippingMethodRows(trx);
    const position = Math.max(0, ...rows.map((r) => Number(r.position))) + 1;
    await repo.insertShippingMethodRow(trx, {
      id,
      name: v.name,
      price_cents: v.price,
      delivery_days: v.days,
      weekdays: v.weekdays.join(","),
      free_over_cents: v.freeOver,
      customer_picks_day: v.picksDay ? 1 : 0,
      position,
      retired_at: null,
      created_at: at,
      updated_at: at,
    });
    const after = audited({ ...toMethod((await repo.findShippingMethodRow(trx, id))!) });
    await recordAudit(
      trx,
      auditActorOf(staff),
      {
        action: "shipping.add",
        entity: "shipping-method",
        entityId: id,
        details: { changes: changesOf<Record<string, unknown>>({}, after, [...AUDITED]) },
      },
      now,
    );
    await bumpStorefrontVersion(trx);
    return { ok: true, id };
  });
}

/** Changes a method's details; orders already placed keep theirs (each order holds its own name, price and day). */
export async function editShippingMethod(
  db: Db,
  staff: SessionUser | null,
  id: string,
  values: ShippingFormValues,
  now = new Date(),
): Promise<Saved> {
  assertAllowed(staff, "shipping");
  const checked = check(shippingFormSchema, values);
  if (!checked.ok) return checked;
  const v = checked.data;
  return inTransaction(db, async (trx): Promise<Saved> => {
    const row = await repo.findShippingMethodRow(trx, id);
    if (!row) return fail("not-found", "No such shipping method");
    await repo.updateShippingMethodRow(trx, id, {
      name: v.name,
      price_cents: v.price,
      delivery_days: v.days,
      weekdays: v.weekdays.join(","),
      free_over_cents: v.freeOver,
      customer_picks_day: v.picksDay ? 1 : 0,
      updated_at: now.toISOString(),
    });
    const changes = changesOf(audited(toMethod(row)), audited(toMethod((await repo.findShippingMethodRow(trx, id))!)), [
      ...AUDITED,
    ]);
    if (changes) {
      await recordAudit(
        trx,
        auditActorOf(staff),
        { action: "shipping.edit", entity: "shipping-method", entityId: id, details: { changes } },
        now,
      );
      await bumpStorefrontVersion(trx);
    }
    return { ok: true, id };
  });
}

/** Moves a method one place up or down the list (at the top or bottom already: nothing changes). */
export async function moveShippingMethod(
  db: Db,
  staff: SessionUser | null,
  id: string,
  direction: "up" | "down",
  now = new Date(),
): Promise<Saved> {
  assertAllowed(staff, "shipping");
  return inTransaction(db, async (trx): Promise<Saved> => {
    const rows = await repo.findShippingMethodRows(trx);
    const at = rows.findIndex((r) => r.id === id);
    if (at < 0) return fail("not-found", "No such shipping method");
    const other = direction === "up" ? at - 1 : at + 1;
    if (other < 0 || other >= rows.length) return { ok: true, id };
    const order = rows.map((r) => r.id);
    [order[at], order[other]] = [order[other]!, order[at]!];
    for (const [i, rowId] of order.entries()) {
      const row = rows.find((r) => r.id === rowId)!;
      if (Number(row.position) !== i + 1) await repo.updateShippingMethodRow(trx, rowId, { position: i + 1 });
    }
    await recordAudit(
      trx,
      auditActorOf(staff),
      {
        action: "shipping.move",
        entity: "shipping-method",
        entityId: id,
        details: { changes: { position: [at + 1, other + 1] }, direction },
      },
      now,
    );
    await bumpStorefrontVersion(trx);
    return { ok: true, id };
  });
}

/** Retires a method (no longer offered; orders placed with it keep it) or brings a retired one back. */
export async function retireShippingMethod(
  db: Db,
  staff: SessionUser | null,
  id: string,
  retire: boolean,
  now = new Date(),
): Promise<Saved> {
  assertAllowed(staff, "shipping");
  return inTransaction(db, async (trx): Promise<Saved> => {
    const row = await repo.findShippingMethodRow(trx, id);
    if (!row) return fail("not-found", "No such shipping method");
    if ((row.retired_at !== null) === retire) return { ok: true, id };
    if (retire) {
      const active = (await repo.findShippingMethodRows(trx)).filter((r) => r.retired_at === null);
      if (active.length <= 1) return fail("invalid", "Keep at least one shipping method: the checkout needs one");
    }
    const stamp = now.toISOString();
    await repo.updateShippingMethodRow(trx, id, { retired_at: retire ? stamp : null, updated_at: stamp });
    await recordAudit(
      trx,
      auditActorOf(staff),
      {
        action: retire ? "shipping.retire" : "shipping.restore",
        entity: "shipping-method",
        entityId: id,
        details: { changes: { retired: [!retire, retire] } },
      },
      now,
    );
    await bumpStorefrontVersion(trx);
    return { ok: true, id };
  });
}

/**
 * The chosen method's name, price for a cart of this subtotal and day (the payment step: what placing the order will
 * keep); null when it is not offered any more.
 */
export async function shippingQuote(
  db: Db,
  choice: { shippingMethod: string | null; deliveryDate: string | null },
  subtotalCents: number,
  now = new Date(),
) {
  const method = choice.shippingMethod ? await findShippingMethod(db, choice.shippingMethod) : null;
  if (!method || method.retired) return null;
  const date = method.customerPicksDay ? choice.deliveryDate : promisedDay(method, shopDate(now));
  return { name: method.name, priceCents: shippingPriceFor(method, subtotalCents), date: date ?? "" };
}

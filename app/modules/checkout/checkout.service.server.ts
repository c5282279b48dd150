import type { Db } from "~/db/database.server";
import { fail, type Result } from "~/lib/result";
import * as repo from "./checkout.repository.server";
import { shopDate } from "~/lib/shop-time";
import { deliveryDateFor, scheduleDays, scheduleMessages, shippingMethodSchema, type ShippingMethod } from "./shipping";

export type CheckoutState = {
  addressId: string | null;
  /** The chosen address has what a courier needs (one saved before the UK form may not: docs/decisions/046). */
  addressComplete: boolean;
  shippingMethod: ShippingMethod | null;
  deliveryDate: string | null;
};

export async function getCheckoutState(db: Db, userId: string): Promise<CheckoutState> {
  const row = await repo.findCheckoutStateRow(db, userId);
  const method = shippingMethodSchema.safeParse(row?.shipping_method);
  return {
    addressId: row?.address_id ?? null,
    addressComplete: Boolean(row?.recipient && row.line1 && row.town && row.postcode),
    shippingMethod: method.success ? method.data : null,
    deliveryDate: row?.delivery_date ?? null,
  };
}

export type ShippingChoice = Result;

/** Free or Express: the date is today plus their days. Schedule: one of the next 15 days, nothing else. */
export async function chooseShipping(
  db: Db,
  userId: string,
  rawMethod: unknown,
  rawDate: unknown,
  now = new Date(),
): Promise<ShippingChoice> {
  const method = shippingMethodSchema.safeParse(rawMethod);
  if (!method.success) return fail("invalid", "Please choose a shipping method");
  const today = shopDate(now);
  let date: string;
  if (method.data === "schedule") {
    if (typeof rawDate !== "string" || !scheduleDays(today).includes(rawDate))
      return fail("invalid", scheduleMessages.pickDay);
    date = rawDate;
  } else {
    date = deliveryDateFor(method.data, today);
  }
  if (!(await repo.setShippingIfAddressChosen(db, userId, method.data, date, now.toISOString())))
    return fail("invalid", "Please select a shipping address");
  return { ok: true };
}

import type { Db } from "~/db/database.server";
import { fail, type Result } from "~/lib/result";
import * as repo from "./checkout.repository.server";
import { shopDate } from "~/lib/shop-time";
import { daysOnOffer, pickDayMessage, promisedDay, shippingMessages } from "./shipping";
import { findShippingMethod } from "./shipping-methods.service.server";

export type CheckoutState = {
  addressId: string | null;
  /** The chosen address has what a courier needs (one saved before the UK form may not: docs/decisions/046). */
  addressComplete: boolean;
  /** The chosen shipping method's id (docs/decisions/082). */
  shippingMethod: string | null;
  deliveryDate: string | null;
};

export async function getCheckoutState(db: Db, userId: string): Promise<CheckoutState> {
  const row = await repo.findCheckoutStateRow(db, userId);
  return {
    addressId: row?.address_id ?? null,
    addressComplete: Boolean(row?.recipient && row.line1 && row.town && row.postcode),
    shippingMethod: row?.shipping_method ?? null,
    deliveryDate: row?.delivery_date ?? null,
  };
}

export type ShippingChoice = Result;

/**
 * A method the shop offers (not retired); its day is the one it promises, or for a method whose customer picks the
 * day, one of the days on offer and nothing else (docs/decisions/082).
 */
export async function chooseShipping(
  db: Db,
  userId: string,
  rawMethod: unknown,
  rawDate: unknown,
  now = new Date(),
): Promise<ShippingChoice> {
  if (typeof rawMethod !== "string" || rawMethod === "") return fail("invalid", shippingMessages.choose);
  const method = await findShippingMethod(db, rawMethod);
  if (!method) return fail("invalid", shippingMessages.choose);
  if (method.retired) return fail("invalid", shippingMessages.notOffered);
  const today = shopDate(now);
  let date: string;
  if (method.customerPicksDay) {
    if (typeof rawDate !== "string" || !daysOnOffer(method, today).includes(rawDate))
      return fail("invalid", pickDayMessage(method));
    date = rawDate;
  } else {
    date = promisedDay(method, today);
  }
  if (!(await repo.setShippingIfAddressChosen(db, userId, method.id, date, now.toISOString())))
    return fail("invalid", "Please select a shipping address");
  return { ok: true };
}

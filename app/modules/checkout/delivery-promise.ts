/**
 * What the shop promises about delivery outside the checkout (the product badges, the delivery terms, the About page),
 * worded from the shop's active shipping methods (docs/decisions/082) so the promise and the checkout cannot disagree.
 * No zod here: product pages import it (docs/decisions/016); loaders hand in the methods.
 */
import { formatMoney } from "~/lib/money";

/** One way of delivering, as the checkout offers it. */
export type DeliveryOption = { name: string; priceCents: number; deliveryDays: number };

/**
 * The methods as pages need them, cheapest first (then fastest); a method whose customer picks the day promises no
 * 'within' and is left out.
 */
export function deliveryOptionsOf(
  options: ReadonlyArray<DeliveryOption & { customerPicksDay?: boolean }>,
): DeliveryOption[] {
  return options
    .filter((o) => !o.customerPicksDay)
    .map(({ name, priceCents, deliveryDays }) => ({ name, priceCents, deliveryDays }))
    .sort((a, b) => a.priceCents - b.priceCents || a.deliveryDays - b.deliveryDays);
}

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

/** 'Free Shipping within 15 days', 'Express Shipping £8.50 within 3 days': the name, the price unless free, the days. */
export function deliveryOptionText(option: DeliveryOption, currency: string): string {
  const price = option.priceCents === 0 ? "" : ` ${formatMoney(option.priceCents, currency)}`;
  return `${option.name}${price} within ${days(option.deliveryDays)}`;
}

/** The badge's heading: 'Free Delivery' only while one of the options costs nothing. */
export const deliveryTitle = (options: DeliveryOption[]) =>
  options.some((o) => o.priceCents === 0) ? "Free Delivery" : "Delivery";

/**
 * Vaping duty stamps (docs/guide/uk-rules.md, docs/decisions/079). Client-safe, no I/O.
 *
 * Vaping Products Duty applies from 1 October 2026; each retail pack needs a vaping duty stamp. Stock made or imported
 * before 1 October 2026 may be sold unstamped only until 1 April 2027: from 00:00 that day (London time, which is
 * then British Summer Time, UTC+1) holding or selling an unstamped vaping product is an offence. The shop's clock
 * decides (the tests move it; the system clock moved by faketime gives the same answer).
 */

/** The first day of the duty: unstamped stock made or imported from this day may never be sold. */
export const DUTY_START_DAY = "2026-10-01";
/** The last moment unstamped stock may be sold: 1 April 2027 00:00 in London (BST) = 31 March 2027 23:00 UTC. */
export const UNSTAMPED_SALE_ENDS_AT = "2027-03-31T23:00:00.000Z";
/** From this day the dashboard warns of the unstamped units left (London time). */
export const UNSTAMPED_WARNING_FROM = "2027-01-01T00:00:00.000Z";
/** From this day staff get a weekly e-mail about the unstamped units left (London time, GMT then). */
export const UNSTAMPED_WEEKLY_MAIL_FROM = "2027-03-01T00:00:00.000Z";

const at = (when: Date | string) => (typeof when === "string" ? when : when.toISOString());

/** Whether lawful unstamped units (made or imported before 1 October 2026) may still be sold at `when`. */
export const unstampedSellable = (when: Date | string) => at(when) < UNSTAMPED_SALE_ENDS_AT;

/** Whole days left to sell unstamped units at `when` (0 once the cut-off has passed). */
export function unstampedDaysLeft(when: Date | string): number {
  const left = Date.parse(UNSTAMPED_SALE_ENDS_AT) - Date.parse(at(when));
  return left <= 0 ? 0 : Math.ceil(left / 86_400_000);
}

/**
 * Where a delivery's units go: stamped ones are sold; unstamped ones made or imported before 1 October 2026 are sold
 * until the cut-off; any other unstamped ones are held back from sale (quarantined) until returned or destroyed.
 */
export function unitsFate(
  line: { stamped: boolean; madeBeforeDuty: boolean },
  when: Date | string,
): "stamped" | "unstamped" | "quarantined" {
  if (line.stamped) return "stamped";
  return line.madeBeforeDuty && unstampedSellable(when) ? "unstamped" : "quarantined";
}

/**
 * The shop's clock (docs/decisions/024): the time zone its days are counted in (SHOP_TIME_ZONE, Europe/London by
 * default), the day an instant falls on, the instant a day begins, arithmetic on calendar dates (YYYY-MM-DD) and the
 * dates the pages show. Client-safe. The zone is a setting of this module: the server sets it once from its
 * configuration (app/context.server.ts), the browser from the root loader's settings before anything renders
 * (app/root.tsx), so both write the same text.
 */

export const DEFAULT_SHOP_TIME_ZONE = "Europe/London";

const knownZones = new Map<string, boolean>();

/** Whether this runtime knows the time zone (an IANA name such as "Europe/London"). */
export function isTimeZone(zone: string): boolean {
  // Asked on every page render (app/root.tsx): making a DateTimeFormat each time was 5 % of a rendered page's CPU
  // (issue 32's profile). The answer for a name never changes while the process runs.
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en-GB", { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    if (knownZones.size < 100) knownZones.set(zone, known);
  }
  return known;
}

type Clock = { parts: Intl.DateTimeFormat };
let zone = DEFAULT_SHOP_TIME_ZONE;
// Formatters are costly to make: built on first use, again only when the zone changes.
let clock: Clock | null = null;

const current = (): Clock =>
  (clock ??= {
    parts: new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }),
  });

/** Makes `next` the shop's time zone; an unknown zone is refused with a RangeError. */
export function setShopTimeZone(next: string): void {
  if (next === zone) return;
  if (!isTimeZone(next)) throw new RangeError(`Unknown time zone "${next}"`);
  zone = next;
  clock = null;
  storedDays.clear();
}

export const shopTimeZone = () => zone;

type Instant = Date | string | number;

function wallClock(when: Instant) {
  const parts: Record<string, string> = {};
  for (const part of current().parts.formatToParts(new Date(when))) parts[part.type] = part.value;
  return parts as Record<"year" | "month" | "day" | "hour" | "minute" | "second", string>;
}

/**
 * Answers kept by their question, at most `limit`, all let go when full (or when the zone changes): pages show the
 * same stored instants and days again and again (a post's date on every home page), and Intl's formatting is the
 * dear part (formatToParts: 2 % of home's CPU for its three posts).
 */
function kept<T>(limit: number, answer: (question: string) => T) {
  const answers = new Map<string, T>();
  return {
    get(question: string): T {
      let known = answers.get(question);
      if (known === undefined) {
        known = answer(question);
        if (answers.size >= limit) answers.clear();
        answers.set(question, known);
      }
      return known;
    },
    clear: () => answers.clear(),
  };
}

const dayOf = (when: Instant) => {
  const { year, month, day } = wallClock(when);
  return `${year}-${month}-${day}`;
};
// Stored instants (text, as the database keeps them) repeat; `now` and Dates do not, and are not kept.
const storedDays = kept(1000, dayOf);

/** The shop's calendar date (YYYY-MM-DD) at an instant, by default now. */
export function shopDate(when: Instant = new Date()): string {
  return typeof when === "string" ? storedDays.get(when) : dayOf(when);
}

/** How far the shop's clocks are ahead of UTC at the instant `ms`, in milliseconds. */
function offsetAt(ms: number): number {
  const c = wallClock(ms);
  return Date.UTC(+c.year, +c.month - 1, +c.day, +c.hour, +c.minute, +c.second) - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant a shop day (YYYY-MM-DD) begins: 00:00 on the shop's clocks, GMT or BST. The offset is read twice, at
 * UTC midnight and then at the first guess, because the clocks may change between the two (on 25 October 2026 London
 * is on BST at 23:00 UTC on the 24th but on GMT by 01:00 UTC). Of the two answers the earlier one that falls on the day
 * wins; a zone that skips midnight begins its day at the later one.
 */
export function shopDayStart(isoDate: string): Date {
  const midnight = Date.parse(`${isoDate}T00:00:00Z`);
  const first = midnight - offsetAt(midnight);
  const second = midnight - offsetAt(first);
  const [early, late] = first < second ? [first, second] : [second, first];
  return new Date(shopDate(early) === isoDate ? early : late);
}

/** A calendar date `days` after (or before, when negative) `isoDate`. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Monday of the week containing `isoDate` (weeks run Monday to Sunday). */
export function weekStart(isoDate: string): string {
  const weekday = new Date(`${isoDate}T12:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(isoDate, -((weekday + 6) % 7));
}

// Calendar dates are the same everywhere: formatted at noon UTC, in UTC.
const calendar = (locale: "en-GB" | "en-US", options: Intl.DateTimeFormatOptions) => {
  let format: Intl.DateTimeFormat | undefined;
  return (isoDate: string) =>
    (format ??= new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" })).format(
      new Date(`${isoDate}T12:00:00Z`),
    );
};

/**
 * The shop's one date style (the decisions' "dates" row, UK style): 'Wed 9 Dec 2026'. Intl's en-GB puts a comma after
 * the weekday; the shop's style has none.
 */
const ukDay = (() => {
  const format = calendar("en-GB", { weekday: "short", day: "numeric", month: "short", year: "numeric" });
  const days = kept(1000, (isoDate) => format(isoDate).replace(",", ""));
  return (isoDate: string) => days.get(isoDate);
})();

/** 'Sun 5 Jan 2025' for 2025-01-05: every day the shop shows (deliveries, deadlines, orders, posts). */
export const formatDay = ukDay;
/** 'Sun 5 Jan 2025' for 2025-01-05 (the specification's 'Sun, Jan 5, 2025', in the UK style of the decisions). */
export const formatDeliveryDate = ukDay;
/** '15 May 1990': a date of birth (no weekday: nobody thinks of their birthday by it). */
export const formatBirthDate = calendar("en-GB", { day: "numeric", month: "long", year: "numeric" });
/** 'Sun 5 Jan' for 2025-01-05 (the dashboard's chart). */
export const formatDayLabel = calendar("en-GB", { weekday: "short", day: "numeric", month: "short" });

// Instants are shown on the shop's clock.
/** 'Sun 5 Jan 2025': the shop's day of an instant (blog posts, requests). */
export const formatLongDate = (when: Instant) => ukDay(shopDate(when));
/** 'Sun 5 Jan 2025': the shop's day of an instant. */
export const formatDate = (when: Instant) => ukDay(shopDate(when));
/** 'Sun 5 Jan 2025, 13:30' on the shop's clock. */
export const formatDateTime = (when: Instant) => {
  const at = new Date(when);
  const { hour, minute } = wallClock(at);
  return `${ukDay(shopDate(at))}, ${hour}:${minute}`;
};

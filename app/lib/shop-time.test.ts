import { afterEach, describe, expect, it } from "vitest";
import {
  addDays,
  DEFAULT_SHOP_TIME_ZONE,
  formatDate,
  formatDateTime,
  formatDay,
  formatDayLabel,
  formatDeliveryDate,
  formatLongDate,
  formatBirthDate,
  isTimeZone,
  setShopTimeZone,
  shopDate,
  shopDayStart,
  shopTimeZone,
  weekStart,
} from "./shop-time";

const start = (isoDate: string) => shopDayStart(isoDate).toISOString();

afterEach(() => setShopTimeZone(DEFAULT_SHOP_TIME_ZONE));

describe("the shop's days in London (the default)", () => {
  it("keeps Europe/London unless told otherwise", () => {
    expect(shopTimeZone()).toBe("Europe/London");
  });

  it("begins each day at 00:00 GMT in winter and 00:00 BST in summer", () => {
    expect(start("2026-01-15")).toBe("2026-01-15T00:00:00.000Z");
    expect(start("2026-07-15")).toBe("2026-07-14T23:00:00.000Z");
  });

  it("gets the days around the clocks going forward (29 March 2026, 01:00 UTC) right", () => {
    expect(start("2026-03-28")).toBe("2026-03-28T00:00:00.000Z");
    expect(start("2026-03-29")).toBe("2026-03-29T00:00:00.000Z");
    expect(start("2026-03-30")).toBe("2026-03-29T23:00:00.000Z");
    expect(shopDate(new Date("2026-03-29T00:59:59Z"))).toBe("2026-03-29");
    expect(shopDate(new Date("2026-03-29T22:59:59Z"))).toBe("2026-03-29");
    expect(shopDate(new Date("2026-03-29T23:00:00Z"))).toBe("2026-03-30");
  });

  it("gets the days around the clocks going back (25 October 2026, 01:00 UTC) right", () => {
    expect(start("2026-10-24")).toBe("2026-10-23T23:00:00.000Z");
    expect(start("2026-10-25")).toBe("2026-10-24T23:00:00.000Z");
    expect(start("2026-10-26")).toBe("2026-10-26T00:00:00.000Z");
    expect(shopDate(new Date("2026-10-24T22:59:59Z"))).toBe("2026-10-24");
    expect(shopDate(new Date("2026-10-24T23:00:00Z"))).toBe("2026-10-25");
    expect(shopDate(new Date("2026-10-25T23:59:59Z"))).toBe("2026-10-25");
    expect(shopDate(new Date("2026-10-26T00:00:00Z"))).toBe("2026-10-26");
  });

  it("says what day it is just before and just after midnight, in summer and in winter", () => {
    expect(shopDate(new Date("2026-06-30T22:59:59Z"))).toBe("2026-06-30"); // 23:59:59 BST
    expect(shopDate(new Date("2026-06-30T23:00:00Z"))).toBe("2026-07-01"); // 00:00 BST
    expect(shopDate(new Date("2026-12-31T23:59:59Z"))).toBe("2026-12-31"); // 23:59:59 GMT
    expect(shopDate(new Date("2027-01-01T00:00:00Z"))).toBe("2027-01-01");
    expect(shopDate("2026-06-30T23:30:00.000Z")).toBe("2026-07-01");
    expect(shopDate()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("another shop time zone, through the setting", () => {
  it("counts days in New York when the shop is there", () => {
    setShopTimeZone("America/New_York");
    expect(shopTimeZone()).toBe("America/New_York");
    expect(shopDate(new Date("2026-07-01T03:59:59Z"))).toBe("2026-06-30"); // 23:59:59 EDT
    expect(shopDate(new Date("2026-07-01T04:00:00Z"))).toBe("2026-07-01");
    expect(start("2026-07-01")).toBe("2026-07-01T04:00:00.000Z");
    expect(start("2026-01-15")).toBe("2026-01-15T05:00:00.000Z");
    // Clocks go back at 02:00 EDT on 1 November 2026: that day is 25 hours long.
    expect(start("2026-11-01")).toBe("2026-11-01T04:00:00.000Z");
    expect(start("2026-11-02")).toBe("2026-11-02T05:00:00.000Z");
    expect(formatDateTime("2026-07-01T03:30:00Z")).toBe("Tue 30 Jun 2026, 23:30");
    expect(formatDate("2026-07-01T03:30:00Z")).toBe("Tue 30 Jun 2026");
  });

  it("begins the day at 01:00 where the clocks skip midnight (Santiago, 6 September 2026)", () => {
    setShopTimeZone("America/Santiago");
    expect(shopDate(new Date("2026-09-06T03:59:59Z"))).toBe("2026-09-05"); // 23:59:59 at UTC−4
    expect(start("2026-09-06")).toBe("2026-09-06T04:00:00.000Z"); // 01:00 at UTC−3
    expect(start("2026-09-07")).toBe("2026-09-07T03:00:00.000Z");
    // On 5 April 2026 Santiago goes from 00:00 back to 23:00 the evening before: the 5th begins an hour later.
    expect(start("2026-04-05")).toBe("2026-04-05T04:00:00.000Z");
  });

  it("counts days ahead of UTC too, where the clocks change before UTC midnight (Auckland, 5 April 2026)", () => {
    setShopTimeZone("Pacific/Auckland");
    expect(shopDate(new Date("2026-07-01T12:00:00Z"))).toBe("2026-07-02");
    expect(start("2026-07-02")).toBe("2026-07-01T12:00:00.000Z");
    expect(start("2026-04-05")).toBe("2026-04-04T11:00:00.000Z"); // 00:00 NZDT; at 03:00 the clocks go back to 02:00 NZST
    expect(start("2026-04-06")).toBe("2026-04-05T12:00:00.000Z");
  });

  it("refuses a zone it does not know, and keeps the one it had", () => {
    expect(isTimeZone("Europe/Paris")).toBe(true);
    expect(isTimeZone("Europe/Atlantis")).toBe(false);
    expect(() => setShopTimeZone("Europe/Atlantis")).toThrow(/Unknown time zone "Europe\/Atlantis"/);
    expect(shopTimeZone()).toBe("Europe/London");
  });
});

describe("calendar dates", () => {
  it("adds days across months, years, leap days and the clock changes", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30");
    expect(addDays("2026-10-26", -2)).toBe("2026-10-24");
    expect(addDays("2026-11-22", 0)).toBe("2026-11-22");
  });

  it("finds the Monday a week begins on", () => {
    expect(weekStart("2026-11-22")).toBe("2026-11-16"); // Sunday
    expect(weekStart("2026-11-23")).toBe("2026-11-23"); // Monday
    expect(weekStart("2026-11-01")).toBe("2026-10-26");
  });
});

describe("what the pages show", () => {
  it("writes calendar dates the same in every zone", () => {
    for (const zone of ["Europe/London", "Pacific/Kiritimati", "Pacific/Pago_Pago"]) {
      setShopTimeZone(zone);
      expect(formatDay("2025-01-05")).toBe("Sun 5 Jan 2025");
      expect(formatBirthDate("1990-12-31")).toBe("31 December 1990");
      expect(formatBirthDate("1990-05-15")).toBe("15 May 1990");
      expect(formatDeliveryDate("2025-01-05")).toBe("Sun 5 Jan 2025");
      expect(formatDeliveryDate("2026-12-09")).toBe("Wed 9 Dec 2026");
      expect(formatDayLabel("2026-11-22")).toBe("Sun 22 Nov");
    }
  });

  it("writes instants on the shop's clock", () => {
    expect(formatDateTime("2026-11-22T13:30:00.000Z")).toBe("Sun 22 Nov 2026, 13:30");
    expect(formatDateTime("2026-07-15T08:05:00.000Z")).toBe("Wed 15 Jul 2026, 09:05"); // BST
    expect(formatDateTime(new Date("2026-10-24T23:30:00Z"))).toBe("Sun 25 Oct 2026, 00:30");
    expect(formatDate("2026-06-30T23:30:00.000Z")).toBe("Wed 1 Jul 2026");
    expect(formatDate("2026-11-22T13:30:00.000Z")).toBe("Sun 22 Nov 2026");
    expect(formatLongDate("2026-11-05T10:00:00.000Z")).toBe("Thu 5 Nov 2026");
    expect(formatLongDate("2026-06-30T23:30:00.000Z")).toBe("Wed 1 Jul 2026");
  });

  it("keeps a stored instant's day for the zone it was asked in only, and answers past what it keeps", () => {
    const late = "2026-07-01T03:30:00.000Z";
    expect(formatLongDate(late)).toBe("Wed 1 Jul 2026"); // 04:30 BST
    setShopTimeZone("America/New_York");
    expect(formatLongDate(late)).toBe("Tue 30 Jun 2026"); // 23:30 EDT
    setShopTimeZone(DEFAULT_SHOP_TIME_ZONE);
    expect(shopDate(late)).toBe("2026-07-01");
    // More instants and days than are kept (1,000 of each), at 23:30 UTC: the next day in summer, the same in winter.
    for (let day = 0; day < 1500; day++) {
      const instant = `${addDays("2025-01-01", day)}T23:30:00.000Z`;
      expect(shopDate(instant)).toBe(shopDate(new Date(instant)));
      expect(formatLongDate(instant)).toBe(formatDay(shopDate(new Date(instant))));
    }
    expect(formatLongDate("2026-11-05T10:00:00.000Z")).toBe("Thu 5 Nov 2026");
  });
});

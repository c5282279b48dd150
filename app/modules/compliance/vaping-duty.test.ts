import { DUTY_START_DAY, UNSTAMPED_SALE_ENDS_AT } from "./duty-stamps";
import { describe, expect, it } from "vitest";
import { formatLiquid, liquidMessages, liquidText, parseLiquid, vapingDutyCents } from "./vaping-duty";

const value = (raw: string) => {
  const parsed = parseLiquid(raw);
  return parsed.ok ? parsed.value : parsed.message;
};

describe("vapingDutyCents", () => {
  it("charges £2.20 per 10 ml: 44p on a 2 ml pod, £2.20 on a 10 ml bottle", () => {
    expect(vapingDutyCents(20)).toBe(44);
    expect(vapingDutyCents(100)).toBe(220);
    expect(vapingDutyCents(1000)).toBe(2200);
  });
  it("rounds down to the penny", () => {
    expect(vapingDutyCents(7)).toBe(15); // 0.7 ml: 15.4p
    expect(vapingDutyCents(1)).toBe(2); // 0.1 ml: 2.2p
    expect(vapingDutyCents(9)).toBe(19); // 0.9 ml: 19.8p
    expect(vapingDutyCents(15)).toBe(33); // 1.5 ml: 33p exactly
  });
  it("carries nothing without liquid", () => {
    expect(vapingDutyCents(0)).toBe(0);
    expect(vapingDutyCents(-5)).toBe(0);
  });
});

describe("formatLiquid", () => {
  it("writes whole and tenth millilitres", () => {
    expect(formatLiquid(20)).toBe("2 ml");
    expect(formatLiquid(15)).toBe("1.5 ml");
    expect(formatLiquid(7)).toBe("0.7 ml");
    expect(liquidText(100)).toBe("10");
    expect(liquidText(null)).toBe("");
  });
});

describe("parseLiquid", () => {
  it("reads millilitres as staff type them, as tenths", () => {
    expect(value("2")).toBe(20);
    expect(value("2 ml")).toBe(20);
    expect(value("2ml")).toBe(20);
    expect(value(" 2 ML ")).toBe(20);
    expect(value("1.5")).toBe(15);
    expect(value("0.7")).toBe(7);
    expect(value(".5")).toBe(5);
    expect(value("100")).toBe(1000);
  });
  it("leaves an empty field unknown", () => {
    expect(value("")).toBeNull();
    expect(value("  ")).toBeNull();
  });
  it("refuses what is not a volume in one unit", () => {
    expect(value("1.25")).toBe(liquidMessages.decimals);
    expect(value("0")).toBe(liquidMessages.zero);
    expect(value("0.0")).toBe(liquidMessages.zero);
    expect(value("-2")).toBe(liquidMessages.negative);
    expect(value("100.1")).toBe(liquidMessages.tooMuch);
    expect(value("250")).toBe(liquidMessages.tooMuch);
    expect(value("two")).toBe(liquidMessages.shape);
    expect(value("ml")).toBe(liquidMessages.shape);
    expect(value("2 l")).toBe(liquidMessages.shape);
    expect(value("1e3")).toBe(liquidMessages.shape);
  });
});

describe("the dates", () => {
  it("are the duty's start and the end of unstamped sales", () => {
    expect(DUTY_START_DAY).toBe("2026-10-01");
    // 1 April 2027 00:00 in London, which is British Summer Time then (UTC+1).
    expect(UNSTAMPED_SALE_ENDS_AT).toBe("2027-03-31T23:00:00.000Z");
  });
});

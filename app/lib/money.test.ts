import { describe, expect, it } from "vitest";
import { formatMoney, parseMoney } from "./money";

describe("formatMoney", () => {
  it("shows pounds sterling with a '£' prefix and two decimals by default (decision 036)", () => {
    expect(formatMoney(1299)).toBe("£12.99");
    expect(formatMoney(500)).toBe("£5.00");
    expect(formatMoney(0)).toBe("£0.00");
    expect(formatMoney(123456)).toBe("£1,234.56");
  });
  it("uses the configured currency", () => {
    expect(formatMoney(850, "USD")).toBe("$8.50");
    expect(formatMoney(850, "EUR")).toBe("€8.50");
  });
});

describe("parseMoney", () => {
  it("reads prices typed in the shop currency as whole cents, refusing negatives, extra decimals and absurd values", () => {
    expect(parseMoney("12.99", "Price")).toEqual({ ok: true, value: 1299 });
    expect(parseMoney(" 12.9 ", "Price")).toEqual({ ok: true, value: 1290 });
    expect(parseMoney("7", "Price")).toEqual({ ok: true, value: 700 });
    expect(parseMoney("0.10", "Price")).toEqual({ ok: true, value: 10 });
    expect(parseMoney("-1", "Price")).toEqual({ ok: false, code: "invalid", message: "Price cannot be negative" });
    expect(parseMoney("12.999", "Price")).toEqual({
      ok: false,
      code: "invalid",
      message: "Price can have at most 2 decimal places",
    });
    expect(parseMoney("12,99", "Price")).toEqual({
      ok: false,
      code: "invalid",
      message: "Enter price as a number such as 12.99",
    });
    expect(parseMoney("1e3", "Price")).toEqual({
      ok: false,
      code: "invalid",
      message: "Enter price as a number such as 12.99",
    });
    expect(parseMoney("0", "Price")).toEqual({ ok: false, code: "invalid", message: "Price must be more than 0" });
    expect(parseMoney("10000.01", "Price")).toEqual({
      ok: false,
      code: "invalid",
      message: "Price must be 10000.00 or less",
    });
    expect(parseMoney("", "Price")).toEqual({ ok: false, code: "invalid", message: "Price is required" });
    expect(parseMoney("", "Original price", true)).toEqual({ ok: true, value: null });
  });
});

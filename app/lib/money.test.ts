import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";

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

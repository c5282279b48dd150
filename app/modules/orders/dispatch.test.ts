import { describe, expect, it } from "vitest";
import { trackingUrl, ukCouriers } from "./dispatch";

describe("parcel tracking", () => {
  it("links each offered courier's own tracking page, whatever the case typed", () => {
    expect(trackingUrl({ courier: "Royal Mail", trackingNumber: "AB123456789GB" })).toBe(
      "https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB",
    );
    expect(trackingUrl({ courier: "evri", trackingNumber: "H01 ABC 1234567890" })).toBe(
      "https://www.evri.com/track/parcel/H01ABC1234567890",
    );
    for (const courier of ukCouriers)
      expect(trackingUrl({ courier, trackingNumber: "1Z999AA10123456784" })).toMatch(
        /^https:\/\/[^/]+\/.*1Z999AA10123456784/,
      );
  });

  it("gives no link for a courier typed by hand", () => {
    expect(trackingUrl({ courier: "Van down the road", trackingNumber: "ABC123" })).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { visibleReviews } from "./review-carousel";

describe("visibleReviews", () => {
  const six = [1, 2, 3, 4, 5, 6];
  it("shows three of six", () => expect(visibleReviews(six, 0)).toEqual([1, 2, 3]));
  it("wraps past the end", () => expect(visibleReviews(six, 5)).toEqual([6, 1, 2]));
  it("copes with fewer reviews than slots", () => {
    expect(visibleReviews([1, 2], 1)).toEqual([2, 1]);
    expect(visibleReviews([], 0)).toEqual([]);
  });
});

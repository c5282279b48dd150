import { describe, expect, it } from "vitest";
import { clampPage, pageCount, pageItems } from "./pagination";

describe("pageItems (spec section 2)", () => {
  it("shows every page when there are five or fewer", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it("near the start shows 1, 2, 3, …, last", () => {
    expect(pageItems(1, 11)).toEqual([1, 2, 3, "ellipsis-end", 11]);
    expect(pageItems(3, 11)).toEqual([1, 2, 3, "ellipsis-end", 11]);
  });
  it("near the end shows 1, …, and the last three", () => {
    expect(pageItems(9, 11)).toEqual([1, "ellipsis-start", 9, 10, 11]);
    expect(pageItems(11, 11)).toEqual([1, "ellipsis-start", 9, 10, 11]);
  });
  it("in the middle shows 1, …, current, …, last", () => {
    expect(pageItems(4, 11)).toEqual([1, "ellipsis-start", 4, "ellipsis-end", 11]);
    expect(pageItems(8, 11)).toEqual([1, "ellipsis-start", 8, "ellipsis-end", 11]);
  });
  it("handles six pages at both edges", () => {
    expect(pageItems(3, 6)).toEqual([1, 2, 3, "ellipsis-end", 6]);
    expect(pageItems(4, 6)).toEqual([1, "ellipsis-start", 4, 5, 6]);
  });
  it("gives nothing for no pages", () => {
    expect(pageItems(1, 0)).toEqual([]);
  });
});

describe("clampPage", () => {
  it("reads whole numbers", () => expect(clampPage("2", 11)).toBe(2));
  it("turns anything else into page 1", () => {
    for (const raw of [null, undefined, "", "abc", "2.5", "-1", "0", "1e3", " 2"]) expect(clampPage(raw, 11)).toBe(1);
  });
  it("brings pages past the end back to the last page", () => expect(clampPage("999", 11)).toBe(11));
});

describe("pageCount", () => {
  it("counts 85 items at 8 a page as 11 pages", () => expect(pageCount(85, 8)).toBe(11));
  it("keeps at least one page", () => expect(pageCount(0, 8)).toBe(1));
});

import { describe, expect, it } from "vitest";
import {
  firstText,
  isNameValue,
  nameValueList,
  numberList,
  parseJsonList,
  textList,
  toJsonText,
  type JsonText,
} from "./json-text";

describe("parseJsonList", () => {
  const isText = (value: unknown): value is string => typeof value === "string";

  it("reads a list written by toJsonText back as it was", () => {
    const images = ["/images/a.webp", "/images/b.webp"];
    expect(parseJsonList(toJsonText(images), isText)).toEqual(images);
    expect(numberList(toJsonText([0, 10, 20]))).toEqual([0, 10, 20]);
    expect(nameValueList(toJsonText([{ name: "Battery", value: "850 mAh" }]))).toEqual([
      { name: "Battery", value: "850 mAh" },
    ]);
  });

  it("gives an empty list for no text, text that is not JSON, and JSON that is not a list; it never throws", () => {
    for (const text of [null, undefined, "", "not json", "[1, 2", '{"a": 1}', "42", '"text"', "null"]) {
      expect(parseJsonList(text, isText)).toEqual([]);
    }
  });

  it("leaves out items of the wrong type and keeps the others in order", () => {
    expect(textList('["a", 1, null, "b", {"x": "c"}, ["d"]]')).toEqual(["a", "b"]);
    expect(numberList('[10, "20", null, 30, true]')).toEqual([10, 30]);
    expect(
      nameValueList('[{"name": "Pod", "value": "2 ml"}, {"name": "Puffs"}, {"name": 1, "value": "x"}, "Battery"]'),
    ).toEqual([{ name: "Pod", value: "2 ml" }]);
  });

  it("takes the first text of a list, or null", () => {
    expect(firstText(toJsonText(["/images/a.webp", "/images/b.webp"]))).toBe("/images/a.webp");
    expect(firstText(toJsonText([]))).toBeNull();
    expect(firstText('[3, "/images/c.webp"]')).toBe("/images/c.webp");
    expect(firstText("broken")).toBeNull();
  });

  it("checks every field of a name and value", () => {
    expect(isNameValue({ name: "Battery", value: "850 mAh", extra: 1 })).toBe(true);
    expect(isNameValue({ name: "Battery", value: 850 })).toBe(false);
    expect(isNameValue(null)).toBe(false);
  });

  it("keeps text of one shape out of a column of another (checked by the compiler)", () => {
    const strengths: JsonText<number[]> = toJsonText([10, 20]);
    // @ts-expect-error: a text list is not a number list
    const wrong: JsonText<number[]> = toJsonText(["10"]);
    expect(numberList(strengths)).toEqual([10, 20]);
    expect(numberList(wrong)).toEqual([]);
  });
});

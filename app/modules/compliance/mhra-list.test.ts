import { describe, expect, it } from "vitest";
import { csvCells, readMhraList } from "./mhra-list";

describe("reading the MHRA's published list (CSV)", () => {
  it("finds the ECID column by its heading, keeps each number once with its product, and names the refused lines", () => {
    const text = [
      "\uFEFFSubmitter,ECID,Brand name,Product name",
      'Acme Ltd,12345-22-67890,Acme,"Mango, Ice 20mg"',
      "Acme Ltd,12345-22-67891,Acme,Mint",
      "Acme Ltd,12345-22-67890,Acme,Mango again",
      "",
      "Acme Ltd,1234-22-67892,Acme,Short",
      "Acme Ltd,,Acme,Missing",
    ].join("\r\n");
    const read = readMhraList(text);
    expect([...read.numbers]).toEqual([
      ["12345-22-67890", "Acme"],
      ["12345-22-67891", "Acme"],
    ]);
    expect(read.lines).toBe(5);
    expect(read.refused).toEqual([
      { line: 6, reason: '"1234-22-67892" is not a notification number (12345-22-67890)' },
      { line: 7, reason: "no notification number" },
    ]);
  });

  it("reads a list without a heading by the numbers' shape", () => {
    const read = readMhraList("12345-22-67890\nsome words\nx,54321-23-09876,y\n");
    expect([...read.numbers.keys()]).toEqual(["12345-22-67890", "54321-23-09876"]);
    expect(read.refused).toEqual([{ line: 2, reason: "no notification number" }]);
  });

  it("accepts 'Notification number' as the heading and splits quoted cells", () => {
    expect(readMhraList("Product,Notification Number\nPod,12345-22-67890").numbers.get("12345-22-67890")).toBe("Pod");
    expect(csvCells('a,"b, ""c""",d')).toEqual(["a", 'b, "c"', "d"]);
    expect(readMhraList("").numbers.size).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { summariseAllocations } from "./profile-allocations";

const frame = (functionName: string, url: string, selfSize: number, children: never[] = []) => ({
  callFrame: { functionName, url, lineNumber: 9 },
  selfSize,
  children,
});

describe("the allocation profile's summary", () => {
  it("gives bytes a request by area and by function, largest first", () => {
    const head = {
      ...frame("(root)", "", 0),
      children: [
        frame("matchRouteBranch", "file:///x/node_modules/react-router/dist/lib/router/utils.js", 300 * 1024),
        frame("subarray", "", 100 * 1024),
        frame("ProductCard", "file:///x/build/server/assets/server-build.js", 100 * 1024),
      ] as never[],
    };
    const lines = summariseAllocations(head, 10);
    expect(lines[0]).toBe("allocated: 50 KB a request");
    expect(lines.slice(1, 5).map((l) => l.trim())).toEqual([
      "by area",
      "30.0 KB  60.0 %  react-router",
      expect.stringMatching(/^10\.0 KB {2}20\.0 % {2}(node \(built-in\)|the shop \(build\/server\))$/),
      expect.stringMatching(/^10\.0 KB {2}20\.0 % {2}(node \(built-in\)|the shop \(build\/server\))$/),
    ]);
    expect(lines).toContain("    30.0 KB  60.0 %  matchRouteBranch router/utils.js:10");
  });
});

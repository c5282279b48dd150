import { describe, expect, it } from "vitest";
import { healthClaimWords } from "./claims";

describe("healthClaimWords (CAP Code 22.5)", () => {
  it("finds quitting, cessation and health claims, in any case and across line breaks", () => {
    expect(healthClaimWords("Helped me QUIT in a week")).toEqual(["quit"]);
    expect(healthClaimWords("The best way to stop\nsmoking, and much healthier")).toEqual([
      "stop smoking",
      "healthier",
    ]);
    expect(healthClaimWords("A safer, less harmful habit: a cure for cravings")).toEqual([
      "safer",
      "less harmful",
      "cure",
    ]);
    expect(healthClaimWords("Smoking cessation made easy")).toEqual(["cessation"]);
  });
  it("leaves factual reviews alone, and words that merely contain a listed one", () => {
    expect(healthClaimWords("Arrived next day, Cool Mint tastes great and the battery lasts two days.")).toEqual([]);
    expect(healthClaimWords("Quite secure packaging; the quiet courier was quick.")).toEqual([]);
  });
});

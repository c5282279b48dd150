import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { stockStatuses } from "~/modules/catalog/catalog";
import { checkUkLimits, UK_LIMITS } from "~/modules/compliance/compliance";
import { demoDevices } from "./devices";
import { demoFlavours } from "./flavours";
import { demoReviews } from "./reviews";

const deviceNames = [
  "Crystal Pro Switch 30K",
  "Hayati Pro Max 6000",
  "Hayati Rubik 7000",
  "Hayati Mini 1500",
  "Crystal Pro CP 10K",
];

const allImages = [
  ...demoDevices.flatMap((d) => d.images),
  ...demoFlavours.flatMap((f) => f.images),
  ...demoReviews.map((r) => r.image),
  "/images/default-product.svg",
  "/images/banner.svg",
];

const publicFile = (webPath: string) => path.resolve("public" + webPath);

describe("demo devices", () => {
  it("are the five named devices, in order", () => {
    expect(demoDevices.map((d) => d.name)).toEqual(deviceNames);
  });

  it("have unique slugs", () => {
    expect(new Set(demoDevices.map((d) => d.slug)).size).toBe(demoDevices.length);
  });

  it("pass the UK limits and state the highest strength offered", () => {
    for (const d of demoDevices) {
      expect(checkUkLimits(d), d.slug).toEqual({});
      expect(d.nicotineMgMl, d.slug).toBe(Math.max(...d.nicotineStrengths));
      for (const mg of d.nicotineStrengths) expect(mg, d.slug).toBeLessThanOrEqual(UK_LIMITS.nicotineMgMl);
    }
  });

  it("have sensible prices and stock", () => {
    for (const d of demoDevices) {
      expect(Number.isInteger(d.priceCents) && d.priceCents > 0, d.slug).toBe(true);
      if (d.originalPriceCents !== null) {
        expect(Number.isInteger(d.originalPriceCents), d.slug).toBe(true);
        expect(d.originalPriceCents, d.slug).toBeGreaterThan(d.priceCents);
      }
      expect(stockStatuses).toContain(d.stockStatus);
    }
  });
});

describe("demo flavours", () => {
  it("are 80, 16 per device, each for a device that exists", () => {
    expect(demoFlavours).toHaveLength(80);
    const slugs = new Set(demoDevices.map((d) => d.slug));
    for (const f of demoFlavours) expect(slugs.has(f.deviceSlug), f.slug).toBe(true);
    for (const d of demoDevices) expect(demoFlavours.filter((f) => f.deviceSlug === d.slug), d.slug).toHaveLength(16);
  });

  it("have unique slugs, and no name twice for one device", () => {
    expect(new Set(demoFlavours.map((f) => f.slug)).size).toBe(demoFlavours.length);
    expect(new Set(demoFlavours.map((f) => `${f.deviceSlug}/${f.name}`)).size).toBe(demoFlavours.length);
  });

  it("pass the UK limits and state the highest strength offered", () => {
    for (const f of demoFlavours) {
      expect(checkUkLimits(f), f.slug).toEqual({});
      expect(f.nicotineMgMl, f.slug).toBe(Math.max(...f.sizes));
      expect(f.podMl != null || f.bottleMl != null, f.slug).toBe(true);
    }
  });

  it("have positive integer prices and known stock states", () => {
    for (const f of demoFlavours) {
      expect(Number.isInteger(f.priceCents) && f.priceCents > 0, f.slug).toBe(true);
      expect(stockStatuses).toContain(f.stockStatus);
    }
  });
});

describe("demo reviews", () => {
  it("are six", () => {
    expect(demoReviews).toHaveLength(6);
  });
});

describe("demo images", () => {
  it("every referenced image exists under public/", () => {
    const missing = allImages.filter((img) => !existsSync(publicFile(img)));
    expect(missing).toEqual([]);
  });

  it("are small, titled SVGs without scripts or external references", () => {
    for (const img of new Set(allImages)) {
      const file = publicFile(img);
      expect(statSync(file).size, img).toBeLessThan(3 * 1024);
      const text = readFileSync(file, "utf8");
      expect(text, img).toMatch(/<title>[^<]+<\/title>/);
      expect(text, img).not.toMatch(/<script|href=|url\((?!#)/i);
    }
  });
});

describe("the demo flavours' liquid (Vaping Products Duty)", () => {
  it("gives every flavour the liquid of one unit: a pod, a pack of pods or a bottle", async () => {
    const { demoLiquidTenths } = await import("../seed.server");
    const liquids = new Map(demoFlavours.map((f) => [f.slug, demoLiquidTenths(f)]));
    expect([...liquids.values()].every((tenths) => tenths !== null && tenths > 0)).toBe(true);
    expect(liquids.get("cola-ice-hayati-mini-1500")).toBe(20); // one 2 ml pod
    expect(liquids.get("cherry-ice-crystal-pro-cp-10k")).toBe(100); // a 10 ml bottle
    const multipack = demoFlavours.find((f) => f.podsPerUnit === 3)!;
    expect(demoLiquidTenths(multipack)).toBe(60); // three 2 ml pods
  });
});

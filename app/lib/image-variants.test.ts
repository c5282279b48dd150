import { describe, expect, it } from "vitest";
import { responsiveSources, UPLOAD_URL, variantName, variantNames } from "./image-variants";

const hash = "0123456789abcdef0123456789abcdef";

describe("image variants by name", () => {
  it("names each variant beside its original, from the original's name or address alone", () => {
    expect(variantName(`${hash}.jpg`, 640, "avif")).toBe(`${hash}-640.avif`);
    expect(variantName(`/uploads/${hash}.png`, 1280, "webp")).toBe(`/uploads/${hash}-1280.webp`);
    expect(variantNames(`${hash}.webp`)).toEqual(
      [320, 640, 960, 1280].flatMap((w) => [`${hash}-${w}.avif`, `${hash}-${w}.webp`]),
    );
  });

  it("offers AVIF first, then WebP, at every width, for uploaded JPEG, PNG and WebP images only", () => {
    expect(responsiveSources(`/uploads/${hash}.jpg`)).toEqual([
      {
        type: "image/avif",
        srcSet: `/uploads/${hash}-320.avif 320w, /uploads/${hash}-640.avif 640w, /uploads/${hash}-960.avif 960w, /uploads/${hash}-1280.avif 1280w`,
      },
      {
        type: "image/webp",
        srcSet: `/uploads/${hash}-320.webp 320w, /uploads/${hash}-640.webp 640w, /uploads/${hash}-960.webp 960w, /uploads/${hash}-1280.webp 1280w`,
      },
    ]);
    for (const other of [
      "/images/default-product.svg",
      "/images/devices/hayati.svg",
      `/uploads/${hash}-640.avif`,
      `https://cdn.example/${hash}.jpg`,
      `/uploads/${hash}.gif`,
      "",
      null,
      undefined,
    ]) {
      expect(responsiveSources(other), String(other)).toBeNull();
    }
    expect(UPLOAD_URL.test(`/uploads/${hash}.jpg`)).toBe(true);
    expect(UPLOAD_URL.test(`/uploads/${hash}-640.webp`)).toBe(false);
  });
});

// The naming of uploaded images and their variants (docs/decisions/018). Client-safe: pages derive a srcset from an
// image's address alone, and the server names the files it writes with the same functions.

/** An uploaded image's public address: `/uploads/<32 hex of its content's hash>.<jpg|png|webp>` (the original). */
export const UPLOAD_URL = /^\/uploads\/[a-f0-9]{32}\.(jpg|png|webp)$/;

/**
 * The widths every upload is made in, in CSS pixels of the largest layout times two: a 64–80 px thumbnail (320
 * covers 4×), a card of up to ~360 px (640, 960 on 2–3× screens), the gallery's 540 px and a post's 736 px (1280).
 * Never enlarged: a width wider than the original holds the original's own size.
 */
export const VARIANT_WIDTHS = [320, 640, 960, 1280] as const;

/** Best first: a browser takes the first `<source>` whose type it knows. */
export const VARIANT_FORMATS = [
  { extension: "avif", type: "image/avif" },
  { extension: "webp", type: "image/webp" },
] as const;
export type VariantExtension = (typeof VARIANT_FORMATS)[number]["extension"];

/** `<hash>.jpg` → `<hash>-640.avif` (a file name or an address, beside the original). */
export const variantName = (original: string, width: number, extension: VariantExtension) =>
  `${original.slice(0, original.lastIndexOf("."))}-${width}.${extension}`;

export type ImageSource = { type: string; srcSet: string };

/** The `<source>`s of an uploaded raster image, best format first; null for anything else (SVGs, outside images). */
export function responsiveSources(url: string | null | undefined): ImageSource[] | null {
  if (!url || !UPLOAD_URL.test(url)) return null;
  return VARIANT_FORMATS.map(({ extension, type }) => ({
    type,
    srcSet: VARIANT_WIDTHS.map((width) => `${variantName(url, width, extension)} ${width}w`).join(", "),
  }));
}

/** Every variant's name of an original (file name or address). */
export const variantNames = (original: string) =>
  VARIANT_WIDTHS.flatMap((width) => VARIANT_FORMATS.map(({ extension }) => variantName(original, width, extension)));

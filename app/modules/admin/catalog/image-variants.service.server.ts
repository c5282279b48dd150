import { fail, type Failure } from "~/lib/result";
import { rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp, { type OutputInfo, type Sharp } from "sharp";
import { newId } from "~/lib/ids.server";
import { VARIANT_FORMATS, VARIANT_WIDTHS, variantName, type VariantExtension } from "~/lib/image-variants";

/** Larger images are refused before they are decoded (a small file can hold a huge picture). 50 MP fits a 48 MP phone. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** What `uploads.variant_widths` says when an upload has every current variant. */
export const CURRENT_VARIANT_WIDTHS = VARIANT_WIDTHS.join(",");

// Effort 3 of 9 (libvips' default is 4): about as small on photographs, and several times faster to make
// (docs/decisions/018). Qualities are sharp's defaults (AVIF 50, WebP 80). Output carries no metadata: no EXIF, no GPS.
const encode: Record<VariantExtension, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ effort: 3 }),
  webp: (image) => image.webp(),
};

export type Variant = { fileName: string; bytes: Buffer };
export type MadeVariants =
  | { ok: true; width: number; height: number; variants: Variant[] }
  | (Failure & { reason: "unreadable" | "too-many-pixels" });

/**
 * Decodes an image (turned upright by its EXIF orientation) and makes every variant of `fileName` in memory. An image
 * that cannot be decoded whole (damaged, cut short, not what its first bytes say) or is too large gives a reason.
 */
export async function makeVariants(bytes: Uint8Array, fileName: string): Promise<MadeVariants> {
  // Damaged or cut-short pixel data is an error; libjpeg's warnings (e.g. stray bytes a camera left) are not.
  const input = () => sharp(bytes, { failOn: "error", limitInputPixels: MAX_IMAGE_PIXELS, autoOrient: true });
  let decoded: { data: Buffer; info: OutputInfo };
  let size: { width: number; height: number };
  try {
    size = (await input().metadata()).autoOrient;
    // Decoded once, at the largest width: every variant is made from these pixels (a JPEG shrinks while it loads).
    decoded = await input()
      .resize({ width: Math.max(...VARIANT_WIDTHS), withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    const reason = /pixel limit/i.test((error as Error).message) ? "too-many-pixels" : "unreadable";
    return { ...fail("invalid", `The image could not be decoded (${reason}).`), reason };
  }
  const { data, info } = decoded;
  const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const variants: Variant[] = [];
  const made = new Map<string, Buffer>();
  for (const width of VARIANT_WIDTHS) {
    const actual = Math.min(width, info.width);
    await Promise.all(
      VARIANT_FORMATS.map(async ({ extension }) => {
        // A width past the original is the original's size: encoded once, written under each name.
        const key = `${actual}.${extension}`;
        const bytes = made.get(key) ?? (await encode[extension](pixels().resize({ width: actual })).toBuffer());
        made.set(key, bytes);
        variants.push({ fileName: variantName(fileName, width, extension), bytes });
      }),
    );
  }
  return { ok: true, width: size.width, height: size.height, variants };
}

/** Writes a file beside its final name, then renames it: a reader never sees half a file. */
export async function writeAtomically(dir: string, fileName: string, bytes: Uint8Array) {
  const partial = join(dir, `.${fileName}.${newId(8)}.part`);
  await writeFile(partial, bytes);
  await rename(partial, join(dir, fileName));
}

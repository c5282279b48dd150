// Real images for tests that store uploads (every upload is decoded now: magic bytes alone are refused).
import sharp from "sharp";

const bytes = (base64: string) => Uint8Array.from(Buffer.from(base64, "base64"));

/** 2×2 pictures, small enough for any upload limit. */
export const PNG = bytes(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAE0lEQVQImWM4w8BwhgGMzzAwAAAZjgMx8FJdJAAAAABJRU5ErkJggg==",
);
export const JPEG = bytes(
  "/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAj/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCcwF1GP//Z",
);
export const WEBP = bytes("UklGRhwAAABXRUJQVlA4TA8AAAAvAUAAAAdQ5oj+ByKi/wEA");

type PhotoOptions = {
  width: number;
  height: number;
  format: "jpeg" | "png" | "webp";
  orientation?: number;
  seed?: number;
};

/**
 * A photograph-like picture (smooth colour fields) of any size, made with sharp: a few random colours blown up.
 * `orientation` writes an EXIF Orientation tag (6: the camera was turned, shown rotated 90°); `seed` varies the content.
 */
export async function photo({
  width,
  height,
  format,
  orientation,
  seed = 1,
}: PhotoOptions): Promise<Uint8Array<ArrayBuffer>> {
  const cells = Buffer.alloc(8 * 6 * 3);
  let state = seed;
  for (let i = 0; i < cells.length; i++) cells[i] = (state = (state * 1103515245 + 12345) % 2147483648) % 256;
  let image = sharp(cells, { raw: { width: 8, height: 6, channels: 3 } }).resize(width, height, {
    fit: "fill",
    kernel: "cubic",
  });
  image = format === "jpeg" ? image.jpeg({ quality: 90 }) : format === "png" ? image.png() : image.webp();
  if (orientation) image = image.withMetadata({ orientation });
  return Uint8Array.from(await image.toBuffer());
}

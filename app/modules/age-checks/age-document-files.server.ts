/**
 * Customers' photo IDs on disk (docs/decisions/044): in the private AGE_DOCUMENTS_DIR, never under the public
 * uploads, under random names the shop makes. What a file is comes from its first bytes (and, for an image, from
 * decoding it), never from its name or the type the browser claims.
 */
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { newId } from "~/lib/ids.server";
import type { AgeDocumentFormat } from "~/db/values";

const extensions: Record<AgeDocumentFormat, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "application/pdf": "pdf",
};

/** Larger pictures are refused before they are decoded (a small file can hold a huge picture). */
const MAX_PIXELS = 50_000_000;

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [...Buffer.from("%PDF-")];

/** What the bytes are: a JPEG or PNG that decodes, or a PDF; null for anything else. */
export async function documentFormatOf(bytes: Uint8Array): Promise<AgeDocumentFormat | null> {
  if (startsWith(bytes, PDF)) return "application/pdf";
  const format = startsWith(bytes, PNG) ? "png" : startsWith(bytes, JPEG) ? "jpeg" : null;
  if (!format) return null;
  try {
    const metadata = await sharp(bytes, { failOn: "error", limitInputPixels: MAX_PIXELS }).metadata();
    if (metadata.format !== format || !metadata.width || !metadata.height) return null;
  } catch {
    return null;
  }
  return format === "png" ? "image/png" : "image/jpeg";
}

/** Writes the document under a new random name (beside it first, then renamed: never half a file); its name. */
export async function saveDocumentFile(dir: string, bytes: Uint8Array, format: AgeDocumentFormat): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const fileName = `${newId(32)}.${extensions[format]}`;
  const partial = join(dir, `.${fileName}.part`);
  await writeFile(partial, bytes, { mode: 0o600 });
  await rename(partial, join(dir, fileName));
  return fileName;
}

/** The document's bytes, or null when the file is gone. */
export async function readDocumentFile(dir: string, fileName: string): Promise<Buffer | null> {
  try {
    return await readFile(join(dir, fileName));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Deletes the file; one already gone is fine (a retried job, a second sweep). */
export async function deleteDocumentFile(dir: string, fileName: string): Promise<void> {
  try {
    await unlink(join(dir, fileName));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/**
 * Customers' photo IDs on disk (docs/decisions/044, 071): in the private AGE_DOCUMENTS_DIR, never under the public
 * uploads, under random names the shop makes. What a file is comes from its content, never from its name or the type
 * the browser claims: a photo is decoded whole and kept as the shop re-encodes it (upright, without its EXIF, GPS
 * or any other metadata); a PDF has its structure checked (./age-document-pdf.server.ts) and is kept as sent.
 */
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { newId } from "~/lib/ids.server";
import { failFields, type Result } from "~/lib/result";
import type { AgeDocumentFormat } from "~/db/values";
import { ageDocumentMessages } from "./age-checks";
import { pdfProblem, type PdfProblem } from "./age-document-pdf.server";

const extensions: Record<AgeDocumentFormat, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "application/pdf": "pdf",
};

/** Larger pictures are refused before they are decoded (a small file can hold a huge picture). */
const MAX_PIXELS = 50_000_000;
/** A photo ID's small print stays legible; a phone's own JPEGs are about this quality. */
const JPEG_QUALITY = 90;

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [...Buffer.from("%PDF-")];

type DocumentProblem = "not-document" | "unreadable-photo" | "huge-photo" | PdfProblem;

/** What the customer reads under the file field when their file is refused for what it is. */
const problemMessages: Record<DocumentProblem, string> = {
  "not-document": ageDocumentMessages.notDocument,
  "unreadable-photo": ageDocumentMessages.unreadablePhoto,
  "huge-photo": ageDocumentMessages.hugePhoto,
  "bad-pdf": ageDocumentMessages.badPdf,
  "locked-pdf": ageDocumentMessages.lockedPdf,
  "active-pdf": ageDocumentMessages.activePdf,
  "long-pdf": ageDocumentMessages.longPdf,
};
/** The refusal of a file for what it is: its message under the file field. */
const refused = (problem: DocumentProblem) => failFields({ file: problemMessages[problem] });

/** The document as the shop keeps it, or why it is refused. */
export type ReadDocument = Result<{ format: AgeDocumentFormat; bytes: Uint8Array }>;

/**
 * Reads what the customer sent: a JPEG or PNG decoded whole and re-encoded (the bytes kept are the shop's, not the
 * sender's), a PDF checked and kept as it is; anything else is `not-document`.
 */
export async function readAgeDocument(bytes: Uint8Array): Promise<ReadDocument> {
  if (startsWith(bytes, PDF)) {
    const problem = await pdfProblem(bytes);
    return problem ? refused(problem) : { ok: true, format: "application/pdf", bytes };
  }
  if (startsWith(bytes, PNG)) return readPhoto(bytes, "png");
  if (startsWith(bytes, JPEG)) return readPhoto(bytes, "jpeg");
  return refused("not-document");
}

/**
 * Decodes every pixel, refusing at libjpeg's or libpng's first complaint (`failOn: "warning"`: a header followed by
 * something else, corrupt or cut-short picture data), turns it upright by its EXIF orientation, and encodes it again
 * in its own format. sharp writes no metadata unless asked: no EXIF (so no GPS, phone, times), no XMP, no ICC
 * profile (the colours are converted to sRGB), no comments, and nothing that followed the picture in the file.
 */
async function readPhoto(bytes: Uint8Array, format: "jpeg" | "png"): Promise<ReadDocument> {
  const input = () => sharp(bytes, { failOn: "warning", limitInputPixels: MAX_PIXELS, autoOrient: true });
  try {
    if ((await input().metadata()).format !== format) return refused("unreadable-photo");
    const encoded = format === "png" ? input().png() : input().jpeg({ quality: JPEG_QUALITY });
    const kept = await encoded.toBuffer();
    return { ok: true, format: format === "png" ? "image/png" : "image/jpeg", bytes: new Uint8Array(kept) };
  } catch (error) {
    return refused(/pixel limit/i.test((error as Error).message) ? "huge-photo" : "unreadable-photo");
  }
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

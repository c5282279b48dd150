import { createHash } from "node:crypto";
import type { AuditActor } from "~/modules/audit/audit";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { fail, type Result } from "~/lib/result";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Db } from "~/db/database.server";
import { newId } from "~/lib/ids.server";
import {
  CURRENT_VARIANT_WIDTHS,
  MAX_IMAGE_PIXELS,
  makeVariants,
  writeAtomically,
} from "./image-variants.service.server";
import * as repo from "./uploads.repository.server";

export type ImageKind = { type: "image/jpeg" | "image/png" | "image/webp"; extension: "jpg" | "png" | "webp" };
export type StoredImage = Result<{ url: string }>;

export const uploadMessages = {
  missing: "Choose an image file to upload.",
  notImage: "Upload a JPEG, PNG or WebP image.",
  tooLarge: (maxBytes: number) => `That image is larger than ${formatBytes(maxBytes)}. Upload a smaller one.`,
  unreadable: "That image could not be read: it may be damaged or cut short. Save it again and upload the new copy.",
  tooManyPixels: `That image has more than ${MAX_IMAGE_PIXELS / 1_000_000} megapixels. Upload a smaller one.`,
  failed: "The image could not be saved. Please try again.",
};

const formatBytes = (bytes: number) =>
  bytes >= 1_000_000
    ? `${(bytes / 1_000_000).toFixed(bytes % 1_000_000 ? 1 : 0)} MB`
    : `${Math.round(bytes / 1000)} KB`;

/** What the file is, by its first bytes (never by its name or the browser's word for it). */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const starts = (...values: number[]) => values.every((v, i) => bytes[i] === v);
  if (bytes.length >= 3 && starts(0xff, 0xd8, 0xff)) return { type: "image/jpeg", extension: "jpg" };
  if (bytes.length >= 8 && starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))
    return { type: "image/png", extension: "png" };
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP")
    return { type: "image/webp", extension: "webp" };
  return null;
}

export { UPLOAD_URL } from "~/lib/image-variants";

/**
 * Stores an uploaded image under `dir`, named by the hash of its content (the sender's file name is never used, so
 * no path tricks reach the disk); checked by content, size-limited, and decoded: its AVIF and WebP variants are
 * written beside it before its address is given out (docs/decisions/018). The same image twice is stored once. With
 * an `actor`, the new row and its audit entry ("catalogue.image-upload") are written in one transaction.
 */
export async function storeImage(
  db: Db,
  options: { dir: string; maxBytes: number; uploadedBy: string | null; actor?: AuditActor },
  file: unknown,
): Promise<StoredImage> {
  if (!(file instanceof File) || file.size === 0) return fail("invalid", uploadMessages.missing);
  if (file.size > options.maxBytes) return fail("invalid", uploadMessages.tooLarge(options.maxBytes));
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImage(bytes);
  if (!kind) return fail("invalid", uploadMessages.notImage);
  const fileName = `${createHash("sha256").update(bytes).digest("hex").slice(0, 32)}.${kind.extension}`;
  const url = `/uploads/${fileName}`;
  const dir = resolve(options.dir);
  const known = await repo.findUpload(db, fileName);
  if (known?.variant_widths === CURRENT_VARIANT_WIDTHS && existsSync(join(dir, fileName))) return { ok: true, url };
  const made = await makeVariants(bytes, fileName);
  if (!made.ok)
    return fail(
      "invalid",
      made.reason === "too-many-pixels" ? uploadMessages.tooManyPixels : uploadMessages.unreadable,
    );
  await mkdir(dir, { recursive: true });
  // Variants first, the original last, the row after both: an address is only given out when all its files exist.
  for (const variant of made.variants) await writeAtomically(dir, variant.fileName, variant.bytes);
  await writeAtomically(dir, fileName, bytes);
  const dimensions = { width: made.width, height: made.height, variantWidths: CURRENT_VARIANT_WIDTHS };
  await db.transaction().execute(async (trx) => {
    if (known) await repo.recordVariants(trx, fileName, dimensions);
    else {
      await repo.insertUpload(trx, {
        id: newId(),
        file_name: fileName,
        content_type: kind.type,
        bytes: bytes.length,
        uploaded_by: options.uploadedBy,
        created_at: new Date().toISOString(),
        width: dimensions.width,
        height: dimensions.height,
        variant_widths: dimensions.variantWidths,
      });
    }
    if (options.actor)
      await recordAudit(trx, options.actor, {
        action: "catalogue.image-upload",
        entity: "upload",
        entityId: fileName,
        details: { url, bytes: bytes.length, width: made.width, height: made.height },
      });
  });
  return { ok: true, url };
}

import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Db } from "~/db/database.server";
import type { Logger } from "~/lib/log.server";
import { CURRENT_VARIANT_WIDTHS, makeVariants, writeAtomically } from "./image-variants.service.server";
import * as repo from "./uploads.repository.server";

export type Backfill = { made: number; failed: string[] };

/**
 * Makes the variants of every upload that lacks them (stored before variants existed, or when the widths change).
 * Runs at start-up before the server answers (docs/decisions/018), so a page never names a variant that is not there.
 * An original that is missing or cannot be decoded is logged and tried again at the next start; pages showing it
 * fall back to the default image, as they would for the original itself.
 */
export async function backfillImageVariants(db: Db, uploadDir: string, log?: Logger): Promise<Backfill> {
  const rows = await repo.uploadsWithoutVariants(db, CURRENT_VARIANT_WIDTHS);
  const result: Backfill = { made: 0, failed: [] };
  if (rows.length === 0) return result;
  log?.info({ uploads: rows.length }, "making image variants for earlier uploads");
  const dir = resolve(uploadDir);
  for (const { file_name: fileName } of rows) {
    const bytes = await readFile(join(dir, fileName)).catch(() => null);
    const made = bytes ? await makeVariants(bytes, fileName) : null;
    if (!made?.ok) {
      result.failed.push(fileName);
      log?.warn({ file: fileName, reason: made ? made.reason : "missing" }, "no image variants made for an upload");
      continue;
    }
    for (const variant of made.variants) await writeAtomically(dir, variant.fileName, variant.bytes);
    await repo.recordVariants(db, fileName, {
      width: made.width,
      height: made.height,
      variantWidths: CURRENT_VARIANT_WIDTHS,
    });
    result.made++;
  }
  log?.info({ made: result.made, failed: result.failed.length }, "image variants made for earlier uploads");
  return result;
}

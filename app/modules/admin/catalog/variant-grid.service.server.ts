import { z } from "zod";
import { bumpStorefrontVersion } from "~/db/content-version.server";
import type { Db } from "~/db/database.server";
import { isUniqueViolation } from "~/db/errors.server";
import { inTransaction } from "~/db/transaction.server";
import { fail, failFields, ok, type FieldErrors, type Result } from "~/lib/result";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertStaff } from "~/modules/accounts/staff";
import { catalogIdSchema } from "~/modules/catalog/catalog.schema";
import { flavourOf, toDevice } from "~/modules/catalog/catalog-rows.server";
import { deviceCombinations, flavourCombinations, type VariantOptions } from "~/modules/catalog/variants";
import { variantFieldsInput } from "~/modules/catalog/variants.schema";
import {
  listItemVariants,
  saveVariantFields,
  type VariantFieldsChange,
} from "~/modules/catalog/variants.service.server";
import { liquidMessages } from "~/modules/compliance/vaping-duty";
import { stockQuantityField } from "~/modules/stock/stock.schema";
import { setStockFromForm } from "~/modules/stock/stock.service.server";
import type { CatalogKind } from "./catalog-admin";
import * as repo from "./catalog-admin.repository.server";
import type { VariantGridValues } from "./variant-grid";

// The variant grid's save: the catalogue's fields of each variant and the stock module's quantities, in one
// transaction (a flow over two modules, so it lives here with the staff's action, docs/architecture.md).

const gridRowInput = variantFieldsInput.extend({
  stock: stockQuantityField,
  /** The quantity the page showed: the stock is set only if it is still that. */
  stockSeen: z
    .string()
    .regex(/^\d{1,9}$/, "Reload the page: the stock it showed is missing.")
    .transform(Number),
  counted: z.string().transform((v) => v === "on"),
});
type GridRow = VariantFieldsChange & { stock: number; stockSeen: number; counted: boolean };

const notFound = fail("not-found", "There is no such item.");

/**
 * The combinations the item's saved lists offer (a device: flavours × strengths × puff counts), and whether it is shown
 * in the shop; null: no item.
 */
async function listedCombinations(
  db: Db,
  kind: CatalogKind,
  itemId: string,
): Promise<{ listed: VariantOptions[]; shown: boolean } | null> {
  if (!catalogIdSchema.safeParse(itemId).success) return null;
  if (kind === "device") {
    const row = await repo.findDevice(db, itemId);
    return row ? { listed: deviceCombinations(toDevice(row, [])), shown: Number(row.archived) === 0 } : null;
  }
  const row = await repo.findFlavour(db, itemId);
  return row ? { listed: flavourCombinations(flavourOf(row, []).sizes), shown: Number(row.archived) === 0 } : null;
}

/**
 * Saves the variant grid of a device or flavour (staff only): each posted row's SKU, barcode, price (empty: the
 * item's), liquid in one unit (empty: not known; a flavour shown in the shop needs it for each variant it sells), stock,
 * track stock and whether it is sold, all or nothing. Every refusal is under its field, keyed
 * `<variant id>.<field>`. A quantity is set only if the stock is still the one the page showed (an order may have
 * taken some): otherwise nothing is saved and the field says what it is now. A typed quantity, or a ticked "Counted",
 * records the change and ends the variant's 'to check'.
 */
export async function saveVariantGrid(
  db: Db,
  actor: SessionUser | null,
  kind: CatalogKind,
  itemId: string,
  rows: VariantGridValues[],
): Promise<Result> {
  assertStaff(actor);
  return saveGrid(db, actor, kind, itemId, rows, true);
}

async function saveGrid(
  db: Db,
  actor: SessionUser,
  kind: CatalogKind,
  itemId: string,
  rows: VariantGridValues[],
  retryOnClash: boolean,
): Promise<Result> {
  const item = await listedCombinations(db, kind, itemId);
  if (!item) return notFound;
  const { listed } = item;
  const own = new Set((await listItemVariants(db, kind, itemId, 0)).map((v) => v.id));
  if (rows.some((r) => !own.has(r.id))) return fail("not-found", "There is no such variant.");
  const errors: FieldErrors = {};
  const changes: GridRow[] = [];
  for (const row of rows) {
    const checked = gridRowInput.safeParse(row);
    if (checked.success) changes.push({ id: row.id, ...checked.data });
    else for (const issue of checked.error.issues) errors[`${row.id}.${String(issue.path[0])}`] ??= issue.message;
  }
  // A flavour shown in the shop keeps the liquid of each variant it sells (the duty record needs it), as publishing
  // asks (catalog-publish.service.server).
  if (kind === "flavour" && item.shown)
    for (const c of changes) if (c.sold && c.liquid === null) errors[`${c.id}.liquid`] ??= liquidMessages.required;
  if (Object.keys(errors).length > 0) return failFields(errors);
  try {
    // A refusal found inside the transaction is returned: inTransaction then keeps nothing of the save.
    return await inTransaction(db, async (trx): Promise<Result> => {
      const saved = await saveVariantFields(trx, { kind, id: itemId, listed }, changes, new Date().toISOString());
      if (!saved.ok) return saved;
      const moved: FieldErrors = {};
      for (const c of changes) {
        if (!c.trackStock || (c.stock === c.stockSeen && !c.counted)) continue;
        const set = await setStockFromForm(trx, actor, { kind, itemId, variantId: c.id }, c.stockSeen, c.stock);
        if (!set.ok) moved[`${c.id}.stock`] = set.message;
      }
      if (Object.keys(moved).length > 0) return failFields(moved, "changed");
      await bumpStorefrontVersion(trx);
      return ok();
    });
  } catch (error) {
    // Another save took the same SKU or barcode between the check and the write: checked again, it says which.
    if (isUniqueViolation(error) && retryOnClash) return saveGrid(db, actor, kind, itemId, rows, false);
    throw error;
  }
}

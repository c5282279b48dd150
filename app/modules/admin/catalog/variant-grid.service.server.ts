import { z } from "zod";
import { bumpStorefrontVersion } from "~/db/content-version.server";
import type { Db } from "~/db/database.server";
import { isUniqueViolation } from "~/db/errors.server";
import { inTransaction } from "~/db/transaction.server";
import { fail, failFields, ok, type FieldErrors, type Result } from "~/lib/result";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { can, forbiddenMessage, type Permission } from "~/modules/accounts/permissions";
import { recordAudit, recordRefusal } from "~/modules/audit/audit.service.server";
import type { Variant } from "~/modules/catalog/variants";
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
  assertAllowed(actor, "catalogue.edit");
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
  const before = new Map((await listItemVariants(db, kind, itemId, 0)).map((v) => [v.id, v]));
  if (rows.some((r) => !before.has(r.id))) return fail("not-found", "There is no such variant.");
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
  const prices = priceChanges(before, changes);
  const stock = changes.filter((c) => c.trackStock && (c.stock !== c.stockSeen || c.counted));
  const refused = await refuseUnallowed(db, actor, { kind, itemId }, [
    ["prices.edit", prices.length > 0, { prices }],
    ["stock.edit", stock.length > 0, { variants: stock.map((c) => c.id) }],
  ]);
  if (refused) return refused;
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
      const who = auditActorOf(actor);
      await recordAudit(trx, who, {
        action: "catalogue.variants-save",
        entity: kind,
        entityId: itemId,
        details: { variants: changes.length, changes: variantChanges(before, changes) },
      });
      if (prices.length > 0)
        await recordAudit(trx, who, { action: "price.change", entity: kind, entityId: itemId, details: { prices } });
      await bumpStorefrontVersion(trx);
      return ok();
    });
  } catch (error) {
    // Another save took the same SKU or barcode between the check and the write: checked again, it says which.
    if (isUniqueViolation(error) && retryOnClash) return saveGrid(db, actor, kind, itemId, rows, false);
    throw error;
  }
}

/** Each variant whose own price the grid changes: its SKU, the price before and after (pence; null: the item's). */
function priceChanges(saved: Map<string, Variant>, changes: GridRow[]) {
  return changes
    .filter((c) => (saved.get(c.id)?.ownPriceCents ?? null) !== c.price)
    .map((c) => ({
      variant: c.id,
      sku: saved.get(c.id)?.sku ?? c.sku,
      from: saved.get(c.id)?.ownPriceCents ?? null,
      to: c.price,
    }));
}

/** The grid's changes as the log keeps them: per variant, the fields changed ({ field: [before, after] }). */
function variantChanges(saved: Map<string, Variant>, changes: GridRow[]) {
  const out: Record<string, Record<string, [unknown, unknown]>> = {};
  for (const c of changes) {
    const was = saved.get(c.id);
    if (!was) continue;
    const pairs: Record<string, [unknown, unknown]> = {};
    const compare = (field: string, before: unknown, after: unknown) => {
      if ((before ?? null) !== (after ?? null)) pairs[field] = [before ?? null, after ?? null];
    };
    compare("sku", was.sku, c.sku);
    compare("barcode", was.barcode, c.barcode);
    compare("price", was.ownPriceCents, c.price);
    compare("trackStock", was.stock.tracked, c.trackStock);
    compare("sold", !was.archived, c.sold);
    compare("liquid", was.liquidTenths, c.liquid);
    if (c.trackStock && c.stock !== c.stockSeen) pairs.stock = [c.stockSeen, c.stock];
    if (Object.keys(pairs).length > 0) out[c.sku] = pairs;
  }
  return out;
}

/**
 * A grid that changes what the member of staff's roles do not allow (a price without prices.edit, a stock count
 * without stock.edit): refused whole, the refusal in the audit log, nothing saved (the action answers 403).
 */
async function refuseUnallowed(
  db: Db,
  actor: SessionUser,
  item: { kind: CatalogKind; itemId: string },
  asks: Array<[Permission, boolean, Record<string, unknown>]>,
) {
  for (const [permission, asked, details] of asks) {
    if (!asked || can(actor, permission)) continue;
    await recordRefusal(db, auditActorOf(actor), {
      action: permission === "prices.edit" ? "price.change" : "stock.adjust",
      entity: item.kind,
      entityId: item.itemId,
      details: { permission, ...details },
    });
    return fail("not-allowed", forbiddenMessage(permission));
  }
  return null;
}

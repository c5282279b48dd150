import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
//
// Issue 29: each order keeps the currency and tax rate it was placed with (its tax mode is `tax_included`, since
// 2026_11_24_0050), so changing SHOP_CURRENCY, TAX_MODE or TAX_RATE_PERCENT later never changes how an old order reads
// (docs/decisions/036). Orders placed before this migration were placed with the settings the shop ran with then:
// the value set in the environment, or else the default of the time (USD, 10 %). A confirmation e-mail still queued
// gets the currency written into its job, for the same reason.

const OLD_DEFAULT_CURRENCY = "USD";
const OLD_DEFAULT_RATE_PERCENT = 10;

/** The setting as the shop ran with it: set in the environment (and well formed), or the default of the time. */
function placedWith(env: NodeJS.ProcessEnv) {
  const currency = /^[A-Z]{3}$/.test(env.SHOP_CURRENCY ?? "") ? env.SHOP_CURRENCY! : OLD_DEFAULT_CURRENCY;
  const rate = Number(env.TAX_RATE_PERCENT);
  const ratePercent = env.TAX_RATE_PERCENT && rate >= 0 && rate <= 100 ? rate : OLD_DEFAULT_RATE_PERCENT;
  return { currency, basisPoints: Math.round(ratePercent * 100) };
}

export async function up(db: Kysely<any>): Promise<void> {
  const { currency, basisPoints } = placedWith(process.env);
  await db.schema
    .alterTable("orders")
    .addColumn("currency", "text", (c) => c.notNull().defaultTo(OLD_DEFAULT_CURRENCY))
    .execute();
  // The rate in hundredths of a percent (2000 = 20 %), exact on both databases.
  await db.schema
    .alterTable("orders")
    .addColumn("tax_rate_basis_points", "integer", (c) => c.notNull().defaultTo(OLD_DEFAULT_RATE_PERCENT * 100))
    .execute();
  await db.updateTable("orders").set({ currency, tax_rate_basis_points: basisPoints }).execute();

  const queued = await db
    .selectFrom("jobs")
    .select(["id", "payload"])
    .where("kind", "=", "order-confirmation")
    .where("status", "in", ["queued", "running"])
    .execute();
  for (const job of queued as { id: string; payload: string }[]) {
    const payload = JSON.parse(job.payload) as { order?: Record<string, unknown> };
    if (!payload.order || payload.order.currency) continue;
    payload.order.currency = currency;
    await db
      .updateTable("jobs")
      .set({ payload: JSON.stringify(payload) })
      .where("id", "=", job.id)
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("tax_rate_basis_points").execute();
  await db.schema.alterTable("orders").dropColumn("currency").execute();
}

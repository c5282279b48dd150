import { sql, type Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
// Issue 30: stock per variant (docs/decisions/043). Each listed combination of an item's choices becomes a variant
// with its own SKU, optional barcode, price (the item's unless set) and stock; the item's stock goes to its first
// variant (marked for staff to check when the item has more than one); order lines keep the variant and SKU sold;
// stock history and 'Email me when it's back' requests are per variant. The items lose their own stock columns. A
// catalogue file checked by a dry run waits in catalog_imports for staff to import it.

type Combination = { flavour: string; nicotine_strength: number; puff_count: number | null };

const list = <T>(text: string | null): T[] => {
  try {
    const value: unknown = JSON.parse(text ?? "[]");
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
};

/** The same rule as madeSku (app/modules/catalog/variants.ts), frozen here as it was when this migration landed. */
const slugPart = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
const skuOf = (slug: string, c: Combination) =>
  [slug, slugPart(c.flavour), `${c.nicotine_strength}mg`, c.puff_count === null ? "" : String(c.puff_count)]
    .filter(Boolean)
    .join("-")
    .slice(0, 60)
    .replace(/-+$/, "");

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("variants")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull()) // device | flavour
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("sku", "text", (c) => c.notNull().unique())
    .addColumn("barcode", "text")
    .addColumn("flavour", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("nicotine_strength", "integer", (c) => c.notNull())
    .addColumn("puff_count", "integer")
    .addColumn("price_cents", "integer") // null: the item's price
    .addColumn("stock_quantity", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("track_stock", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("archived", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("stock_to_check", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // One variant per combination of an item (puff count null counts as one value), one owner per barcode.
  await sql`create unique index variants_options on variants
    (kind, item_id, flavour, nicotine_strength, coalesce(puff_count, -1))`.execute(db);
  await sql`create unique index variants_barcode on variants (barcode) where barcode is not null`.execute(db);
  await db.schema.createIndex("variants_item").on("variants").columns(["kind", "item_id", "position"]).execute();
  await db.schema
    .createIndex("variants_stock")
    .on("variants")
    .columns(["archived", "track_stock", "stock_quantity"])
    .execute();

  const now = new Date().toISOString();
  const skus = new Set<string>();
  const freeSku = (base: string) => {
    let sku = base;
    for (let n = 2; skus.has(sku); n++) sku = `${base}-${n}`;
    skus.add(sku);
    return sku;
  };
  const devices = await sql<{
    id: string;
    slug: string;
    flavours: string;
    nicotine_strengths: string;
    puff_counts: string | null;
    nicotine_mg_ml: number;
    stock_quantity: number;
    track_stock: number;
  }>`select id, slug, flavours, nicotine_strengths, puff_counts, nicotine_mg_ml, stock_quantity, track_stock
     from devices order by position, id`.execute(db);
  const flavours = await sql<{
    id: string;
    slug: string;
    sizes: string;
    nicotine_mg_ml: number;
    stock_quantity: number;
    track_stock: number;
  }>`select id, slug, sizes, nicotine_mg_ml, stock_quantity, track_stock from flavours order by slug, id`.execute(db);

  const rows: Array<Record<string, unknown>> = [];
  const add = (
    kind: "device" | "flavour",
    item: { id: string; slug: string; stock_quantity: number; track_stock: number },
    combinations: Combination[],
  ) =>
    combinations.forEach((c, position) => {
      rows.push({
        id: `v-${kind[0]}-${item.id}-${position}`,
        kind,
        item_id: item.id,
        sku: freeSku(skuOf(item.slug, c)),
        barcode: null,
        ...c,
        price_cents: null,
        stock_quantity: position === 0 ? Number(item.stock_quantity) : 0,
        track_stock: Number(item.track_stock),
        position,
        archived: 0,
        stock_to_check: combinations.length > 1 && Number(item.track_stock) === 1 ? 1 : 0,
        created_at: now,
        updated_at: now,
      });
    });
  for (const d of devices.rows) {
    const strengths = list<number>(d.nicotine_strengths);
    const flavourList = list<string>(d.flavours);
    const puffs = list<number>(d.puff_counts);
    const combinations: Combination[] = [];
    for (const flavour of flavourList.length > 0 ? flavourList : [""])
      for (const strength of strengths.length > 0 ? strengths : [Math.round(Number(d.nicotine_mg_ml))])
        for (const puff of puffs.length > 0 ? puffs : [null])
          combinations.push({ flavour, nicotine_strength: strength, puff_count: puff });
    add("device", d, combinations);
  }
  for (const f of flavours.rows) {
    const sizes = list<number>(f.sizes);
    add(
      "flavour",
      f,
      (sizes.length > 0 ? sizes : [Math.round(Number(f.nicotine_mg_ml))]).map((s) => ({
        flavour: "",
        nicotine_strength: s,
        puff_count: null,
      })),
    );
  }
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto("variants")
      .values(rows.slice(i, i + 200))
      .execute();

  // Order lines keep the variant and SKU they sold (matched by their choices; lines of choices no longer listed keep
  // none); the history and the requests of an item go to its first variant, where its stock went.
  await db.schema.alterTable("order_lines").addColumn("variant_id", "text").execute();
  await db.schema.alterTable("order_lines").addColumn("sku", "text").execute();
  await sql`update order_lines set variant_id = (select v.id from variants v where v.kind = order_lines.kind
      and v.item_id = order_lines.item_id and v.flavour = order_lines.flavour
      and v.nicotine_strength = order_lines.nicotine_strength
      and coalesce(v.puff_count, -1) = coalesce(order_lines.puff_count, -1))`.execute(db);
  await sql`update order_lines set sku = (select v.sku from variants v where v.id = order_lines.variant_id)`.execute(
    db,
  );

  const firstVariant = (table: string) =>
    sql`(select v.id from variants v where v.kind = ${sql.ref(`${table}.kind`)}
      and v.item_id = ${sql.ref(`${table}.item_id`)} order by v.position limit 1)`;
  await db.schema.alterTable("stock_movements").addColumn("variant_id", "text").execute();
  await sql`update stock_movements set variant_id = ${firstVariant("stock_movements")}`.execute(db);
  await db.schema.createIndex("stock_movements_variant_idx").on("stock_movements").column("variant_id").execute();

  // The requests' table again, with one request per address and variant (a constraint SQLite cannot drop in place).
  await db.schema
    .createTable("stock_alerts_by_variant")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("variant_id", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("user_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("stock_alerts_variant_email_key", ["variant_id", "email"])
    .execute();
  await sql`insert into stock_alerts_by_variant (id, kind, item_id, variant_id, email, user_id, created_at)
    select id, kind, item_id, ${firstVariant("stock_alerts")}, email, user_id, created_at from stock_alerts
    where ${firstVariant("stock_alerts")} is not null`.execute(db);
  await db.schema.dropTable("stock_alerts").execute();
  await db.schema.alterTable("stock_alerts_by_variant").renameTo("stock_alerts").execute();

  // A catalogue file staff checked (the dry run), kept until they import it or for a day, so 'Import' needs no
  // second upload and works from any server copy.
  await db.schema
    .createTable("catalog_imports")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .execute();

  for (const table of ["devices", "flavours"]) {
    await db.schema.dropIndex(`${table}_stock_idx`).execute();
    await db.schema.alterTable(table).dropColumn("stock_quantity").execute();
    await db.schema.alterTable(table).dropColumn("track_stock").execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("catalog_imports").execute();
  for (const [table, kind] of [
    ["devices", "device"],
    ["flavours", "flavour"],
  ] as const) {
    await db.schema
      .alterTable(table)
      .addColumn("stock_quantity", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn("track_stock", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    const own = sql`from variants v where v.kind = ${kind} and v.item_id = ${sql.ref(`${table}.id`)} and v.archived = 0`;
    await sql`update ${sql.table(table)} set
      stock_quantity = coalesce((select sum(v.stock_quantity) ${own}), 0),
      track_stock = case when exists (select 1 ${own} and v.track_stock = 0) then 0 else 1 end`.execute(db);
    await db.schema.createIndex(`${table}_stock_idx`).on(table).columns(["archived", "stock_quantity"]).execute();
  }
  await db.schema
    .createTable("stock_alerts_by_item")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("user_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("stock_alerts_item_email_key", ["kind", "item_id", "email"])
    .execute();
  await sql`insert into stock_alerts_by_item (id, kind, item_id, email, user_id, created_at)
    select min(id), kind, item_id, email, min(user_id), min(created_at) from stock_alerts
    group by kind, item_id, email`.execute(db);
  await db.schema.dropTable("stock_alerts").execute();
  await db.schema.alterTable("stock_alerts_by_item").renameTo("stock_alerts").execute();
  await db.schema.dropIndex("stock_movements_variant_idx").execute();
  await db.schema.alterTable("stock_movements").dropColumn("variant_id").execute();
  await db.schema.alterTable("order_lines").dropColumn("sku").execute();
  await db.schema.alterTable("order_lines").dropColumn("variant_id").execute();
  await db.schema.dropTable("variants").execute();
}

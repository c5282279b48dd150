import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("products")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("images", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("original_price_cents", "integer")
    .addColumn("flavors", "text", (c) => c.notNull())
    .addColumn("nicotine_strengths", "text", (c) => c.notNull())
    .addColumn("puff_counts", "text")
    .addColumn("features", "text", (c) => c.notNull())
    .addColumn("details_description", "text", (c) => c.notNull())
    .addColumn("specifications", "text", (c) => c.notNull())
    .addColumn("stock_status", "text", (c) => c.notNull())
    .addColumn("nicotine_mg_ml", "real", (c) => c.notNull())
    .addColumn("pod_ml", "real")
    .addColumn("rechargeable", "integer", (c) => c.notNull())
    .addColumn("featured", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("archived", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("flavours")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("images", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("sizes", "text", (c) => c.notNull())
    .addColumn("device_id", "text", (c) => c.notNull().references("products.id"))
    .addColumn("stock_status", "text", (c) => c.notNull())
    .addColumn("nicotine_mg_ml", "real", (c) => c.notNull())
    .addColumn("pod_ml", "real")
    .addColumn("bottle_ml", "real")
    .addColumn("archived", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("flavours_device_id_idx").on("flavours").column("device_id").execute();
  await db.schema.createIndex("products_listing_idx").on("products").columns(["archived", "position"]).execute();
  await db.schema.createIndex("flavours_listing_idx").on("flavours").columns(["archived", "name"]).execute();

  await db.schema
    .createTable("reviews")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("quote", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("company", "text", (c) => c.notNull())
    .addColumn("image", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();

  // One row per kind of shown content; writers bump it so every server copy drops cached pages at once.
  await db.schema
    .createTable("content_versions")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull())
    .execute();
  await db.insertInto("content_versions").values({ name: "storefront", version: 1 }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("content_versions").execute();
  await db.schema.dropTable("reviews").execute();
  await db.schema.dropTable("flavours").execute();
  await db.schema.dropTable("products").execute();
}

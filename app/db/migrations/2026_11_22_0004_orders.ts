import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // A signed-in shopper's cart; a line is its item + flavour + nicotine strength (spec section 3).
  await db.schema
    .createTable("cart_lines")
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("flavor", "text", (c) => c.notNull())
    .addColumn("nicotine_strength", "integer", (c) => c.notNull())
    .addColumn("puff_count", "integer")
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("cart_lines_pk", ["user_id", "kind", "item_id", "flavor", "nicotine_strength"])
    .execute();

  // Guest carts already merged into an account, so a second sign-in never doubles them.
  await db.schema
    .createTable("guest_merges")
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("token", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("guest_merges_pk", ["user_id", "token"])
    .execute();

  await db.schema
    .createTable("wishlist_items")
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("wishlist_items_pk", ["user_id", "kind", "item_id"])
    .execute();

  await db.schema
    .createTable("addresses")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("is_default", "integer", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("addresses_user_idx").on("addresses").columns(["user_id", "position"]).execute();

  // Where a shopper is in checkout, kept on the server so it survives reloads and other devices.
  await db.schema
    .createTable("checkout_state")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("address_id", "text")
    .addColumn("shipping_method", "text")
    .addColumn("delivery_date", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("orders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("user.id"))
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("payment_status", "text", (c) => c.notNull())
    .addColumn("address_title", "text", (c) => c.notNull())
    .addColumn("address_type", "text", (c) => c.notNull())
    .addColumn("address_text", "text", (c) => c.notNull())
    .addColumn("address_phone", "text", (c) => c.notNull())
    .addColumn("shipping_method", "text", (c) => c.notNull())
    .addColumn("delivery_date", "text", (c) => c.notNull())
    .addColumn("shipping_cents", "integer", (c) => c.notNull())
    .addColumn("subtotal_cents", "integer", (c) => c.notNull())
    .addColumn("tax_cents", "integer", (c) => c.notNull())
    .addColumn("total_cents", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("orders_idempotency_uq", ["user_id", "idempotency_key"])
    .execute();
  await db.schema.createIndex("orders_user_idx").on("orders").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("orders_status_idx").on("orders").columns(["status", "created_at"]).execute();

  // What was bought, as it was at the time (names and prices are copied, not referenced).
  await db.schema
    .createTable("order_lines")
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("image", "text")
    .addColumn("flavor", "text", (c) => c.notNull())
    .addColumn("nicotine_strength", "integer", (c) => c.notNull())
    .addColumn("puff_count", "integer")
    .addColumn("unit_price_cents", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("line_total_cents", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("order_lines_pk", ["order_id", "position"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "order_lines",
    "orders",
    "checkout_state",
    "addresses",
    "wishlist_items",
    "guest_merges",
    "cart_lines",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

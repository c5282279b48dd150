import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
//
// `catalog_items`: one row per device and flavour with what a card, a sort and a search need (docs/decisions/019).
// Database triggers keep it in step with `products` and `flavours`, so every write path (back office, seed, imports,
// a hand-run SQL statement) updates listings and search in the same transaction, and nothing can forget to.

/** Latin letters with accents and their plain letter: what JavaScript's NFD-and-strip-marks gives (catalog-search.ts). */
function accentTable(): { from: string; to: string } {
  let from = "";
  let to = "";
  for (let code = 0xc0; code <= 0x17f; code++) {
    const letter = String.fromCodePoint(code);
    const plain = letter.normalize("NFD").replace(/\p{M}/gu, "");
    if (plain !== letter && plain.length === 1) {
      from += letter;
      to += plain;
    }
  }
  return { from, to };
}

const itemColumns =
  "kind, item_id, device_id, kind_order, position, name, tag, description, flavors, image, price_cents, visible";

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await upPostgres(db);
  else await upSqlite(db);
  const indexes: Array<[string, string[]]> = [
    ["catalog_items_featured_idx", ["visible", "kind_order", "position", "name", "item_id"]],
    ["catalog_items_price_idx", ["visible", "price_cents", "name", "item_id"]],
    ["catalog_items_price_desc_idx", ["visible", "price_cents desc", "name", "item_id"]],
    ["catalog_items_name_idx", ["visible", "name", "item_id"]],
    ["catalog_items_device_idx", ["device_id", "visible", "kind_order", "name", "item_id"]],
  ];
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [name, columns] of indexes) {
    // A page is found on the index alone, then its rows by seq (a deferred join): SQLite's indexes hold the rowid
    // (seq) already; PostgreSQL's need it included for an index-only scan.
    await sql
      .raw(`create index ${name} on catalog_items (${columns.join(", ")})${postgres ? " include (seq)" : ""}`)
      .execute(db);
  }
  // Home shows featured devices first.
  await db.schema
    .createIndex("products_featured_idx")
    .on("products")
    .columns(["archived", "featured", "position"])
    .execute();
}

async function upSqlite(db: Kysely<any>): Promise<void> {
  const statements = [
    `create table catalog_items (
      seq integer primary key,
      kind text not null, item_id text not null, device_id text not null,
      kind_order integer not null, position integer not null,
      name text not null, tag text not null, description text not null, flavors text not null,
      image text, price_cents integer not null, visible integer not null,
      unique (kind, item_id))`,
    // Words (any case, accents ignored) in name, device or flavour list, description; and the name's trigrams for
    // parts of words ("berry" in "Blueberry"). External content: the text lives once, in catalog_items.
    `create virtual table catalog_search using fts5(name, tag, flavors, description,
      content='catalog_items', content_rowid='seq', tokenize='unicode61 remove_diacritics 2')`,
    `create virtual table catalog_names using fts5(name,
      content='catalog_items', content_rowid='seq', tokenize='trigram remove_diacritics 1')`,
    `create trigger catalog_items_ai after insert on catalog_items begin
      insert into catalog_search(rowid, name, tag, flavors, description) values (new.seq, new.name, new.tag, new.flavors, new.description);
      insert into catalog_names(rowid, name) values (new.seq, new.name);
    end`,
    `create trigger catalog_items_ad after delete on catalog_items begin
      insert into catalog_search(catalog_search, rowid, name, tag, flavors, description) values ('delete', old.seq, old.name, old.tag, old.flavors, old.description);
      insert into catalog_names(catalog_names, rowid, name) values ('delete', old.seq, old.name);
    end`,
    `create trigger catalog_items_au after update of name, tag, flavors, description on catalog_items
    when old.name is not new.name or old.tag is not new.tag or old.flavors is not new.flavors or old.description is not new.description
    begin
      insert into catalog_search(catalog_search, rowid, name, tag, flavors, description) values ('delete', old.seq, old.name, old.tag, old.flavors, old.description);
      insert into catalog_names(catalog_names, rowid, name) values ('delete', old.seq, old.name);
      insert into catalog_search(rowid, name, tag, flavors, description) values (new.seq, new.name, new.tag, new.flavors, new.description);
      insert into catalog_names(rowid, name) values (new.seq, new.name);
    end`,
    `create trigger products_catalog_ai after insert on products begin
      insert into catalog_items(${itemColumns})
      values ('device', new.id, new.id, 0, new.position, new.name, 'Device', new.description, new.flavors,
        json_extract(new.images, '$[0]'), new.price_cents, new.archived = 0);
    end`,
    `create trigger products_catalog_au after update of name, description, flavors, images, price_cents, position, archived on products begin
      update catalog_items set position = new.position, name = new.name, description = new.description, flavors = new.flavors,
        image = json_extract(new.images, '$[0]'), price_cents = new.price_cents, visible = new.archived = 0
      where kind = 'device' and item_id = new.id;
      update catalog_items set tag = new.name, position = new.position,
        visible = new.archived = 0 and (select f.archived = 0 from flavours f where f.id = catalog_items.item_id)
      where kind = 'flavour' and device_id = new.id;
    end`,
    `create trigger products_catalog_ad after delete on products begin
      delete from catalog_items where kind = 'device' and item_id = old.id;
    end`,
    `create trigger flavours_catalog_ai after insert on flavours begin
      insert into catalog_items(${itemColumns})
      select 'flavour', new.id, new.device_id, 1, p.position, new.name, p.name, new.description, '',
        json_extract(new.images, '$[0]'), new.price_cents, new.archived = 0 and p.archived = 0
      from products p where p.id = new.device_id;
    end`,
    `create trigger flavours_catalog_au after update of name, description, images, price_cents, device_id, archived on flavours begin
      update catalog_items set device_id = new.device_id, name = new.name, description = new.description,
        image = json_extract(new.images, '$[0]'), price_cents = new.price_cents,
        tag = (select p.name from products p where p.id = new.device_id),
        position = (select p.position from products p where p.id = new.device_id),
        visible = new.archived = 0 and (select p.archived = 0 from products p where p.id = new.device_id)
      where kind = 'flavour' and item_id = new.id;
    end`,
    `create trigger flavours_catalog_ad after delete on flavours begin
      delete from catalog_items where kind = 'flavour' and item_id = old.id;
    end`,
    `insert into catalog_items(${itemColumns})
      select 'device', id, id, 0, position, name, 'Device', description, flavors, json_extract(images, '$[0]'), price_cents, archived = 0
      from products`,
    `insert into catalog_items(${itemColumns})
      select 'flavour', f.id, f.device_id, 1, p.position, f.name, p.name, f.description, '', json_extract(f.images, '$[0]'),
        f.price_cents, f.archived = 0 and p.archived = 0
      from flavours f join products p on p.id = f.device_id`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function upPostgres(db: Kysely<any>): Promise<void> {
  const { from, to } = accentTable();
  const statements = [
    // Trigram matching for parts of words; a trusted extension, so the database's owner may create it.
    `create extension if not exists pg_trgm`,
    // unaccent() is not immutable (it reads a dictionary), so it cannot feed an index: a fixed table can.
    `create or replace function shop_unaccent(text) returns text language sql immutable parallel safe strict
      as $$ select translate($1, '${from}', '${to}') $$`,
    `create table catalog_items (
      seq bigserial primary key,
      kind text not null, item_id text not null, device_id text not null,
      kind_order integer not null, position integer not null,
      name text not null, tag text not null, description text not null, flavors text not null,
      image text, price_cents integer not null, visible integer not null,
      search tsvector generated always as (
        setweight(to_tsvector('simple', shop_unaccent(name)), 'A') ||
        setweight(to_tsvector('simple', shop_unaccent(tag || ' ' || flavors)), 'B') ||
        setweight(to_tsvector('simple', shop_unaccent(description)), 'C')) stored,
      -- The name as the trigram index compares it: computed once per write, not per row searched (translate() is slow).
      name_plain text generated always as (lower(shop_unaccent(name))) stored,
      unique (kind, item_id))`,
    `create index catalog_items_search_idx on catalog_items using gin (search)`,
    `create index catalog_items_name_trgm_idx on catalog_items using gin (name_plain gin_trgm_ops)`,
    `create function catalog_items_from_products() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into catalog_items(${itemColumns})
        values ('device', new.id, new.id, 0, new.position, new.name, 'Device', new.description, new.flavors,
          new.images::jsonb ->> 0, new.price_cents, (new.archived = 0)::int);
      elsif tg_op = 'UPDATE' then
        update catalog_items set position = new.position, name = new.name, description = new.description,
          flavors = new.flavors, image = new.images::jsonb ->> 0, price_cents = new.price_cents, visible = (new.archived = 0)::int
        where kind = 'device' and item_id = new.id;
        update catalog_items c set tag = new.name, position = new.position, visible = (new.archived = 0 and f.archived = 0)::int
        from flavours f where c.kind = 'flavour' and c.device_id = new.id and f.id = c.item_id;
      else
        delete from catalog_items where kind = 'device' and item_id = old.id;
      end if;
      return null;
    end $$`,
    `create trigger products_catalog_change after insert or delete on products
      for each row execute function catalog_items_from_products()`,
    `create trigger products_catalog_update after update of name, description, flavors, images, price_cents, position, archived on products
      for each row execute function catalog_items_from_products()`,
    `create function catalog_items_from_flavours() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into catalog_items(${itemColumns})
        select 'flavour', new.id, new.device_id, 1, p.position, new.name, p.name, new.description, '',
          new.images::jsonb ->> 0, new.price_cents, (new.archived = 0 and p.archived = 0)::int
        from products p where p.id = new.device_id;
      elsif tg_op = 'UPDATE' then
        update catalog_items c set device_id = new.device_id, name = new.name, description = new.description,
          image = new.images::jsonb ->> 0, price_cents = new.price_cents, tag = p.name, position = p.position,
          visible = (new.archived = 0 and p.archived = 0)::int
        from products p where c.kind = 'flavour' and c.item_id = new.id and p.id = new.device_id;
      else
        delete from catalog_items where kind = 'flavour' and item_id = old.id;
      end if;
      return null;
    end $$`,
    `create trigger flavours_catalog_change after insert or delete on flavours
      for each row execute function catalog_items_from_flavours()`,
    `create trigger flavours_catalog_update after update of name, description, images, price_cents, device_id, archived on flavours
      for each row execute function catalog_items_from_flavours()`,
    `insert into catalog_items(${itemColumns})
      select 'device', id, id, 0, position, name, 'Device', description, flavors, images::jsonb ->> 0, price_cents, (archived = 0)::int
      from products`,
    `insert into catalog_items(${itemColumns})
      select 'flavour', f.id, f.device_id, 1, p.position, f.name, p.name, f.description, '', f.images::jsonb ->> 0,
        f.price_cents, (f.archived = 0 and p.archived = 0)::int
      from flavours f join products p on p.id = f.device_id`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("products_featured_idx").execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const statement of [
      "drop trigger products_catalog_change on products",
      "drop trigger products_catalog_update on products",
      "drop trigger flavours_catalog_change on flavours",
      "drop trigger flavours_catalog_update on flavours",
      "drop function catalog_items_from_products()",
      "drop function catalog_items_from_flavours()",
      "drop table catalog_items",
      "drop function shop_unaccent(text)",
    ])
      await sql.raw(statement).execute(db);
    return;
  }
  for (const trigger of [
    "products_catalog_ai",
    "products_catalog_au",
    "products_catalog_ad",
    "flavours_catalog_ai",
    "flavours_catalog_au",
    "flavours_catalog_ad",
  ]) {
    await sql.raw(`drop trigger ${trigger}`).execute(db);
  }
  for (const statement of ["drop table catalog_names", "drop table catalog_search", "drop table catalog_items"])
    await sql.raw(statement).execute(db);
}

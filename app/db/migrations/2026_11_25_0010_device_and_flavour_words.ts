import { PostgresAdapter, sql, type Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
//
// One word for each thing (docs/decisions/035): the table of devices is `devices` (it was `products`), and the code's
// word for a flavour is 'flavour' in columns too (`flavors` → `flavours`, `flavor` → `flavour`). The catalogue's read
// model (docs/decisions/019) is kept by triggers and searched through FTS5 (SQLite) or a generated tsvector
// (PostgreSQL) that name these: they are made again with the new names, and the search index is rebuilt from
// `catalog_items` (its rows themselves are kept). URLs and what shoppers read do not change.

const itemColumns = (flavours: string) =>
  `kind, item_id, device_id, kind_order, position, name, tag, description, ${flavours}, image, price_cents, visible`;

type Words = { devices: string; flavours: string; flavour: string };
const NEW: Words = { devices: "devices", flavours: "flavours", flavour: "flavour" };
const OLD: Words = { devices: "products", flavours: "flavors", flavour: "flavor" };
const postgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;
const run = async (db: Kysely<any>, statements: string[]) => {
  for (const statement of statements) await sql.raw(statement).execute(db);
};

export async function up(db: Kysely<any>): Promise<void> {
  await rename(db, OLD, NEW);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rename(db, NEW, OLD);
}

async function rename(db: Kysely<any>, from: Words, to: Words): Promise<void> {
  if (postgres(db)) await renamePostgres(db, from, to);
  else await renameSqlite(db, from, to);
}

/** The columns and tables themselves, alike on both databases. */
const renames = (from: Words, to: Words) => [
  `alter table ${from.devices} rename to ${to.devices}`,
  `alter table ${to.devices} rename column ${from.flavours} to ${to.flavours}`,
  `alter table catalog_items rename column ${from.flavours} to ${to.flavours}`,
  `alter table cart_lines rename column ${from.flavour} to ${to.flavour}`,
  `alter table order_lines rename column ${from.flavour} to ${to.flavour}`,
];

const indexNames = ["listing_idx", "featured_idx", "stock_idx"];

async function renameSqlite(db: Kysely<any>, from: Words, to: Words): Promise<void> {
  // The triggers and the full-text table name the old words: dropped first, made again after (SQLite cannot rename a
  // column of an FTS5 table). Indexes cannot be renamed: made again under the table's name.
  await run(db, [
    ...["ai", "au", "ad"].map((t) => `drop trigger ${from.devices}_catalog_${t}`),
    ...["ai", "au", "ad"].map((t) => `drop trigger flavours_catalog_${t}`),
    ...["ai", "au", "ad"].map((t) => `drop trigger catalog_items_${t}`),
    "drop table catalog_search",
    ...indexNames.map((name) => `drop index ${from.devices}_${name}`),
    ...renames(from, to),
    `create index ${to.devices}_listing_idx on ${to.devices} (archived, position)`,
    `create index ${to.devices}_featured_idx on ${to.devices} (archived, featured, position)`,
    `create index ${to.devices}_stock_idx on ${to.devices} (archived, stock_quantity)`,
  ]);
  const f = to.flavours;
  const d = to.devices;
  await run(db, [
    `create virtual table catalog_search using fts5(name, tag, ${f}, description,
      content='catalog_items', content_rowid='seq', tokenize='unicode61 remove_diacritics 2')`,
    `insert into catalog_search(catalog_search) values ('rebuild')`,
    `create trigger catalog_items_ai after insert on catalog_items begin
      insert into catalog_search(rowid, name, tag, ${f}, description) values (new.seq, new.name, new.tag, new.${f}, new.description);
      insert into catalog_names(rowid, name) values (new.seq, new.name);
    end`,
    `create trigger catalog_items_ad after delete on catalog_items begin
      insert into catalog_search(catalog_search, rowid, name, tag, ${f}, description) values ('delete', old.seq, old.name, old.tag, old.${f}, old.description);
      insert into catalog_names(catalog_names, rowid, name) values ('delete', old.seq, old.name);
    end`,
    `create trigger catalog_items_au after update of name, tag, ${f}, description on catalog_items
    when old.name is not new.name or old.tag is not new.tag or old.${f} is not new.${f} or old.description is not new.description
    begin
      insert into catalog_search(catalog_search, rowid, name, tag, ${f}, description) values ('delete', old.seq, old.name, old.tag, old.${f}, old.description);
      insert into catalog_names(catalog_names, rowid, name) values ('delete', old.seq, old.name);
      insert into catalog_search(rowid, name, tag, ${f}, description) values (new.seq, new.name, new.tag, new.${f}, new.description);
      insert into catalog_names(rowid, name) values (new.seq, new.name);
    end`,
    `create trigger ${d}_catalog_ai after insert on ${d} begin
      insert into catalog_items(${itemColumns(f)})
      values ('device', new.id, new.id, 0, new.position, new.name, 'Device', new.description, new.${f},
        json_extract(new.images, '$[0]'), new.price_cents, new.archived = 0);
    end`,
    `create trigger ${d}_catalog_au after update of name, description, ${f}, images, price_cents, position, archived on ${d} begin
      update catalog_items set position = new.position, name = new.name, description = new.description, ${f} = new.${f},
        image = json_extract(new.images, '$[0]'), price_cents = new.price_cents, visible = new.archived = 0
      where kind = 'device' and item_id = new.id;
      update catalog_items set tag = new.name, position = new.position,
        visible = new.archived = 0 and (select f.archived = 0 from flavours f where f.id = catalog_items.item_id)
      where kind = 'flavour' and device_id = new.id;
    end`,
    `create trigger ${d}_catalog_ad after delete on ${d} begin
      delete from catalog_items where kind = 'device' and item_id = old.id;
    end`,
    `create trigger flavours_catalog_ai after insert on flavours begin
      insert into catalog_items(${itemColumns(f)})
      select 'flavour', new.id, new.device_id, 1, p.position, new.name, p.name, new.description, '',
        json_extract(new.images, '$[0]'), new.price_cents, new.archived = 0 and p.archived = 0
      from ${d} p where p.id = new.device_id;
    end`,
    `create trigger flavours_catalog_au after update of name, description, images, price_cents, device_id, archived on flavours begin
      update catalog_items set device_id = new.device_id, name = new.name, description = new.description,
        image = json_extract(new.images, '$[0]'), price_cents = new.price_cents,
        tag = (select p.name from ${d} p where p.id = new.device_id),
        position = (select p.position from ${d} p where p.id = new.device_id),
        visible = new.archived = 0 and (select p.archived = 0 from ${d} p where p.id = new.device_id)
      where kind = 'flavour' and item_id = new.id;
    end`,
    `create trigger flavours_catalog_ad after delete on flavours begin
      delete from catalog_items where kind = 'flavour' and item_id = old.id;
    end`,
  ]);
}

async function renamePostgres(db: Kysely<any>, from: Words, to: Words): Promise<void> {
  // Triggers stay on a renamed table and the generated search column follows its column's new name, but the trigger
  // functions' bodies name the old table and column: made again. Indexes are renamed.
  const f = to.flavours;
  const d = to.devices;
  await run(db, [
    `drop trigger ${from.devices}_catalog_change on ${from.devices}`,
    `drop trigger ${from.devices}_catalog_update on ${from.devices}`,
    `drop function catalog_items_from_${from.devices}()`,
    ...renames(from, to),
    `alter index ${from.devices}_pkey rename to ${d}_pkey`,
    `alter index ${from.devices}_slug_key rename to ${d}_slug_key`,
    ...indexNames.map((name) => `alter index ${from.devices}_${name} rename to ${d}_${name}`),
    `create function catalog_items_from_${d}() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into catalog_items(${itemColumns(f)})
        values ('device', new.id, new.id, 0, new.position, new.name, 'Device', new.description, new.${f},
          new.images::jsonb ->> 0, new.price_cents, (new.archived = 0)::int);
      elsif tg_op = 'UPDATE' then
        update catalog_items set position = new.position, name = new.name, description = new.description,
          ${f} = new.${f}, image = new.images::jsonb ->> 0, price_cents = new.price_cents, visible = (new.archived = 0)::int
        where kind = 'device' and item_id = new.id;
        update catalog_items c set tag = new.name, position = new.position, visible = (new.archived = 0 and f.archived = 0)::int
        from flavours f where c.kind = 'flavour' and c.device_id = new.id and f.id = c.item_id;
      else
        delete from catalog_items where kind = 'device' and item_id = old.id;
      end if;
      return null;
    end $$`,
    `create trigger ${d}_catalog_change after insert or delete on ${d}
      for each row execute function catalog_items_from_${d}()`,
    `create trigger ${d}_catalog_update after update of name, description, ${f}, images, price_cents, position, archived on ${d}
      for each row execute function catalog_items_from_${d}()`,
    `create or replace function catalog_items_from_flavours() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into catalog_items(${itemColumns(f)})
        select 'flavour', new.id, new.device_id, 1, p.position, new.name, p.name, new.description, '',
          new.images::jsonb ->> 0, new.price_cents, (new.archived = 0 and p.archived = 0)::int
        from ${d} p where p.id = new.device_id;
      elsif tg_op = 'UPDATE' then
        update catalog_items c set device_id = new.device_id, name = new.name, description = new.description,
          image = new.images::jsonb ->> 0, price_cents = new.price_cents, tag = p.name, position = p.position,
          visible = (new.archived = 0 and p.archived = 0)::int
        from ${d} p where c.kind = 'flavour' and c.item_id = new.id and p.id = new.device_id;
      else
        delete from catalog_items where kind = 'flavour' and item_id = old.id;
      end if;
      return null;
    end $$`,
  ]);
}

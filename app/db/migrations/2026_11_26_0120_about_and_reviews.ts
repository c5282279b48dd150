import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
//
// Issue 29 (docs/decisions/037): the About page's words and figures become the shop's own (written by staff, or
// counted from its catalogue and published reviews), and reviews get a back office: each is published or not.
//
// Before this migration reviews had no back office at all: the only way in was the demo content's loader, so a
// database holding reviews was started with the demo content. It keeps the demo's About page (the specification's
// figures), written here as the demo loader writes it now.

const demoAbout = {
  story:
    "{shop} started in 2019 as a market stall run by two friends who were tired of shops that sold unknown, " +
    "non-compliant devices. We wanted one place where adult vapers could find genuine, legal products, explained " +
    "plainly, at a fair price.\n\nToday we ship across the UK from our own warehouse. We still check every batch we " +
    "buy, we still answer every message ourselves, and we still only sell to adults aged 18 and over.",
  figures: [
    { source: "written", value: "400+", label: "Devices and accessories" },
    { source: "written", value: "600%", label: "Return on investment" },
    { source: "written", value: "50+", label: "Flavours" },
    { source: "written", value: "200+", label: "Five-star reviews" },
  ],
};

export async function up(db: Kysely<any>): Promise<void> {
  // 1: shown on the home page; staff publish or hide each review.
  await db.schema
    .alterTable("reviews")
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(1))
    .execute();

  // One row ('about') once staff saved the page or the demo content was loaded; none: the shop's defaults.
  await db.schema
    .createTable("about_page")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("story", "text") // null: nobody wrote one
    .addColumn("offers", "text") // JSON [{ title, text }], null: the shop's own offers
    .addColumn("figures", "text", (c) => c.notNull()) // JSON [{ source, value, label }]
    .addColumn("demo", "integer", (c) => c.notNull().defaultTo(0)) // 1: the demo content's page
    .addColumn("updated_by", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  const reviews = await db.selectFrom("reviews").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow();
  if (Number(reviews.n) > 0) {
    await db
      .insertInto("about_page")
      .values({
        id: "about",
        story: demoAbout.story,
        offers: null,
        figures: JSON.stringify(demoAbout.figures),
        demo: 1,
        updated_by: null,
        updated_at: new Date().toISOString(),
      })
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("about_page").execute();
  await db.schema.alterTable("reviews").dropColumn("published").execute();
}

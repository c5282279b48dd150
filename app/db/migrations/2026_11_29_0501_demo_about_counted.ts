import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
//
// Issue 65 (docs/decisions/037): the demo shop's About page showed the specification's figures ('400+ Devices and
// accessories', '600% Return on investment', '50+ Flavours', '200+ Five-star reviews') for a shop of 5 devices and 6
// reviews. A newcomer's first look is the demo, so its figures are counted from the shop like any shop's. The demo's
// page (demo = 1: nobody saved it in the back office) gets the counted figures; a page staff saved is theirs and left
// as it is. Nothing to undo: the invented figures are not written back.

const countedFigures = [
  { source: "devices", value: "", label: "" },
  { source: "flavours", value: "", label: "" },
  { source: "reviews", value: "", label: "" },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable("about_page")
    .set({ figures: JSON.stringify(countedFigures) })
    .where("demo", "=", 1)
    .execute();
}

export async function down(): Promise<void> {}

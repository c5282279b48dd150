import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // The liquid in one unit of a variant (a pod pack, a bottle, a pre-filled device), in tenths of a millilitre
  // (2 ml = 20), for the Vaping Products Duty record (app/modules/compliance/vaping-duty.ts). Null: not known yet (a
  // flavour cannot be published so); a device without liquid keeps null.
  await db.schema.alterTable("variants").addColumn("liquid_tenths", "integer").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("variants").dropColumn("liquid_tenths").execute();
}

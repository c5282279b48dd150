// What db:seed and db:reset print (docs/decisions/026). Apart from scripts/cli-context.ts on purpose: these commands
// need the database alone, not the whole shop.
import { describeDemoPart } from "~/demo/seed.server";

export { shownDatabaseUrl } from "~/db/database.server";

/** The migrations run and the demo content loaded. */
export function printPrepared({ migrations, loaded }: { migrations: string[]; loaded: string[] }) {
  console.log(
    migrations.length
      ? `Ran ${migrations.length} migration${migrations.length === 1 ? "" : "s"}.`
      : "The database was up to date: no migrations to run.",
  );
  for (const part of loaded) console.log(`Loaded ${describeDemoPart(part)}.`);
}

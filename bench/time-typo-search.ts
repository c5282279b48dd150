// npx tsx bench/time-typo-search.ts: what forgiving a typo costs (docs/decisions/086), in-process on the generated
// 10,000 items (BENCH_CATALOGUE_ITEMS), on SQLite and PostgreSQL (BENCH_CATALOGUE_DATABASES): making the vocabulary,
// correcting a search's words against it, and the search ranked as typed and as corrected (p50 and p97.5, ms).
import "../scripts/require-node.mjs";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase, type Db } from "~/db/database.server";
import {
  findVocabularyTexts,
  searchCatalogCards,
  searchCorrectedCards,
} from "~/modules/catalog/search.repository.server";
import { buildVocabulary, correctWords, wordSlots } from "~/modules/catalog/search-typos";
import { freshPostgres, percentile, startBenchServer } from "./bench-support";
import { buildLargeCatalogue } from "./catalogue-generator";

const ITEMS = Number(process.env.BENCH_CATALOGUE_ITEMS ?? 10_000);
const DATABASES = (process.env.BENCH_CATALOGUE_DATABASES ?? "sqlite,postgres").split(",");
const RUNS = 300;

async function timed(runs: number, run: () => unknown): Promise<string> {
  for (let i = 0; i < 20; i++) await run();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  return `p50 ${percentile(ms, 50).toFixed(3)} ms, p97.5 ${percentile(ms, 97.5).toFixed(3)} ms`;
}

async function measure(name: string, url: string) {
  await (await startBenchServer(url)).stop(); // migrated, the demo catalogue loaded
  const db: Db = createDatabase(url);
  try {
    await buildLargeCatalogue(db, { items: ITEMS });
    const vocabulary = buildVocabulary(await findVocabularyTexts(db));
    console.log(`\n${name}: ${vocabulary.words.length} words in the vocabulary`);
    const texts = await findVocabularyTexts(db);
    console.log(`  vocabulary read (${texts.length} texts): ${await timed(20, () => findVocabularyTexts(db))}`);
    console.log(`  vocabulary made from them: ${await timed(20, () => buildVocabulary(texts))}`);
    for (const words of [["mango"], ["mango", "ice"], ["strawbery"], ["mango", "qzfryd"]]) {
      const corrections = correctWords(vocabulary, words);
      const said = [...corrections].map(([from, to]) => `${from} → ${to}`).join(", ") || "none";
      console.log(
        `  corrected "${words.join(" ")}" (${said}): ${await timed(RUNS, () => correctWords(vocabulary, words))}`,
      );
      console.log(`    ranked as typed: ${await timed(RUNS, () => searchCatalogCards(db, words, 8, 0))}`);
      if (corrections.size > 0) {
        const slots = wordSlots(words, corrections);
        console.log(
          `    ranked as corrected: ${await timed(RUNS, () => searchCorrectedCards(db, words, slots, 8, 0))}`,
        );
      }
    }
  } finally {
    await db.destroy();
  }
}

const dir = mkdtempSync(join(tmpdir(), "shop-typo-time-"));
try {
  if (DATABASES.includes("sqlite")) await measure("SQLite", `file:${dir}/catalogue.db`);
  const postgres = DATABASES.includes("postgres") ? await freshPostgres("typos") : null;
  if (postgres) {
    try {
      await measure("PostgreSQL", postgres.url);
    } finally {
      await postgres.drop();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// The modules' dependency graph: which module under app/modules imports which other, counted from the imports in
// their files (type imports too: they bind a module to another's words just the same; tests and their fixtures are
// left out, as they set up rows across modules). docs/architecture.md draws it and scripts/architecture.test.ts fails
// when the drawing and the code differ. `npx tsx scripts/module-graph.ts` prints the counts and the Mermaid graph,
// `--files` also which file imports which, `--write` redraws the graph in docs/architecture.md.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export type ModuleEdge = { from: string; to: string; imports: { file: string; target: string }[] };

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const modulesDir = join(root, "app", "modules");

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** "app/modules/<name>/…" → "<name>"; anything else → null. */
export function moduleOf(file: string): string | null {
  const rel = relative(modulesDir, file);
  if (rel.startsWith("..")) return null;
  const [name, rest] = rel.split(sep);
  return rest ? (name ?? null) : null;
}

function resolve(from: string, specifier: string): string | null {
  if (specifier.startsWith("~/")) return join(root, "app", specifier.slice(2));
  if (specifier.startsWith(".")) return normalize(join(dirname(from), specifier));
  return null; // a package
}

/** The modules' names, one per folder under app/modules. */
export function moduleNames(): string[] {
  return readdirSync(modulesDir)
    .filter((name) => statSync(join(modulesDir, name)).isDirectory())
    .sort();
}

/** Every import from one module's file into another module, grouped by direction ("from → to"). */
export function moduleEdges({ tests = false }: { tests?: boolean } = {}): ModuleEdge[] {
  const edges = new Map<string, ModuleEdge>();
  for (const file of walk(modulesDir)) {
    if (!tests && (/\.test\.tsx?$/.test(file) || file.includes(`${sep}testing${sep}`))) continue;
    const from = moduleOf(file);
    const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    for (const { fileName } of info.importedFiles) {
      const target = resolve(file, fileName);
      const to = target && moduleOf(target);
      if (!from || !to || to === from) continue;
      const key = `${from} → ${to}`;
      const edge = edges.get(key) ?? { from, to, imports: [] };
      edge.imports.push({ file: relative(root, file), target: relative(root, target) });
      edges.set(key, edge);
    }
  }
  return [...edges.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}

/** Pairs of modules that import each other, each once ("a ↔ b" with a before b). */
export function mutualPairs(edges: ModuleEdge[]): string[] {
  const directions = new Set(edges.map((e) => `${e.from} → ${e.to}`));
  return edges.filter((e) => e.from < e.to && directions.has(`${e.to} → ${e.from}`)).map((e) => `${e.from} ↔ ${e.to}`);
}

/** The graph as Mermaid, one line per direction, sorted: the text docs/architecture.md holds. */
export function mermaid(edges: ModuleEdge[]): string {
  return ["flowchart LR", ...edges.map((e) => `  ${e.from} --> ${e.to}`)].join("\n");
}

export const architectureDoc = join(root, "docs", "architecture.md");
const GRAPH = /(<!-- module-graph: start[^\n]*-->\n```mermaid\n)([\s\S]*?)(\n```\n<!-- module-graph: end -->)/;

/** The Mermaid text drawn in docs/architecture.md between its module-graph markers. */
export function drawnGraph(markdown: string): string | null {
  return GRAPH.exec(markdown)?.[2] ?? null;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const edges = moduleEdges();
  const pairs = mutualPairs(edges);
  console.log(
    `${moduleNames().length} modules, ${edges.length} directions, ${pairs.length} pairs importing each other`,
  );
  for (const pair of pairs) console.log(`  ${pair}`);
  if (process.argv.includes("--files")) {
    for (const edge of edges) {
      console.log(`\n${edge.from} → ${edge.to}`);
      for (const i of edge.imports) console.log(`  ${i.file} → ${i.target}`);
    }
  }
  console.log(`\n${mermaid(edges)}`);
  if (process.argv.includes("--write")) {
    const doc = readFileSync(architectureDoc, "utf8");
    if (!drawnGraph(doc)) throw new Error("docs/architecture.md has no module-graph markers");
    writeFileSync(
      architectureDoc,
      doc.replace(GRAPH, (_, start: string, _old, end: string) => start + mermaid(edges) + end),
    );
    console.log("\ndocs/architecture.md redrawn");
  }
}

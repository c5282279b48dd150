// What the Import CSV page shows of a checked or imported file (docs/decisions/042, 069): the rows that change (never
// the unchanged ones, which are only counted), the items marked active that stay drafts and why, the Shopify products
// without a nicotine strength with a field each, and the problems of a refused file.
import { Form } from "react-router";
import { AdminTable, HeaderRow } from "~/components/admin/list-controls";
import { importSummary, MAX_LISTED, type ImportAnswer } from "~/modules/admin/catalog/csv/catalog-import";
import { UK_LIMITS } from "~/modules/compliance/compliance";

type Ok = Extract<ImportAnswer, { ok: true }>;
type Refused = Extract<ImportAnswer, { ok: false }>;

const actionWords = {
  "new item": "New item",
  "new variant": "New variant",
  updated: "Updated",
  unchanged: "No change",
};

const grouped = (n: number) => n.toLocaleString("en-GB");
const changedRows = (result: Ok) => result.counts.newVariants + result.counts.updated;

/** The rows that change, by line, and how many are left unlisted or unchanged. */
function Changes({ result }: { result: Ok }) {
  const changed = changedRows(result);
  return (
    <div className="space-y-2">
      {result.changes.length > 0 && (
        <AdminTable
          caption={result.dryRun ? "The rows that would change" : "The rows that changed"}
          minWidth="min-w-[40rem]"
        >
          <HeaderRow columns={["Line", "SKU", "Item", "Variant", "Change"]} />
          <tbody className="divide-y divide-slate-200">
            {result.changes.map((c) => (
              <tr key={c.line}>
                <td data-label="Line" className="px-3 py-2">
                  {c.line}
                </td>
                <td data-label="SKU" className="px-3 py-2 font-mono">
                  {c.sku}
                </td>
                <td data-label="Item" className="px-3 py-2">
                  {c.item}
                </td>
                <td data-label="Variant" className="px-3 py-2">
                  {c.variant}
                </td>
                <td data-label="Change" className="px-3 py-2">
                  <strong>{actionWords[c.action]}</strong>
                  {c.changes.length > 0 && `: ${c.changes.join("; ")}`}
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      <p className="text-sm text-slate-600">
        {changed > result.changes.length &&
          `The first ${grouped(result.changes.length)} of the ${grouped(changed)} rows that change are listed. `}
        {result.counts.unchanged > 0 &&
          `${grouped(result.counts.unchanged)} ${result.counts.unchanged === 1 ? "row is" : "rows are"} unchanged and not listed.`}
      </p>
    </div>
  );
}

/** Items the file marks active that may not be published yet: they are saved (or stay) as drafts. */
function KeptDrafts({ result }: { result: Ok }) {
  if (result.drafts.length === 0) return null;
  return (
    <section aria-labelledby="kept-drafts" className="space-y-2 rounded-lg bg-amber-50 p-3 text-amber-950">
      <h2 id="kept-drafts" className="font-semibold">
        {result.dryRun ? "Marked active, but to be saved as drafts" : "Marked active, but saved as drafts"} (
        {grouped(result.counts.drafts)})
      </h2>
      <p className="text-sm">
        These may not be shown in the shop yet. Put the reasons right in the file and import it again, or on each
        item&apos;s page, then publish them from the list.
      </p>
      <ul className="list-disc space-y-1 pl-5 text-sm">
        {result.drafts.map((d) => (
          <li key={d.line}>
            Line {d.line}, <strong>{d.item}</strong>: {d.reasons.join(" ")}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Notes({ result }: { result: Ok }) {
  return result.notes.map((note) => (
    <p key={note} className="text-sm text-amber-900">
      {note}
    </p>
  ));
}

/** After Import: what was saved. */
export function ImportDone({ result }: { result: Ok }) {
  return (
    <div className="space-y-3">
      <p role="status" className="rounded-lg bg-emerald-50 p-3 text-emerald-900">
        Imported: {importSummary(result.counts, false)}.
      </p>
      <Notes result={result} />
      <KeptDrafts result={result} />
      <Changes result={result} />
    </div>
  );
}

/** A refused file: its problems by line (and, for an import that stopped part way, what it saved first). */
export function ImportRefused({ result }: { result: Refused }) {
  const count = result.problemCount;
  return (
    <div role="alert" className="space-y-2 rounded-lg bg-red-50 p-3 text-red-900">
      <p className="font-semibold">
        {result.saved
          ? `The import stopped part way; what it saved first: ${importSummary(result.saved, false)}.`
          : `Nothing was imported: ${count === 1 ? "1 problem" : `${grouped(count)} problems`} to put right in the file first.`}
      </p>
      <ul className="list-disc pl-5">
        {result.problems.map((p, i) => (
          <li key={`${p.line}-${i}`}>{p.message}</li>
        ))}
      </ul>
      {count > result.problems.length && <p>…and {grouped(count - result.problems.length)} more.</p>}
    </div>
  );
}

/**
 * After Check file: what the file would do, the products without a nicotine strength (a field each, 'Check again'),
 * and Import.
 */
export function ImportChecked({ result, fileName, busy }: { result: Ok; fileName: string | null; busy: boolean }) {
  const missing = result.missing;
  return (
    <div className="space-y-3">
      <p role="status" className="rounded-lg bg-slate-50 p-3 text-slate-900">
        Checked {fileName ?? "the file"} ({result.format === "shopify" ? "Shopify's format" : "the shop's format"}):{" "}
        {importSummary(result.counts, true)}. Nothing is saved yet.
      </p>
      <Notes result={result} />
      <Form method="post" className="space-y-3" aria-label="Import the checked file">
        <input type="hidden" name="importId" value={result.importId ?? ""} />
        <input type="hidden" name="fileName" value={fileName ?? ""} />
        {Object.entries(result.strengths).map(([handle, strength]) => (
          <input key={handle} type="hidden" name={`strength:${handle}`} value={strength} />
        ))}
        {missing.length > 0 && (
          <fieldset className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3">
            <legend className="px-1 font-semibold text-amber-950">
              {missing.length === 1
                ? "1 product has no nicotine strength"
                : `${grouped(missing.length)} products have no nicotine strength`}
            </legend>
            <p className="text-sm text-amber-950">
              Neither an option nor the title says its strength. Give it in mg/ml (0 to {UK_LIMITS.nicotineMgMl}, 0 for
              nicotine-free) and choose Check again; a product left empty is not imported, the rest are.
              {missing.length >= MAX_LISTED && ` The first ${MAX_LISTED} are listed.`}
            </p>
            {missing.map((m) => {
              const id = `strength-${m.handle}`;
              return (
                <div key={m.handle}>
                  <label htmlFor={id} className="block text-sm font-semibold">
                    Nicotine strength of {m.name} (line {m.line},{" "}
                    {m.variants === 1 ? "1 variant" : `${m.variants} variants`}
                    ), mg/ml
                  </label>
                  <input
                    id={id}
                    name={`strength:${m.handle}`}
                    inputMode="numeric"
                    defaultValue={m.given?.text ?? ""}
                    aria-invalid={m.given ? true : undefined}
                    aria-describedby={m.given ? `${id}-error` : undefined}
                    className="mt-1 block w-32 rounded-lg border border-slate-300 px-3 py-2"
                  />
                  {m.given && (
                    <p id={`${id}-error`} className="text-sm text-red-800">
                      {m.given.error.charAt(0).toUpperCase() + m.given.error.slice(1)}.
                    </p>
                  )}
                </div>
              );
            })}
            <button type="submit" name="intent" value="recheck" className="btn-outline" disabled={busy}>
              Check again
            </button>
          </fieldset>
        )}
        <button type="submit" name="intent" value="import" className="btn-primary" disabled={busy}>
          Import
        </button>
      </Form>
      <KeptDrafts result={result} />
      <Changes result={result} />
    </div>
  );
}

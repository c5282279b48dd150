import { Form, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { AdminTable, HeaderRow } from "~/components/admin/list-controls";
import { FormAlert } from "~/components/ui/form-alert";
import { readForm } from "~/lib/form-data.server";
import { formText } from "~/lib/form-data";
import { pageMeta } from "~/lib/meta";
import { appUrl } from "~/lib/config.server";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { importMessages, type ImportAnswer } from "~/modules/admin/catalog/catalog-import";
import { importCatalogue, importChecked } from "~/modules/admin/catalog/catalog-import.service.server";
import { CATALOG_CSV_COLUMNS, MAX_CATALOG_CSV_BYTES } from "~/modules/catalog/catalog-csv";
import type { Route } from "./+types/catalogue-import";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Import CSV", "Back office: import the catalogue from a CSV file.");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request);
  return { maxBytes: MAX_CATALOG_CSV_BYTES };
}

type Answer = { error: string | null; result: ImportAnswer | null; fileName: string | null };

/** 'Check file' (a dry run: nothing saved, the file kept for 'Import') or 'Import' of the checked file. Staff only. */
export async function action({ request, context }: Route.ActionArgs): Promise<Answer> {
  const staff = await requireStaff(context, request);
  const form = await readForm(request);
  const url = appUrl(context.config);
  if (form.get("intent") === "import") {
    const result = await importChecked(context.db, staff, formText(form, "importId", 60), url);
    return { error: null, result, fileName: formText(form, "fileName", 200) || null };
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return { error: importMessages.noFile, result: null, fileName: null };
  if (file.size > MAX_CATALOG_CSV_BYTES)
    return { error: importMessages.tooBig(file.size, MAX_CATALOG_CSV_BYTES), result: null, fileName: null };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.includes(0)) return { error: importMessages.notText, result: null, fileName: null };
  const fileName = file.name || "catalogue.csv";
  const result = await importCatalogue(context.db, staff, Buffer.from(bytes).toString("utf8"), {
    dryRun: true,
    appUrl: url,
    fileName,
  });
  return { error: null, result, fileName };
}

/** '1 new item', '2 new items'. */
const count = (n: number, noun: string) => `${n.toLocaleString("en-GB")} ${noun}${n === 1 ? "" : "s"}`;
const summary = (c: { newItems: number; newVariants: number; updated: number; unchanged: number }, planned: boolean) =>
  `${count(c.newItems, "new item")}, ${count(c.newVariants, "new variant")}, ${count(c.updated, "variant")} ${planned ? "to update" : "updated"}, ${c.unchanged.toLocaleString("en-GB")} unchanged`;

const actionWords = {
  "new item": "New item",
  "new variant": "New variant",
  updated: "Updated",
  unchanged: "No change",
};

export default function CatalogueImport({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const result = actionData?.result;
  const done = result?.ok && !result.dryRun;
  return (
    <section aria-labelledby="import-title" className="max-w-4xl space-y-5">
      <h1 id="import-title" className="text-2xl font-extrabold">
        Import CSV
      </h1>
      <p className="text-slate-700">
        Add or update devices, flavours and their variants from a CSV file: the shop&apos;s own (
        <a href="/admin/catalogue.csv" className="font-semibold text-brand-700 underline">
          Export CSV
        </a>{" "}
        gives one, with the columns {CATALOG_CSV_COLUMNS.join(", ")}) or a product export from Shopify. Rows are matched
        by SKU: a known SKU is updated, a new one added; nothing is ever deleted. New items are saved as drafts, hidden
        until you check them and publish them from their page. Check the file first: you will see what each row would
        change, and nothing is saved until you choose Import.
      </p>
      <FormAlert message={actionData?.error} />
      {done && result.ok && (
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-emerald-900">
          Imported: {summary(result.counts, false)}.
        </p>
      )}
      <Form method="post" encType="multipart/form-data" className="space-y-3" aria-label="Check a catalogue file">
        <div>
          <label htmlFor="file" className="block font-semibold">
            Catalogue file (CSV)
          </label>
          <p id="file-hint" className="text-sm text-slate-600">
            Comma-separated, UTF-8, at most {Math.round(loaderData.maxBytes / 1024 / 1024)} MB.
          </p>
          <input
            id="file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            aria-describedby="file-hint"
            className="mt-1 block"
          />
        </div>
        <button type="submit" name="intent" value="check" className="btn-primary" disabled={busy}>
          Check file
        </button>
      </Form>
      {result && !result.ok && (
        <div role="alert" className="space-y-2 rounded-lg bg-red-50 p-3 text-red-900">
          <p className="font-semibold">
            Nothing was imported: {result.problems.length === 1 ? "1 problem" : `${result.problems.length} problems`} to
            put right in the file first.
          </p>
          <ul className="list-disc pl-5">
            {result.problems.slice(0, 200).map((p, i) => (
              <li key={`${p.line}-${i}`}>{p.message}</li>
            ))}
          </ul>
          {result.problems.length > 200 && <p>…and {result.problems.length - 200} more.</p>}
        </div>
      )}
      {result?.ok && result.dryRun && (
        <div className="space-y-3">
          <p role="status" className="rounded-lg bg-slate-50 p-3 text-slate-900">
            Checked {actionData?.fileName ?? "the file"} (
            {result.format === "shopify" ? "Shopify's format" : "the shop's format"}
            ): {summary(result.counts, true)}. Nothing is saved yet.
          </p>
          {result.notes.map((note) => (
            <p key={note} className="text-sm text-amber-900">
              {note}
            </p>
          ))}
          <Form method="post">
            <input type="hidden" name="importId" value={result.importId ?? ""} />
            <input type="hidden" name="fileName" value={actionData?.fileName ?? ""} />
            <button type="submit" name="intent" value="import" className="btn-primary" disabled={busy}>
              Import
            </button>
          </Form>
        </div>
      )}
      {result?.ok && (
        <AdminTable
          caption={result.dryRun ? "What each row would change" : "What each row changed"}
          minWidth="min-w-[40rem]"
        >
          <HeaderRow columns={["Line", "SKU", "Item", "Variant", "Change"]} />
          <tbody className="divide-y divide-slate-200">
            {result.changes.slice(0, 500).map((c) => (
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
      {result?.ok && result.changes.length > 500 && (
        <p className="text-sm text-slate-600">The first 500 of {result.changes.length} rows are shown.</p>
      )}
      <p>
        <Link to="/admin/products" className="font-semibold text-brand-700 underline">
          Back to devices
        </Link>{" "}
        ·{" "}
        <Link to="/admin/flavours" className="font-semibold text-brand-700 underline">
          Back to flavours
        </Link>
      </p>
    </section>
  );
}

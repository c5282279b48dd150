import { useNavigation } from "react-router";
import { Form } from "react-router";
import { Link } from "~/components/ui/link";
import { FormAlert } from "~/components/ui/form-alert";
import { ImportChecked, ImportDone, ImportRefused } from "~/components/admin/catalog/import-result";
import { readForm } from "~/lib/form-data.server";
import { formText } from "~/lib/form-data";
import { pageMeta } from "~/lib/meta";
import { appUrl } from "~/lib/config.server";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { importMessages, MAX_LISTED, type ImportAnswer } from "~/modules/admin/catalog/csv/catalog-import";
import { importCatalogue, importChecked } from "~/modules/admin/catalog/csv/catalog-import.service.server";
import {
  CATALOG_CSV_COLUMNS,
  MAX_CATALOG_CSV_BYTES,
  MAX_CATALOG_CSV_ROWS,
} from "~/modules/admin/catalog/csv/catalog-csv";
import type { Route } from "./+types/catalogue-import";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Import CSV", "Back office: import the catalogue from a CSV file.");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request, "catalogue.edit");
  return { maxBytes: MAX_CATALOG_CSV_BYTES, maxRows: MAX_CATALOG_CSV_ROWS };
}

type Answer = { error: string | null; result: ImportAnswer | null; fileName: string | null };

/** The strengths staff typed for Shopify products without one (`strength:<handle>` fields), by handle. */
function strengthsOf(form: FormData): Record<string, string> {
  const strengths: Record<string, string> = {};
  for (const [name, value] of form.entries())
    if (name.startsWith("strength:") && typeof value === "string" && value.trim())
      strengths[name.slice("strength:".length, 100)] = value.slice(0, 20);
  return Object.fromEntries(Object.entries(strengths).slice(0, MAX_LISTED));
}

/**
 * 'Check file' (a dry run: nothing saved, the file kept for 'Import'), 'Check again' (the kept file with the strengths
 * given for products without one) or 'Import' of the checked file. Staff only.
 */
export async function action({ request, context }: Route.ActionArgs): Promise<Answer> {
  const staff = await requireStaff(context, request, "catalogue.edit");
  const form = await readForm(request);
  const url = appUrl(context.config);
  const intent = form.get("intent");
  if (intent === "import" || intent === "recheck") {
    const result = await importChecked(context.db, staff, formText(form, "importId", 60), url, {
      dryRun: intent === "recheck",
      strengths: strengthsOf(form),
    });
    return { error: null, result, fileName: formText(form, "fileName", 200) || null };
  }
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return { error: importMessages.noFile, result: null, fileName: null };
  if (file.size > MAX_CATALOG_CSV_BYTES)
    return { error: importMessages.tooBig(file.size, MAX_CATALOG_CSV_BYTES), result: null, fileName: null };
  const bytes = Buffer.from(await file.arrayBuffer());
  if (bytes.includes(0)) return { error: importMessages.notText, result: null, fileName: null };
  const fileName = file.name || "catalogue.csv";
  // The bytes as sent: the import reads them as UTF-8 or says they are not (a decoding here would hide it).
  const result = await importCatalogue(context.db, staff, bytes, { dryRun: true, appUrl: url, fileName });
  return { error: null, result, fileName };
}

export default function CatalogueImport({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const result = actionData?.result;
  const fileName = actionData?.fileName ?? null;
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
        by SKU: a known SKU is updated, a new one added; nothing is ever deleted. An item whose Status is active is
        shown in the shop if it passes the checks publishing applies (rechargeable and refillable devices, the MHRA
        number for anything with nicotine); otherwise it is saved as a draft and you are told why. Check the file first:
        you will see the rows that would change, and nothing is saved until you choose Import.
      </p>
      <FormAlert message={actionData?.error} />
      {result?.ok && !result.dryRun && <ImportDone result={result} />}
      <Form method="post" encType="multipart/form-data" className="space-y-3" aria-label="Check a catalogue file">
        <div>
          <label htmlFor="file" className="block font-semibold">
            Catalogue file (CSV)
          </label>
          <p id="file-hint" className="text-sm text-slate-600">
            Comma-separated, UTF-8, at most {Math.round(loaderData.maxBytes / 1024 / 1024)} MB and{" "}
            {loaderData.maxRows.toLocaleString("en-GB")} rows.
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
      {result && !result.ok && <ImportRefused result={result} />}
      {result?.ok && result.dryRun && <ImportChecked result={result} fileName={fileName} busy={busy} />}
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

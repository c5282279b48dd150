import { Form, useNavigation } from "react-router";
import { FormAlert } from "~/components/ui/form-alert";
import { readForm } from "~/lib/form-data.server";
import { pageMeta } from "~/lib/meta";
import { formatDateTime } from "~/lib/shop-time";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { mhraListMessages } from "~/modules/compliance/mhra-list";
import {
  clearMhraList,
  loadMhraList,
  mhraListSummary,
  type MhraLoadAnswer,
} from "~/modules/compliance/mhra-list.service.server";
import type { Route } from "./+types/mhra";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "MHRA list", "Back office: the MHRA's published list of notification numbers.");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request, "catalogue.edit");
  return { summary: await mhraListSummary(context.db), maxBytes: context.config.UPLOAD_MAX_BYTES };
}

type Answer = { error: string | null; loaded: MhraLoadAnswer | null; cleared: boolean };

/** Loads a list (replacing the one before) or removes it; staff only, the file no larger than UPLOAD_MAX_BYTES. */
export async function action({ request, context }: Route.ActionArgs): Promise<Answer> {
  const staff = await requireStaff(context, request, "catalogue.edit");
  const form = await readForm(request);
  if (form.get("intent") === "clear") {
    await clearMhraList(context.db, staff);
    return { error: null, loaded: null, cleared: true };
  }
  const file = form.get("list");
  if (!(file instanceof File) || file.size === 0)
    return { error: mhraListMessages.missing, loaded: null, cleared: false };
  if (file.size > context.config.UPLOAD_MAX_BYTES)
    return { error: mhraListMessages.tooBig(context.config.UPLOAD_MAX_BYTES), loaded: null, cleared: false };
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.includes(0)) return { error: mhraListMessages.notText, loaded: null, cleared: false };
  const loaded = await loadMhraList(context.db, staff, file.name || "upload.csv", new TextDecoder().decode(bytes));
  return loaded.ok ? { error: null, loaded, cleared: false } : { error: loaded.message, loaded: null, cleared: false };
}

export default function AdminMhra({ loaderData, actionData }: Route.ComponentProps) {
  const { summary, maxBytes } = loaderData;
  const busy = useNavigation().state === "submitting";
  const loaded = actionData?.loaded;
  return (
    <section aria-labelledby="mhra-title" className="max-w-3xl space-y-5">
      <h1 id="mhra-title" className="text-2xl font-extrabold">
        MHRA list
      </h1>
      <p className="text-slate-700">
        Every product containing nicotine needs its MHRA notification number (ECID, such as 12345-22-67890) before it is
        shown in the shop. Load the MHRA&apos;s published list of notified products (a CSV file with a column headed
        ECID) and a number that is not on it is refused; without a list, only the shape of a number is checked. Each
        load replaces the list before it.
      </p>
      <p className="rounded-2xl bg-slate-50 p-4 text-slate-800" aria-live="polite">
        {summary.numbers > 0
          ? `The list loaded ${summary.loadedAt ? `on ${formatDateTime(summary.loadedAt)} ` : ""}from ${summary.source ?? "a file"} holds ${summary.numbers.toLocaleString("en-GB")} numbers.`
          : "No list is loaded: MHRA numbers are checked for their shape only."}
      </p>
      <FormAlert message={actionData?.error} />
      {loaded && (
        <div role="status" className="space-y-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          <p>
            Loaded {loaded.loaded.toLocaleString("en-GB")} MHRA notification numbers from{" "}
            {loaded.lines.toLocaleString("en-GB")} lines.{" "}
            {loaded.refusedCount === 0
              ? "No line was refused."
              : `${loaded.refusedCount.toLocaleString("en-GB")} ${loaded.refusedCount === 1 ? "line was" : "lines were"} refused:`}
          </p>
          {loaded.refusedCount > 0 && (
            <ul className="list-disc pl-5">
              {loaded.refused.map((r) => (
                <li key={r.line}>
                  Line {r.line}: {r.reason}
                </li>
              ))}
              {loaded.refusedCount > loaded.refused.length && (
                <li>and {loaded.refusedCount - loaded.refused.length} more</li>
              )}
            </ul>
          )}
        </div>
      )}
      {actionData?.cleared && (
        <FormAlert tone="success" message="The list was removed: MHRA numbers are checked for their shape only." />
      )}
      <Form method="post" encType="multipart/form-data" className="space-y-3 rounded-2xl border border-slate-200 p-4">
        <label htmlFor="mhra-list" className="block text-sm font-medium">
          MHRA list (CSV file)
        </label>
        <input
          id="mhra-list"
          name="list"
          type="file"
          accept=".csv,text/csv,text/plain"
          required
          aria-describedby="mhra-list-hint"
          className="block text-sm"
        />
        <p id="mhra-list-hint" className="text-xs text-slate-600">
          Up to {Math.floor(maxBytes / 100_000) / 10} MB here; a bigger file loads with{" "}
          <code>npm run mhra:import FILE</code>.
        </p>
        <button type="submit" name="intent" value="load" className="btn-primary" disabled={busy}>
          Load the list
        </button>
      </Form>
      {summary.numbers > 0 && (
        <Form method="post">
          <button type="submit" name="intent" value="clear" className="btn-outline">
            Remove the list
          </button>
        </Form>
      )}
    </section>
  );
}

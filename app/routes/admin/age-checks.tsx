import { data, Form } from "react-router";
import { Link } from "~/components/ui/link";
import { AgeDecisionFields } from "~/components/admin/age-checks/age-decision-fields";
import { AgeDocumentView } from "~/components/admin/age-checks/age-document-view";
import { formFeedback, httpStatus } from "~/lib/result";
import { FormAlert } from "~/components/ui/form-alert";
import { formatBirthDate, formatDateTime } from "~/lib/shop-time";
import { ListCount } from "~/components/admin/list-controls";
import { Pagination } from "~/components/ui/pagination";
import { readForm } from "~/lib/form-data.server";
import { formText } from "~/lib/form-data";
import { pageMeta } from "~/lib/meta";
import { ageDecisionNotice, ageDocumentTypeLabels, ageStatusLabels } from "~/modules/age-checks/age-checks";
import { listAgeChecks, type AgeCheckRow } from "~/modules/age-checks/age-check-list.service.server";
import { decideAgeCheck } from "~/modules/age-checks/age-checks.service.server";
import { appUrl } from "~/lib/config.server";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { can } from "~/modules/accounts/permissions";
import type { Route } from "./+types/age-checks";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Age checks", "Back office: customers whose age is being checked.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "age-checks");
  const list = await listAgeChecks(context.db, staff, new URL(request.url).searchParams.get("page"));
  // The photo IDs themselves only for a role that may open them (issue 63).
  return { ...list, mayOpenDocuments: can(staff, "id-documents") };
}

/**
 * Verify, Fail or Ask for a new photo, with a note: recorded with who and when; a failure cancels the customer's open
 * orders; a new photo asked for leaves the check pending (the unusable one deleted).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request, "age-checks");
  const form = await readForm(request);
  const userId = formText(form, "userId", 80);
  const values = { decision: formText(form, "decision", 10), note: formText(form, "note", 600) };
  const result = await decideAgeCheck(
    context.db,
    staff,
    { shopName: context.settings.name, baseUrl: appUrl(context.config) },
    userId,
    values,
  );
  if (!result.ok) {
    const { errors, formError } = formFeedback(result);
    return data({ userId, errors, message: formError, notice: null }, { status: httpStatus(result.code) });
  }
  context.log.info({ userId, outcome: result.outcome, by: staff.id }, "age check acted on");
  return {
    userId,
    errors: {},
    message: null,
    notice: ageDecisionNotice(result.fullName, result.outcome, result.cancelledOrders),
  };
}

const tone: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  verified: "bg-emerald-100 text-emerald-900",
  failed: "bg-rose-100 text-rose-900",
  unverified: "bg-slate-200 text-slate-800",
};

function CheckRow({
  row,
  errors,
  message,
  mayOpenDocuments,
}: {
  row: AgeCheckRow;
  errors?: Record<string, string>;
  message?: string | null;
  mayOpenDocuments: boolean;
}) {
  const open = row.status !== "verified";
  const noteId = `note-${row.userId}`;
  const document = mayOpenDocuments ? row.waitingDocument : null;
  return (
    <li className="space-y-3 rounded-2xl border border-slate-200 p-4" aria-label={row.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={`/admin/age-checks/${row.userId}`} className="font-semibold text-brand-700 hover:underline">
          {row.name}
        </Link>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone[row.status]}`}>
          {ageStatusLabels[row.status]}
        </span>
      </div>
      <div className={document ? "grid gap-4 lg:grid-cols-2" : undefined}>
        <div className="min-w-0 space-y-3">
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-600">E-mail</dt>
              <dd className="break-all">{row.email}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Date of birth</dt>
              <dd>{row.dateOfBirth ? formatBirthDate(row.dateOfBirth) : "Not given"}</dd>
            </div>
            <div className="sm:col-span-2">
              <dt className="text-slate-600">Delivery address</dt>
              <dd>{row.deliveryAddress ?? "No order yet"}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Asked</dt>
              <dd>{formatDateTime(row.requestedAt)}</dd>
            </div>
            {row.status === "pending" && (
              <div>
                <dt className="text-slate-600">Document</dt>
                <dd>
                  {row.waitingDocument ? (
                    <Link to={`/admin/age-checks/${row.userId}`} className="font-semibold text-brand-700 underline">
                      Document waiting: {ageDocumentTypeLabels[row.waitingDocument.type]}, sent{" "}
                      {formatDateTime(row.waitingDocument.sentAt)}
                    </Link>
                  ) : row.newPhoto ? (
                    "New photo asked for, none sent yet"
                  ) : (
                    "None sent yet"
                  )}
                </dd>
              </div>
            )}
            {row.status === "pending" && row.newPhoto && (
              <div className="sm:col-span-2">
                <dt className="text-slate-600">New photo asked for</dt>
                <dd>
                  {formatDateTime(row.newPhoto.askedAt)}
                  {row.newPhoto.askedBy && ` by ${row.newPhoto.askedBy}`}: {row.newPhoto.reason}
                </dd>
              </div>
            )}
            {row.decidedAt && (
              <div>
                <dt className="text-slate-600">Decided</dt>
                <dd>
                  {formatDateTime(row.decidedAt)} by {row.decidedBy} (
                  {row.method === "service" ? "checking service" : "by hand"}){row.note && `: ${row.note}`}
                </dd>
              </div>
            )}
          </dl>
          {open && (
            <Form
              method="post"
              className="space-y-2"
              aria-label={`Decide the age check of ${row.name} (${row.email})`}
              noValidate
            >
              <FormAlert message={message} />
              <input type="hidden" name="userId" value={row.userId} />
              <AgeDecisionFields noteId={noteId} error={errors?.note} />
            </Form>
          )}
        </div>
        {document && (
          <AgeDocumentView
            userId={row.userId}
            document={document}
            alt={`${row.name}'s ${ageDocumentTypeLabels[document.type].toLowerCase()}`}
            lazy
          />
        )}
      </div>
    </li>
  );
}

export default function AdminAgeChecks({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, totalPages, offset, pending, mayOpenDocuments } = loaderData;
  return (
    <section aria-labelledby="age-checks-title" className="space-y-4">
      <h1 id="age-checks-title" className="text-2xl font-extrabold">
        Age checks
      </h1>
      <p className="text-slate-700">
        Nothing is dispatched until a customer&apos;s age is verified.{" "}
        {pending === 1 ? "1 check is" : `${pending} checks are`} waiting. Check the photo ID a customer sent (beside
        their details here, larger on their own page) against their name and date of birth, then Verify or Fail with a
        note, or Ask for a new photo when you cannot use it (blurry, cut off): the customer is e-mailed your note, and
        the document is deleted either way. Keep no copy of it.
      </p>
      <FormAlert message={actionData?.notice} tone="success" />
      <ListCount offset={offset} shown={items.length} total={total} noun="checks" />
      <ul className="space-y-3">
        {items.map((row) => (
          <CheckRow
            key={row.userId}
            row={row}
            errors={actionData?.userId === row.userId ? actionData.errors : undefined}
            message={actionData?.userId === row.userId ? actionData.message : undefined}
            mayOpenDocuments={mayOpenDocuments}
          />
        ))}
      </ul>
      <Pagination page={page} totalPages={totalPages} />
    </section>
  );
}

import { data, Form, redirect } from "react-router";
import { Link } from "~/components/ui/link";
import { AgeDecisionFields } from "~/components/admin/age-checks/age-decision-fields";
import { AgeDocumentView } from "~/components/admin/age-checks/age-document-view";
import { FormAlert } from "~/components/ui/form-alert";
import { readForm } from "~/lib/form-data.server";
import { formText } from "~/lib/form-data";
import { pageMeta } from "~/lib/meta";
import { formFeedback, httpStatus } from "~/lib/result";
import { formatBirthDate, formatDateTime } from "~/lib/shop-time";
import { appUrl } from "~/lib/config.server";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { can } from "~/modules/accounts/permissions";
import {
  ageDecisionNotice,
  ageDocumentTypeLabels,
  ageOutcomes,
  ageStatusLabels,
  type AgeOutcome,
} from "~/modules/age-checks/age-checks";
import { decideAgeCheck } from "~/modules/age-checks/age-checks.service.server";
import { staffAgeCheck } from "~/modules/age-checks/age-documents.service.server";
import type { Route } from "./+types/age-check";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? pageMeta(matches, `Age check: ${loaderData.check.name}`, "Back office: one customer's age check.")
    : [{ title: "Page not found" }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "age-checks");
  const check = await staffAgeCheck(context.db, staff, params.userId);
  if (!check) throw data(null, { status: 404 });
  const notice = new URL(request.url).searchParams.get("notice");
  const outcome = ageOutcomes.find((o) => o === notice) ?? null;
  // The photo ID and the customer's page only for a role that may open them (issue 63).
  const may = { openDocument: can(staff, "id-documents"), readCustomer: can(staff, "customers.read") };
  return { check, may, notice: outcome ? ageDecisionNotice(check.name, outcome) : null };
}

/**
 * Verify, Fail or Ask for a new photo, with a note: recorded with who and when; the document and its row are deleted
 * in the same step (a new photo asked for leaves the check pending for the next one).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(context, request, "age-checks");
  const form = await readForm(request);
  const values = { decision: formText(form, "decision", 10), note: formText(form, "note", 600) };
  const result = await decideAgeCheck(
    context.db,
    staff,
    { shopName: context.settings.name, baseUrl: appUrl(context.config) },
    params.userId,
    values,
  );
  if (!result.ok) {
    const { errors, formError } = formFeedback(result);
    return data({ errors, message: formError }, { status: httpStatus(result.code) });
  }
  context.log.info({ userId: params.userId, outcome: result.outcome, by: staff.id }, "age check acted on");
  const notice: AgeOutcome = result.outcome;
  return redirect(`/admin/age-checks/${params.userId}?notice=${notice}`);
}

export default function AdminAgeCheck({ loaderData, actionData }: Route.ComponentProps) {
  const { check, notice, may } = loaderData;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const open = check.status !== "verified";
  return (
    <section aria-labelledby="age-check-title" className="max-w-5xl space-y-5">
      <Link to="/admin/age-checks" className="text-sm text-brand-700 hover:underline">
        All age checks
      </Link>
      <h1 id="age-check-title" className="text-2xl font-extrabold">
        Age check: {check.name}
      </h1>
      <FormAlert tone="success" message={notice} />
      <div className="grid gap-6 lg:grid-cols-2">
        <dl className="grid content-start gap-3 rounded-2xl bg-slate-50 p-4 text-sm">
          <div>
            <dt className="text-slate-600">Name</dt>
            <dd className="text-lg font-semibold">{check.name}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Date of birth</dt>
            <dd className="text-lg font-semibold">
              {check.dateOfBirth ? formatBirthDate(check.dateOfBirth) : "Not given"}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">E-mail</dt>
            <dd className="break-all">
              {may.readCustomer ? (
                <Link to={`/admin/customers/${check.userId}`} className="text-brand-700 hover:underline">
                  {check.email}
                </Link>
              ) : (
                check.email
              )}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Delivery address</dt>
            <dd>{check.deliveryAddress ?? "No order yet"}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Status</dt>
            <dd>{ageStatusLabels[check.status]}</dd>
          </div>
          {check.decidedAt && (
            <div>
              <dt className="text-slate-600">Decided</dt>
              <dd>
                {formatDateTime(check.decidedAt)} by {check.decidedBy}
                {check.documentType && ` on a ${ageDocumentTypeLabels[check.documentType].toLowerCase()}`}
                {check.note && `: ${check.note}`}
              </dd>
            </div>
          )}
        </dl>
        <div
          aria-labelledby="document-title"
          role="region"
          className="space-y-2 rounded-2xl border border-slate-200 p-4"
        >
          <h2 id="document-title" className="text-lg font-bold">
            Document
          </h2>
          {check.document ? (
            <>
              <p className="text-sm">
                {ageDocumentTypeLabels[check.document.type]}, sent {formatDateTime(check.document.sentAt)}. Check the
                name and date of birth against the left, and that the photo ID is genuine (a PASS card: the hologram).
                Keep no copy: it is deleted when you decide.
              </p>
              {may.openDocument ? (
                <AgeDocumentView
                  userId={check.userId}
                  document={check.document}
                  alt={`The customer's ${ageDocumentTypeLabels[check.document.type].toLowerCase()}`}
                />
              ) : (
                <p className="text-sm text-slate-700">
                  Your staff role does not open customers&apos; photo ID: an owner or an age checker can.
                </p>
              )}
            </>
          ) : (
            <p className="text-sm text-slate-700">
              {check.status !== "pending"
                ? "No document is kept once a check is decided."
                : check.newPhoto
                  ? "No document waiting: a new photo was asked for by e-mail (see below), and none has come yet."
                  : "No document waiting: the customer has been asked by e-mail to send a photo of their photo ID."}
            </p>
          )}
          {check.status === "pending" && check.newPhoto && (
            <p className="text-sm">
              <strong>New photo asked for</strong> {formatDateTime(check.newPhoto.askedAt)}
              {check.newPhoto.askedBy && ` by ${check.newPhoto.askedBy}`}: {check.newPhoto.reason}
            </p>
          )}
        </div>
      </div>
      {open && (
        <Form
          method="post"
          className="max-w-2xl space-y-2"
          aria-label={`Decide the age check of ${check.name}`}
          noValidate
        >
          <FormAlert message={actionData?.message} />
          <AgeDecisionFields noteId="note" error={errors.note} />
        </Form>
      )}
    </section>
  );
}

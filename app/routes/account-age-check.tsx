import { data, Form, redirect, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { FormAlert } from "~/components/ui/form-alert";
import { TextField } from "~/components/ui/field";
import { readForm } from "~/lib/form-data.server";
import { formText } from "~/lib/form-data";
import { pageMeta } from "~/lib/meta";
import { formFeedback, httpStatus } from "~/lib/result";
import { formatDateTime } from "~/lib/shop-time";
import { requireUser } from "~/modules/accounts/session.service.server";
import {
  ageDocumentMessages,
  ageDocumentTypeLabels,
  ageDocumentTypes,
  ageMessages,
  ageStatusLabels,
} from "~/modules/age-checks/age-checks";
import { customerAgeCheck, uploadAgeDocument } from "~/modules/age-checks/age-documents.service.server";
import type { Route } from "./+types/account-age-check";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Confirm your age", "Send a photo of your photo ID so we can dispatch your order.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  if (user.role !== "customer") throw data(null, { status: 404 });
  const sent = new URL(request.url).searchParams.get("notice") === "sent";
  return { check: await customerAgeCheck(context.db, user.id), notice: sent ? ageDocumentMessages.received : null };
}

/** The customer's photo ID for their own open check: checked by its content, kept privately for staff only. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readForm(request);
  const values = { documentType: formText(form, "documentType", 40) };
  const file = form.get("file");
  const bytes = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
  const result = await uploadAgeDocument(context.db, context.config.AGE_DOCUMENTS_DIR, user, values, bytes);
  if (result.ok) {
    context.log.info({ userId: user.id, replaced: result.replaced }, "age document received");
    return redirect("/account/age-check?notice=sent");
  }
  const { errors, formError } = formFeedback(result);
  return data({ errors, message: formError, values }, { status: httpStatus(result.code) });
}

export default function AccountAgeCheck({ loaderData, actionData }: Route.ComponentProps) {
  const { check, notice } = loaderData;
  const errors: Record<string, string> = actionData?.errors ?? {};
  const busy = useNavigation().state === "submitting";
  const chosen = actionData?.values.documentType ?? check.document?.type ?? "";
  return (
    <div className="container-page max-w-3xl space-y-6 py-10">
      <h1 className="text-3xl font-extrabold">Confirm your age</h1>
      <FormAlert message={notice} tone="success" />
      <section aria-labelledby="age-why" className="space-y-2 rounded-2xl bg-slate-50 p-6">
        <h2 id="age-why" className="text-xl font-bold">
          What we check and why
        </h2>
        <p>{ageDocumentMessages.what}</p>
        <p>
          Your age check: <strong>{ageStatusLabels[check.status]}</strong>.
        </p>
      </section>

      {check.status === "unverified" && <p>{ageDocumentMessages.noCheck}</p>}
      {check.status === "verified" && <p role="status">{ageMessages.verified}</p>}
      {check.status === "failed" && (
        <p role="status">
          {ageMessages.failed}{" "}
          <Link to="/contactus" className="text-brand-700 underline">
            Contact us
          </Link>
        </p>
      )}

      {check.mayUpload && (
        <section aria-labelledby="age-send" className="space-y-4 rounded-2xl border border-slate-200 p-6">
          <h2 id="age-send" className="text-xl font-bold">
            {check.newPhoto ? "Send a new photo of your photo ID" : "Send a photo of your photo ID"}
          </h2>
          {check.newPhoto && (
            <p role="note" className="rounded-lg bg-amber-50 p-3 text-amber-900">
              {ageDocumentMessages.newPhoto} The reason: {check.newPhoto.reason}
            </p>
          )}
          <p>{ageDocumentMessages.how}</p>
          <p>
            <strong>Who sees it:</strong> {ageDocumentMessages.who}
          </p>
          {check.document && (
            <p role="note" className="rounded-lg bg-amber-50 p-3 text-amber-900">
              Sent {formatDateTime(check.document.sentAt)}: {ageDocumentTypeLabels[check.document.type]}.{" "}
              {ageDocumentMessages.waiting}
            </p>
          )}
          <FormAlert message={actionData?.message} />
          <Form method="post" encType="multipart/form-data" className="space-y-4" noValidate aria-label="Your photo ID">
            <fieldset
              aria-describedby={errors.documentType ? "document-type-error" : undefined}
              aria-invalid={errors.documentType ? true : undefined}
            >
              <legend className="text-sm font-medium">Which document is it?</legend>
              <div className="mt-2 space-y-1">
                {ageDocumentTypes.map((type) => (
                  <label key={type} className="flex items-center gap-2">
                    <input type="radio" name="documentType" value={type} defaultChecked={chosen === type} required />
                    {ageDocumentTypeLabels[type]}
                  </label>
                ))}
              </div>
              {errors.documentType && (
                <p id="document-type-error" className="mt-1 text-sm text-rose-700">
                  {errors.documentType}
                </p>
              )}
            </fieldset>
            <TextField
              label="Photo or scan of the document (JPEG, PNG or PDF, up to 10 MB)"
              name="file"
              type="file"
              accept="image/jpeg,image/png,application/pdf"
              required
              error={errors.file}
            />
            <button type="submit" className="btn-primary" disabled={busy}>
              {check.document ? "Send and replace the waiting document" : "Send the document"}
            </button>
          </Form>
        </section>
      )}
      {!check.mayUpload && errors.file && <FormAlert message={errors.file} />}
      <Link to="/account" className="btn-outline">
        Back to your account
      </Link>
    </div>
  );
}

import { Link } from "~/components/ui/link";
import { AGE_CHECK_PAGE_PATH, ageMessages, ageStatusLabels, type AgeStatus } from "~/modules/age-checks/age-checks";

const detail: Record<AgeStatus, string> = {
  unverified: "We check each new customer once, when they first order.",
  pending: ageMessages.pending,
  verified: ageMessages.verified,
  failed: ageMessages.failed,
};

/** The customer's own age check, on their account page (UK: nothing is dispatched before it passes). */
export function AgeCheckStatus({
  status,
  documentWaiting,
  newPhotoReason = null,
}: {
  status: AgeStatus;
  documentWaiting: boolean;
  /** Why staff asked for a new photo, when they did (shown until one is sent). */
  newPhotoReason?: string | null;
}) {
  return (
    <section aria-labelledby="age-title" className="mt-6 rounded-2xl border border-slate-200 p-6">
      <h2 id="age-title" className="text-xl font-bold">
        Age check
      </h2>
      <p className="mt-1 text-sm text-slate-600">{ageMessages.explain}</p>
      <p className="mt-3">
        <span className="font-semibold">{ageStatusLabels[status]}</span>: {detail[status]}
      </p>
      {status === "pending" && (
        <p className="mt-3">
          {documentWaiting
            ? "We have your photo ID; staff will check it soon. "
            : newPhotoReason
              ? `We could not use the photo you sent (${newPhotoReason}). `
              : "To finish it, send us a photo of your passport, driving licence or PASS card. "}
          <Link to={AGE_CHECK_PAGE_PATH} className="font-semibold text-brand-700 underline">
            {documentWaiting ? "See your age check" : newPhotoReason ? "Send a new photo" : "Send your photo ID"}
          </Link>
        </p>
      )}
      {status !== "pending" && (
        <p className="mt-3 text-sm">
          <Link to={AGE_CHECK_PAGE_PATH} className="text-brand-700 underline">
            What we check and why
          </Link>
        </p>
      )}
    </section>
  );
}

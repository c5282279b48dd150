import { Link } from "~/components/ui/link";
import { AGE_CHECK_PAGE_PATH, ageMessages, ageStatusLabels, type AgeStatus } from "~/modules/age-checks/age-checks";

/** Orders not yet on their way from an account whose age is not verified: held until it is (UK). */
export const ageCheckNeeded = (status: AgeStatus, orderStatus: string) =>
  status !== "verified" && (orderStatus === "pending" || orderStatus === "confirmed");

/**
 * 'Age check needed' on an order page: staff get whether the customer's photo ID is waiting and the way to the
 * check; customers what it means and the way to send their photo ID.
 */
export function AgeCheckNeeded({
  status,
  forStaff,
  customerId,
  documentWaiting = false,
  linked = true,
}: {
  status: AgeStatus;
  forStaff: boolean;
  customerId?: string;
  documentWaiting?: boolean;
  /** Whether the member of staff may open the age check (a packer may not: the note alone). */
  linked?: boolean;
}) {
  return (
    <p role="note" className="rounded-lg bg-amber-50 p-3 text-amber-900">
      <strong>{ageMessages.orderHeld}</strong>
      {forStaff ? (
        <>
          {" "}
          (the customer&apos;s age check: {ageStatusLabels[status].toLowerCase()}
          {status === "pending" &&
            (documentWaiting
              ? "; their photo ID is waiting for you"
              : "; no photo ID sent yet, the customer has been asked for one")}
          ). This order waits for the age check: it cannot be dispatched until the age is verified.
          {linked && (
            <>
              {" "}
              <Link to={customerId ? `/admin/age-checks/${customerId}` : "/admin/age-checks"} className="underline">
                {documentWaiting ? "Check the photo ID" : "Open the age check"}
              </Link>
              .
            </>
          )}
        </>
      ) : (
        <>
          : {ageMessages.explain.toLowerCase()}. {status === "failed" ? ageMessages.failed : ageMessages.pending}
          {status === "pending" && (
            <>
              {" "}
              <Link to={AGE_CHECK_PAGE_PATH} className="font-semibold underline">
                Send a photo of your photo ID
              </Link>
            </>
          )}
        </>
      )}
    </p>
  );
}

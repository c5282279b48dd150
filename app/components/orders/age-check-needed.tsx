import { Link } from "react-router";
import { ageMessages, ageStatusLabels, type AgeStatus } from "~/modules/age-checks/age-checks";

/** Orders not yet on their way from an account whose age is not verified: held until it is (UK). */
export const ageCheckNeeded = (status: AgeStatus, orderStatus: string) =>
  status !== "verified" && (orderStatus === "pending" || orderStatus === "confirmed");

/** 'Age check needed' on an order page: staff get the way to the check, customers what it means. */
export function AgeCheckNeeded({ status, forStaff }: { status: AgeStatus; forStaff: boolean }) {
  return (
    <p role="note" className="rounded-lg bg-amber-50 p-3 text-amber-900">
      <strong>{ageMessages.orderHeld}</strong>{" "}
      {forStaff ? (
        <>
          (the customer&apos;s age check: {ageStatusLabels[status].toLowerCase()}). It cannot be dispatched until the
          age is verified:{" "}
          <Link to="/admin/age-checks" className="underline">
            Age checks
          </Link>
          .
        </>
      ) : (
        <>
          : {ageMessages.explain.toLowerCase()}. {status === "failed" ? ageMessages.failed : ageMessages.pending}
        </>
      )}
    </p>
  );
}

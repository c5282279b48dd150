import { Form } from "react-router";
import { AGE_NO, AGE_QUESTION, AGE_REFUSAL, AGE_YES, type AgeStatus } from "~/modules/compliance/age-gate";

/** The 18+ check over the page; the page under it is still rendered for links and search engines. */
export function AgeGate({ status, returnTo }: { status: Exclude<AgeStatus, "confirmed">; returnTo: string }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/80 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="age-gate-title"
        aria-describedby="age-gate-text"
        className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-2xl"
      >
        <h2 id="age-gate-title" className="text-2xl font-bold">
          {AGE_QUESTION}
        </h2>
        <p id="age-gate-text" className="mt-3 text-slate-600">
          {status === "refused"
            ? AGE_REFUSAL
            : "This shop sells nicotine products. Please confirm your age to continue."}
        </p>
        <Form method="post" action="/age-check" className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <input type="hidden" name="returnTo" value={returnTo} />
          {/* A modal dialog moves focus into itself (WAI-ARIA dialog pattern): to its first answer. */}
          {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
          <button type="submit" name="answer" value="yes" className="btn-primary" autoFocus>
            {AGE_YES}
          </button>
          <button type="submit" name="answer" value="no" className="btn-outline">
            {AGE_NO}
          </button>
        </Form>
      </div>
    </div>
  );
}

import { ageDecisionLabels, ageDecisions } from "~/modules/age-checks/age-checks";

/** What the note is for, under its label: the customer reads it. */
const NOTE_HINT =
  "The customer is e-mailed this note: what you checked, or what is wrong with the photo when you ask for a new one (e.g. too blurry to read the date of birth).";

/**
 * The inside of an age-check decision form, the same on the Age checks list and on a customer's check page: the note
 * (e-mailed to the customer with the outcome) and the Verify, Fail and Ask for a new photo buttons.
 */
export function AgeDecisionFields({
  noteId,
  error,
}: {
  /** The note's id, unique on the page (the list has one form per customer). */
  noteId: string;
  error?: string;
}) {
  const hintId = `${noteId}-hint`;
  const errorId = `${noteId}-error`;
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <>
      <label htmlFor={noteId} className="block text-sm font-medium">
        Note (what you checked)
      </label>
      <p id={hintId} className="text-sm text-slate-600">
        {NOTE_HINT}
      </p>
      <textarea
        id={noteId}
        name="note"
        rows={2}
        required
        maxLength={500}
        className="w-full rounded-lg border border-slate-300 px-3 py-2"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error && (
        <p id={errorId} className="text-sm text-rose-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {ageDecisions.map((decision) => (
          <button
            key={decision}
            type="submit"
            name="decision"
            value={decision}
            className={decision === "verify" ? "btn-primary" : "btn-outline"}
          >
            {ageDecisionLabels[decision]}
          </button>
        ))}
      </div>
    </>
  );
}

/**
 * The inside of an age-check decision form, the same on the Age checks list and on a customer's check page: the note
 * (what staff checked, e-mailed to the customer with the result) and the Verify and Fail buttons.
 */
export function AgeDecisionFields({
  noteId,
  error,
  hint,
}: {
  /** The note's id, unique on the page (the list has one form per customer). */
  noteId: string;
  error?: string;
  hint?: string;
}) {
  const hintId = `${noteId}-hint`;
  const errorId = `${noteId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <>
      <label htmlFor={noteId} className="block text-sm font-medium">
        Note (what you checked)
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
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
      <div className="flex gap-2">
        <button type="submit" name="decision" value="verify" className="btn-primary">
          Verify
        </button>
        <button type="submit" name="decision" value="fail" className="btn-outline">
          Fail
        </button>
      </div>
    </>
  );
}

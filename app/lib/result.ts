/**
 * One shape for what a service could not do because of what it was asked (docs/decisions/035): `{ ok: true, … }`
 * or `{ ok: false, message, fieldErrors? }`. Exceptions are for what nobody expected (a bug, the database gone).
 *
 * - `message`: the failure in one sentence. A page shows it in its alert when no field is marked; with field errors it
 *   is the first of them, for callers that have no fields to mark (a JSON answer, a log line).
 * - `fieldErrors`: the message to show under each field that is wrong, by field name.
 * - `status`: the HTTP status a route answers with: 400 unless said (404 not found, 409 changed meanwhile, 429…).
 */
export type FieldErrors = Record<string, string>;

export type Failure = { ok: false; message: string; fieldErrors?: FieldErrors; status: number };
/** `T`: what a success carries; `F`: what a failure carries besides (e.g. the values to show the form again with). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a success or failure that carries nothing more
export type Result<T extends object = {}, F extends object = {}> = ({ ok: true } & T) | (Failure & F);

/** A refusal said in one sentence (the page's alert). */
export const fail = (message: string, status = 400): Failure => ({ ok: false, message, status });

/** A refusal about fields: each one's message under it; `message` is the first of them. */
export function failFields(fieldErrors: FieldErrors, status = 400): Failure {
  return { ok: false, message: Object.values(fieldErrors)[0] ?? "Please check the form.", fieldErrors, status };
}

/** What a form page shows of a failure: the messages under the fields, or the alert when no field is marked. */
export function formFeedback(failure: Failure): { errors: FieldErrors; formError: string | null } {
  const errors = failure.fieldErrors ?? {};
  return { errors, formError: Object.keys(errors).length > 0 ? null : failure.message };
}

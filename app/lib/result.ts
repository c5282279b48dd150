/**
 * One shape for what a service could not do because of what it was asked (docs/decisions/035, 074): `{ ok: true, … }`
 * or `{ ok: false, code, message, fieldErrors? }`. Exceptions are for what nobody expected (a bug, the database gone).
 *
 * - `code`: what kind of refusal it is, for code to branch on (`"not-found"`, `"changed"`…). A route answers with the
 *   HTTP status `httpStatus(code)` gives: the one place where a failure becomes a status.
 * - `message`: the failure in one sentence. A page shows it in its alert when no field is marked; with field errors it
 *   is the first of them, for callers that have no fields to mark (a JSON answer, a log line).
 * - `fieldErrors`: the message to show under each field that is wrong, by field name.
 */
export type FieldErrors = Record<string, string>;

/** Every kind of expected failure, with the HTTP status a route answers it with. */
const statusOfCode = {
  /** What was sent is wrong (a field, a file, a number): the form again with the messages. */
  invalid: 400,
  /** Whoever asks must sign in (again) first. */
  "sign-in": 401,
  /** Whoever asks may not do this. */
  "not-allowed": 403,
  /** What was asked for does not exist, or is not theirs to see. */
  "not-found": 404,
  /** What it acts on changed since the page was drawn (another tab, another person): reload and look again. */
  changed: 409,
  /** It was done already (paid, cancelled, received, requested): nothing more to do. */
  "already-done": 409,
  /** Not possible in the state it is in now (an order's step that its state does not allow). */
  "wrong-state": 409,
  /** Not enough stock for what was asked. */
  "out-of-stock": 409,
  /** A file or body over its size limit. */
  "too-big": 413,
  /** Too many attempts or requests in a while: wait and try again. */
  "too-many": 429,
  /** Something the shop relies on is not answering (a provider, a mail server): try again later. */
  unavailable: 503,
} as const;

export type FailureCode = keyof typeof statusOfCode;

/** The HTTP status a route answers a failure with: the one place where codes become statuses. */
export const httpStatus = (code: FailureCode): number => statusOfCode[code];

export type Failure = { ok: false; code: FailureCode; message: string; fieldErrors?: FieldErrors };
/** `T`: what a success carries; `F`: what a failure carries besides (e.g. the values to show the form again with). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a success or failure that carries nothing more
export type Result<T extends object = {}, F extends object = {}> = ({ ok: true } & T) | (Failure & F);

/** A success carrying `value`'s fields. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a success that carries nothing more
export const ok = <T extends object = {}>(value?: T): { ok: true } & T => ({ ok: true, ...(value as T) });

/** A refusal said in one sentence (the page's alert). */
export const fail = (code: FailureCode, message: string): Failure => ({ ok: false, code, message });

/** A refusal about fields: each one's message under it; `message` is the first of them. */
export function failFields(fieldErrors: FieldErrors, code: FailureCode = "invalid"): Failure {
  return { ok: false, code, message: Object.values(fieldErrors)[0] ?? "Please check the form.", fieldErrors };
}

/** What a form page shows of a failure: the messages under the fields, or the alert when no field is marked. */
export function formFeedback(failure: Failure): { errors: FieldErrors; formError: string | null } {
  const errors = failure.fieldErrors ?? {};
  return { errors, formError: Object.keys(errors).length > 0 ? null : failure.message };
}

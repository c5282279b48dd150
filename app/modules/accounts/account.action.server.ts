import { data, redirect } from "react-router";
import { formFeedback, type FieldErrors, type Result, httpStatus } from "~/lib/result";

export type AccountFormData = {
  errors: FieldErrors;
  formError: string | null;
  values: Record<string, string>;
  notice?: string;
};

/** Success: go on, with the session cookies. Refusal: the form again with its messages and what was typed (never a password). */
export function finishAccountAction(
  result: Result<{ headers: Headers }>,
  successTo: string,
  values: Record<string, string>,
) {
  if (result.ok) return redirect(successTo, { headers: result.headers });
  const safeValues = Object.fromEntries(Object.entries(values).filter(([name]) => !/password/i.test(name)));
  return data<AccountFormData>({ ...formFeedback(result), values: safeValues }, { status: httpStatus(result.code) });
}

import { data, redirect } from "react-router";
import type { FieldErrors } from "./accounts";
import type { AccountResult } from "./accounts.service.server";

export type AccountFormData = {
  errors: FieldErrors;
  formError: string | null;
  values: Record<string, string>;
  notice?: string;
};

/** Success: go on, with the session cookies. Refusal: the form again with its messages and what was typed (never a password). */
export function finishAccountAction(result: AccountResult, successTo: string, values: Record<string, string>) {
  if (result.ok) return redirect(successTo, { headers: result.headers });
  const safeValues = Object.fromEntries(Object.entries(values).filter(([name]) => !/password/i.test(name)));
  return data<AccountFormData>(
    { errors: result.errors, formError: result.formError, values: safeValues },
    { status: result.status },
  );
}

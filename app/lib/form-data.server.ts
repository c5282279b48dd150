import { data } from "react-router";

export const UNREADABLE_FORM = "We could not read the form you sent. Please reload the page and try again.";

/**
 * The request's form. A body that cannot be parsed as the form it claims to be (a broken multipart body, a wrong
 * content type, a NUL character in a field) is the sender's mistake: 400 with a clear message, never a 500 and a
 * stack trace in the log (issue 26). Every action reads its form through this (eslint forbids a bare
 * `request.formData()`).
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    // eslint-disable-next-line no-restricted-syntax -- the one place that may
    form = await request.formData();
  } catch {
    throw data({ message: UNREADABLE_FORM }, { status: 400 });
  }
  // A NUL character is nothing a person can type, and PostgreSQL refuses it in text: the form is not one of ours.
  for (const [name, value] of form)
    if (name.includes("\0") || (typeof value === "string" && value.includes("\0")))
      throw data({ message: UNREADABLE_FORM }, { status: 400 });
  return form;
}

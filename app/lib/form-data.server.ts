import { data } from "react-router";

export const UNREADABLE_FORM = "We could not read the form you sent. Please reload the page and try again.";

/**
 * The request's form. A body that cannot be parsed as the form it claims to be (a broken multipart body, a wrong
 * content type) is the sender's mistake: 400 with a clear message, never a 500 and a stack trace in the log. Every
 * action reads its form through this (eslint forbids a bare `request.formData()`).
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    // eslint-disable-next-line no-restricted-syntax -- the one place that may
    return await request.formData();
  } catch {
    throw data({ message: UNREADABLE_FORM }, { status: 400 });
  }
}

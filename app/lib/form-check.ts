/** The generic form checker: a zod schema over a form's values, answered as a Result (./result.ts). */
import type { z } from "zod";
import { formText } from "./form-data";
import { failFields, type Failure, type FieldErrors } from "./result";

/** The clean data, or the first message for each field that is wrong (a message about no field goes to "form"). */
export function check<T extends z.ZodType>(schema: T, values: unknown): { ok: true; data: z.infer<T> } | Failure {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return failFields(errors);
}

/** Text fields of a form as a plain object. */
export function formValues(form: FormData, names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, formText(form, name)]));
}

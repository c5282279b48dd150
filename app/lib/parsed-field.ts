// Parsers of typed text (a price, a list) give a Result: the value, or the message to show under the field (code
// "invalid"); zod forms use them through parsedField.
import { z } from "zod";
import type { Result } from "./result";

/** What a parser of typed text gives: `{ ok: true, value }`, or a failure whose message goes under the field. */
export type Parsed<T> = Result<{ value: T }>;

/** Turns a parser into a zod field over the form's text, so the message lands under its field. */
export function parsedField<T>(parse: (raw: string) => Parsed<T>) {
  return z.string().transform((raw, ctx) => {
    const result = parse(raw);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    }
    return result.value;
  });
}

// Parsers of typed text (a price, a list) give a value or the message to show under the field; zod forms use them
// through parsedField.
import { z } from "zod";

/** What a parser of typed text gives: the value, or the message to show under the field. */
export type Parsed<T> = { value: T } | { error: string };

/** Turns a parser into a zod field over the form's text, so the message lands under its field. */
export function parsedField<T>(parse: (raw: string) => Parsed<T>) {
  return z.string().transform((raw, ctx) => {
    const result = parse(raw);
    if ("error" in result) {
      ctx.addIssue({ code: "custom", message: result.error });
      return z.NEVER;
    }
    return result.value;
  });
}

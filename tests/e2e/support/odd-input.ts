// Odd values for every query and form field a shopper can reach (issue 26): what they are, and the forms a page has.

/** The values each field is tried with: 4 kB, non-ASCII, control characters (the duplicate is sent by the caller). */
export const ODD_VALUES: Record<string, string> = {
  "4 kB": "a".repeat(4096),
  "4 kB non-ASCII": "\u2215\u2215evil.example \u00e9\u6f22\u{1f600}".repeat(300).slice(0, 4096),
  "above U+00FF": "/\u2215\u2215evil.example",
  "control characters": "/x\u0000\u0001\u0008\u000b\u001b\u007f\r\nSet-Cookie: a=b\t",
  "a path elsewhere": "//evil.example/\\x",
  "lone surrogate": "a\ud800b",
};

/** Broken percent-encoding, sent as it is (not through URLSearchParams, which would encode it). */
export const RAW_ODD = "%E2%88%zz%";

export type FoundForm = { action: string; method: string; fields: Array<[string, string]> };

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`)
    .exec(tag)?.[1]
    ?.replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"');

/**
 * The post forms on a page: where they post, and their named fields with the values the page gives them. A form with
 * several named submit buttons (intent=…) becomes one form per button, as a person presses one of them.
 */
export function formsOn(html: string, pagePath: string): FoundForm[] {
  const found: FoundForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const [, open, inner] = match;
    const method = (attribute(open!, "method") ?? "get").toLowerCase();
    if (method !== "post") continue;
    const action = attribute(open!, "action") || pagePath;
    const fields: Array<[string, string]> = [];
    const buttons: Array<[string, string]> = [];
    for (const tag of inner!.matchAll(/<(input|select|textarea|button)\b[^>]*>/g)) {
      const name = attribute(tag[0], "name");
      if (!name) continue;
      const value = attribute(tag[0], "value") ?? "";
      if (tag[1] === "button") buttons.push([name, value]);
      else if (/type="(checkbox|radio)"/.test(tag[0]) && !/\schecked/.test(tag[0])) continue;
      else fields.push([name, value]);
    }
    if (buttons.length === 0) found.push({ action, method, fields });
    for (const button of buttons) found.push({ action, method, fields: [...fields, button] });
  }
  return found;
}

/** The same form once: each field's page value, or the odd one for `field` (and `twice`: the field sent twice). */
export function formBody(form: FoundForm, field: string, odd: string, twice = false): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of form.fields) {
    if (name === field && twice) body.append(name, value);
    body.append(name, name === field ? odd : value);
  }
  if (!form.fields.some(([name]) => name === field)) body.append(field, odd);
  return body;
}

/** Distinct forms only (a page may repeat one per line, e.g. a cart's lines). */
export function uniqueForms(forms: FoundForm[]): FoundForm[] {
  const seen = new Set<string>();
  return forms.filter((form) => {
    const key = `${form.action}|${form.fields.map(([name, value]) => (name === "intent" ? `${name}=${value}` : name)).join(",")}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

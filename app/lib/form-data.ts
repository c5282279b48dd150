/** A form field as text: missing fields and files are "" (client-safe; used by every form reader). */
export function formText(form: FormData | URLSearchParams, name: string, maxLength = Infinity): string {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, maxLength) : "";
}

/**
 * The one way the shop makes a URL slug from a name or title (devices, flavours, blog posts): accents dropped, "&"
 * read as "and", anything else that is not a letter or digit a single hyphen, at most `max` characters, never
 * ending in a hyphen. "Salt & Pepper Ice!" → "salt-and-pepper-ice". Nothing usable gives `fallback` ("" unless given).
 */
export function slugify(text: string, options: { max?: number; fallback?: string } = {}): string {
  const { max = 100, fallback = "" } = options;
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, max)
    .replace(/-+$/, "");
  return slug || fallback;
}

/** Reads one cookie from a raw Cookie header; undefined when absent or undecodable. */
export function readCookieHeader(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The longest path the shop goes back to: a redirect's Location (encoded again in a query) stays within a few kB. */
export const MAX_LOCAL_PATH = 1000;
/** Printable ASCII without space or backslash: what a path and query look like once a browser has encoded them. */
const PLAIN_PATH = /^\/(?![/\\])[\x21-\x5b\x5d-\x7e]*$/;

/**
 * A path on this site to go back to (`redirectTo`, `returnTo`): one helper for every page that takes one. Anything
 * else — another site, `//host`, a backslash, spaces, control characters, any character outside ASCII (a Location
 * header cannot carry it: issue 26), or over 1,000 characters — gives the fallback.
 */
export function safeLocalPath(raw: string | null | undefined, fallback = "/"): string {
  if (!raw || raw.length > MAX_LOCAL_PATH || !PLAIN_PATH.test(raw)) return fallback;
  try {
    // Whatever a browser makes of it must stay on this site.
    return new URL(raw, "http://shop.invalid").origin === "http://shop.invalid" ? raw : fallback;
  } catch {
    return fallback;
  }
}

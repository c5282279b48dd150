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

/** A path on this site to go back to; anything else (another site, //host, odd schemes) gives the fallback. */
export function safeLocalPath(raw: string | null | undefined, fallback = "/"): string {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return fallback;
  if ([...raw].some((ch) => ch.charCodeAt(0) < 32) || raw.length > 2000) return fallback;
  return raw;
}

import { createHash } from "node:crypto";

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const NONCE_SOURCE = /\s*'nonce-[^']*'/;

/**
 * The CSP sources that allow a page's inline scripts by their sha-256 (`'sha256-…' 'sha256-…'`, "" when it has
 * none); scripts with `src` are allowed by `'self'` and skipped.
 */
export function inlineScriptHashes(html: string): string {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes!) || body === "") continue;
    hashes.add(`'sha256-${createHash("sha256").update(body!, "utf8").digest("base64")}'`);
  }
  return [...hashes].join(" ");
}

/** A policy with its per-response nonce replaced by the given sources (the page's script hashes), or just removed. */
export function policyWithoutNonce(policy: string, sources: string): string {
  return policy.replace(NONCE_SOURCE, sources ? ` ${sources}` : "");
}

/** Whether a policy still names a per-response nonce. */
export const policyHasNonce = (policy: string) => NONCE_SOURCE.test(policy);

/**
 * Whether a page about to be rendered may be answered `public` (kept by nginx or any shared cache, and by the shop's
 * own page cache): a GET or HEAD answered 200 that read no session, sets no cookie and says nothing else itself, or
 * says `public` itself. Such a page is rendered without a nonce and allows its inline scripts by their hashes, from
 * the first answer on: a nonce in a stored answer would be the same for every visitor it is served to (issue 65).
 * This errs on the shared side: a page the server then makes private still gets its hashes (server/page-cache.ts).
 */
export function mayBeShared(
  request: Request,
  status: number,
  headers: Headers,
  use: { session: boolean } | undefined,
): boolean {
  if (!use || (request.method !== "GET" && request.method !== "HEAD")) return false;
  const cacheControl = headers.get("cache-control");
  if (cacheControl) return /\bpublic\b/.test(cacheControl);
  return status === 200 && !use.session && !headers.has("set-cookie");
}

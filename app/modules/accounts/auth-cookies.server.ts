/**
 * Better Auth's cookies as this deployment names them, and nothing else (issue 26, docs/decisions/033).
 *
 * Better Auth names each cookie once per deployment: `shop.session_token`, or `__Secure-shop.session_token` when the
 * shop's address (APP_URL) is https. A request that carries one of its cookies twice (the same name twice, or under
 * both names) could make two readers act on two different sessions, so such a cookie counts as absent: the request is
 * signed out. The other name alone is not this deployment's cookie and is ignored too. The shop's own reads and the
 * headers it hands to Better Auth's API both come from `readAuthCookies`, so they always see the same cookie.
 */
import type { BetterAuthOptions } from "better-auth";
import { createCookieGetter } from "better-auth/cookies";

export type AuthCookieOptions = Pick<BetterAuthOptions, "baseURL" | "advanced">;

export type AuthCookies = {
  /** The Cookie header without any ambiguous or foreign-named auth cookie (empty when nothing is left). */
  header: string;
  /** Names left out, in the order sent. */
  dropped: string[];
  /** The raw value of the deployment's cookie `shop.<base>` (e.g. "session_token"), when it was sent exactly once. */
  get: (base: string) => string | undefined;
};

const namers = new WeakMap<object, (base: string) => string>();

/** The deployment's name of one of Better Auth's cookies, decided by Better Auth itself (`__Secure-` only on https). */
export function authCookieName(options: AuthCookieOptions, base: string): string {
  let namer = namers.get(options);
  if (!namer) {
    const create = createCookieGetter(options as BetterAuthOptions);
    namer = (name: string) => create(name).name;
    namers.set(options, namer);
  }
  return namer(base);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const authNamePatterns = new Map<string, RegExp>();

/**
 * Any spelling of a Better Auth cookie under `prefix`: with or without a __Secure- or __Host- prefix, in any case.
 * Made once per prefix, not on each of the two reads of every request.
 */
function authNamePattern(prefix: string): RegExp {
  let pattern = authNamePatterns.get(prefix);
  if (!pattern) {
    pattern = new RegExp(`^(?:__secure-|__host-)?${escapeRegExp(prefix)}\\.(.+)$`, "i");
    authNamePatterns.set(prefix, pattern);
  }
  return pattern;
}

/** The cookies of a Cookie header, as name and raw value, in the order sent. */
function pairsOf(header: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    const name = eq === -1 ? "" : part.slice(0, eq).trim();
    if (name) pairs.push([name, part.slice(eq + 1).trim()]);
  }
  return pairs;
}

/** The request's cookies as this deployment's Better Auth may read them (see the module's comment). */
export function readAuthCookies(header: string | null | undefined, options: AuthCookieOptions): AuthCookies {
  const authName = authNamePattern(options.advanced?.cookiePrefix || "better-auth");
  const pairs = pairsOf(header ?? "");
  const sent = new Map<string, number>();
  for (const [name] of pairs) {
    const base = authName.exec(name)?.[1]?.toLowerCase();
    if (base) sent.set(base, (sent.get(base) ?? 0) + 1);
  }
  const kept: Array<[string, string]> = [];
  const dropped: string[] = [];
  const values = new Map<string, string>();
  for (const [name, value] of pairs) {
    const base = authName.exec(name)?.[1];
    if (!base) {
      kept.push([name, value]);
    } else if (sent.get(base.toLowerCase()) === 1 && name === authCookieName(options, base)) {
      kept.push([name, value]);
      values.set(base, value);
    } else {
      dropped.push(name);
    }
  }
  return {
    header: kept.map(([name, value]) => `${name}=${value}`).join("; "),
    dropped,
    get: (base) => values.get(base),
  };
}

/**
 * A copy of the request's headers for Better Auth's API: its Cookie header rebuilt from what `readAuthCookies` keeps,
 * so Better Auth reads exactly the cookies the shop read, whatever its own parser would make of the original.
 */
export function authHeaders(request: Request, options: AuthCookieOptions): Headers {
  const headers = new Headers(request.headers);
  const { header } = readAuthCookies(request.headers.get("cookie"), options);
  if (header) headers.set("cookie", header);
  else headers.delete("cookie");
  return headers;
}

import { randomFillSync } from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import helmet from "helmet";
import { authCookieName, readAuthCookies, type AuthCookieOptions } from "~/modules/accounts/auth-cookies.server";

const NONCE_BYTES = 16;
/** Random bytes drawn from the system's generator 4 KB at a time, each part used for one nonce only. */
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let nonceOffset = noncePool.length;

/**
 * 128 bits from the operating system's cryptographic generator, as base64, never the same bytes twice. Taken from a
 * pool filled 256 nonces at a time, as Node does for randomUUID: a call to the generator for each response cost
 * 60 us in a busy server process, against 5 in a loop (decision 064).
 */
export function newNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    randomFillSync(noncePool);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/** A fresh nonce per response: React Router's inline hydration scripts carry it. */
export function cspNonce(): RequestHandler {
  return (_req, res, next) => {
    res.locals.nonce = newNonce();
    next();
  };
}

/**
 * Security headers; the CSP allows only this site's own scripts (plus the per-response nonce) and styles. Framing is
 * refused both ways (CSP frame-ancestors and X-Frame-Options: DENY); HSTS is sent when the shop's address is https.
 */
export function securityHeaders(options: {
  development: boolean;
  https: boolean;
  /** Where a form's answer may send the browser besides the shop: the card provider's payment page (Pay by card). */
  formTargets?: string[];
}): RequestHandler {
  return helmet({
    contentSecurityPolicy: options.development
      ? false
      : {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.nonce}'`],
            styleSrc: ["'self'"],
            imgSrc: ["'self'", "data:"],
            fontSrc: ["'self'"],
            connectSrc: ["'self'"],
            // Browsers hold a form's redirect to this too: 'Pay by card' answers with the provider's page.
            formAction: ["'self'", ...(options.formTargets ?? [])],
            frameAncestors: ["'none'"],
            baseUri: ["'self'"],
            objectSrc: ["'none'"],
          },
        },
    crossOriginEmbedderPolicy: false,
    // Not helmet's "no-referrer": with it, browsers send `Origin: null` on plain form posts, which React Router's
    // CSRF check refuses, so forms without JavaScript would break. Other sites still see only our origin.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: "deny" },
  });
}

/**
 * Pages only for the signed-in (or about them), and the checkout: never kept by a browser's or a proxy's cache.
 * /api/search (the header's suggestions) is the one answer under /api that is the same for everyone: it says so itself
 * (`public, max-age=60`), and React Router would add its header to this one rather than replace it.
 */
const PRIVATE_PATHS =
  /^\/(?!api\/search$)(account|admin|api|cart|cart-address|cart-shipping|payment|success|cancel|wishlist|verify-email|reset-password)(\/|\.data$|$)/;

/**
 * `Cache-Control: private, no-store` on every private page for anyone, HTML and React Router's `.data` requests
 * alike, set in one place before the routes answer. Back after signing out on a shared computer then asks the server
 * again instead of showing the last customer's page. Any other page that reads the session is made private by the
 * page cache's middleware; the rest carry nothing personal (docs/decisions/017).
 */
export function privateResponses(): RequestHandler {
  return (req, res, next) => {
    if (PRIVATE_PATHS.test(req.path)) res.setHeader("Cache-Control", "private, no-store");
    next();
  };
}

/**
 * Refuses bodies over the limit before anyone reads them. Bodies without a declared length
 * (chunked uploads) are refused too: browsers always declare it for forms.
 */
export function bodyLimit(
  defaultMaxBytes: number,
  uploads?: { pathPrefix: string; maxBytes: number },
  files: Array<{ path: string; maxBytes: number; tooBig: string }> = [],
): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const multipart = /^multipart\/form-data/i.test(req.headers["content-type"] ?? "");
    // A page that takes one larger file (the catalogue's CSV) says in words when it is too big.
    // (The form posted by the page's script goes to its `.data` address: the same page.)
    const file = multipart ? files.find((f) => req.path === f.path || req.path === `${f.path}.data`) : undefined;
    // Back-office forms that carry an image (multipart) may be as large as one upload plus the form around it.
    const upload = uploads && req.path.startsWith(uploads.pathPrefix) && multipart;
    const maxBytes = file ? file.maxBytes + 64 * 1024 : upload ? uploads.maxBytes + 64 * 1024 : defaultMaxBytes;
    const declared = req.headers["content-length"];
    if (declared === undefined) {
      if (req.headers["transfer-encoding"]) return void res.status(411).type("text/plain").send("Length Required");
      return next();
    }
    if (!/^\d+$/.test(declared) || Number(declared) > maxBytes) {
      return void res
        .status(413)
        .type("text/plain")
        .send(file ? file.tooBig : "Request too large");
    }
    next();
  };
}

/**
 * Refuses state-changing requests sent by other sites (CSRF), for every route: a foreign or opaque `Origin`, or a
 * browser saying `Sec-Fetch-Site: cross-site`. Requests without either header (curl, server-to-server) pass.
 */
export function sameOriginWrites(): RequestHandler {
  return (req, res, next) => {
    if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
    const origin = req.get("origin");
    let foreign = req.get("sec-fetch-site") === "cross-site";
    if (origin !== undefined) {
      try {
        // The whole origin: scheme, host and port (https://shop is another origin than http://shop).
        foreign ||= origin === "null" || new URL(origin).origin !== `${req.protocol}://${req.host}`;
      } catch {
        foreign = true;
      }
    }
    if (foreign) return void res.status(403).type("text/plain").send("Forbidden: send this from the shop's own pages.");
    next();
  };
}

/**
 * Refuses an address holding a NUL character (`%00`): no page of the shop has one, and PostgreSQL refuses it in text,
 * so it would otherwise reach a query as a 500 (issue 26).
 */
export function noNulInAddress(): RequestHandler {
  return (req, res, next) => {
    if (/%00/i.test(req.url)) return void res.status(400).type("text/plain").send("Bad request");
    next();
  };
}

/**
 * One session cookie per request, for every route (Better Auth's own callback too): the Cookie header is rewritten to
 * what `readAuthCookies` keeps, so a request carrying a Better Auth cookie twice, or under both names, is signed out
 * everywhere (issue 26, docs/decisions/033). A cookie under the other deployment's name only (e.g. one left from
 * before the shop moved to https) is also told to go, so it cannot keep its browser signed out.
 */
export function oneSessionCookie(options: AuthCookieOptions): RequestHandler {
  return (req, res, next) => {
    const header = req.headers.cookie;
    if (!header) return next();
    const { header: kept, dropped } = readAuthCookies(header, options);
    if (dropped.length === 0) return next();
    if (kept) req.headers.cookie = kept;
    else delete req.headers.cookie;
    const foreign = dropped.filter((name) => !isDeploymentName(options, name));
    for (const name of new Set(foreign)) {
      const secure = /^__(secure|host)-/i.test(name) ? "; Secure" : "";
      res.append("Set-Cookie", `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${secure}`);
    }
    next();
  };
}

/** Whether the cookie name is one this deployment's Better Auth uses (shop.x, or __Secure-shop.x on https). */
function isDeploymentName(options: AuthCookieOptions, name: string): boolean {
  const base = name.replace(/^__(secure|host)-/i, "").replace(/^[^.]*\./, "");
  return authCookieName(options, base) === name;
}

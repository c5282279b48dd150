import { isIP } from "node:net";
import type { RequestHandler } from "express";
import type { Logger } from "~/lib/log.server";

/** Loopback and private addresses (IPv4, IPv6, IPv4 mapped into IPv6): where a proxy of the shop's own sits. */
export function isLocalAddress(address: string | undefined): boolean {
  if (!address || !isIP(address)) return false;
  const v4 = address.replace(/^::ffff:/i, "");
  if (isIP(v4) === 4) {
    const [a, b] = v4.split(".").map(Number) as [number, number];
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  return address === "::1" || /^f[cd]/i.test(address);
}

/**
 * Behind nginx (or any proxy on the machine or its network) without `TRUST_PROXY`, every shopper is the proxy's
 * address to the rate limits: six contact messages an hour from the whole shop, not from each shopper (issue 65).
 * Mounted only while TRUST_PROXY is off: the first request that comes through a proxy (an `X-Forwarded-For` header on a
 * connection from a loopback or private address) gets one warning line, once per process. A client on the internet
 * sending the header itself comes from a public address and is not taken for a proxy.
 */
export function untrustedProxyWarning(log: Pick<Logger, "warn">): RequestHandler {
  let warned = false;
  return (req, _res, next) => {
    if (!warned && req.headers["x-forwarded-for"] !== undefined && isLocalAddress(req.socket.remoteAddress)) {
      warned = true;
      log.warn(
        { proxy: req.socket.remoteAddress },
        "requests come through a proxy (X-Forwarded-For) but TRUST_PROXY is off: every shopper is the proxy's " +
          "address to the rate limits; start the shop with TRUST_PROXY=1 (one proxy in front)",
      );
    }
    next();
  };
}

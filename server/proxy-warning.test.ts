// Behind nginx without TRUST_PROXY every shopper is 127.0.0.1 to the rate limits (issue 65): the shop says so, once.
import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { isLocalAddress, untrustedProxyWarning } from "./proxy-warning";

const request = (remoteAddress: string, headers: Record<string, string> = {}) =>
  ({ headers, socket: { remoteAddress } }) as unknown as Request;

describe("the warning of a proxy the shop does not trust", () => {
  it("is one line, the first time a request comes through a proxy on the machine or its network", () => {
    const lines: Array<[Record<string, unknown>, string]> = [];
    const warn = untrustedProxyWarning({
      warn: ((fields: never, message: string) => lines.push([fields, message])) as never,
    });
    let passed = 0;
    const next = () => void passed++;
    warn(request("127.0.0.1"), {} as Response, next);
    warn(request("203.0.113.9", { "x-forwarded-for": "198.51.100.1" }), {} as Response, next);
    expect(lines).toEqual([]);
    warn(request("::ffff:127.0.0.1", { "x-forwarded-for": "198.51.100.1" }), {} as Response, next);
    warn(request("127.0.0.1", { "x-forwarded-for": "198.51.100.2" }), {} as Response, next);
    expect(passed).toBe(4);
    expect(lines).toHaveLength(1);
    expect(lines[0]![0]).toEqual({ proxy: "::ffff:127.0.0.1" });
    expect(lines[0]![1]).toContain("TRUST_PROXY is off");
    expect(lines[0]![1]).toContain("TRUST_PROXY=1");
  });

  it("takes loopback and private addresses for a proxy's, public ones not", () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1", "10.1.2.3", "172.16.0.5", "192.168.1.20", "fd00::1"])
      expect(isLocalAddress(address), address).toBe(true);
    for (const address of ["203.0.113.9", "172.32.0.1", "2001:db8::1", "::ffff:8.8.8.8", "nonsense", undefined])
      expect(isLocalAddress(address), String(address)).toBe(false);
  });
});

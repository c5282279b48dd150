import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ageCheckRequest, checkerFor, httpChecker, manualChecker } from "./checkers.server";

/**
 * A checking service implementing the contract of docs/decisions/044: answers by the name it is sent, so one server
 * plays every case (pass, fail, refer, garbage, a 500, too slow).
 */
type Seen = { authorization: string | undefined; contentType: string | undefined; body: unknown };

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    req.on("end", () => resolve(text));
  });

describe("the HTTP age checker", () => {
  let server: Server;
  let url: string;
  const seen: Seen[] = [];
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const text = await readBody(req);
      const body = JSON.parse(text) as { name: string };
      seen.push({ authorization: req.headers.authorization, contentType: req.headers["content-type"], body });
      const answer = (status: number, payload: string) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(payload);
      };
      if (body.name === "Pat Pass") return answer(200, JSON.stringify({ result: "pass", reference: "svc-123" }));
      if (body.name === "Fran Fail") return answer(200, JSON.stringify({ result: "fail", reference: "svc-456" }));
      if (body.name === "Rae Refer") return answer(200, JSON.stringify({ result: "refer", reference: null }));
      if (body.name === "Gar Bage") return answer(200, JSON.stringify({ result: "maybe" }));
      if (body.name === "Not Json") return answer(200, "<html>oops</html>");
      if (body.name === "Ser Ver") return answer(500, JSON.stringify({ error: "down" }));
      if (body.name === "Slow Poke") {
        setTimeout(() => answer(200, JSON.stringify({ result: "pass", reference: "late" })), 1_000);
        return;
      }
      answer(404, "{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/checks`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const input = (name: string) => ({ name, dateOfBirth: "1990-01-31", address: "12 High Street, Leeds LS1 1AA" });
  const checker = () => httpChecker({ url, apiKey: "test-key-123", timeoutMs: 300 }, () => "req-1");

  it("sends the documented request and maps pass, fail and refer with the service's reference", async () => {
    expect(await checker().check(input("Pat Pass"))).toEqual({ result: "pass", reference: "svc-123" });
    expect(seen.at(-1)).toEqual({
      authorization: "Bearer test-key-123",
      contentType: "application/json",
      body: { requestId: "req-1", ...input("Pat Pass") },
    });
    expect(ageCheckRequest.safeParse(seen.at(-1)!.body).success).toBe(true);
    expect(await checker().check(input("Fran Fail"))).toEqual({ result: "fail", reference: "svc-456" });
    expect(await checker().check(input("Rae Refer"))).toEqual({ result: "refer", reference: null });
  });

  it("falls back to refer (staff and a photo ID) when the service answers garbage, fails, is slow or is down", async () => {
    const referred = { result: "refer", reference: null };
    expect(await checker().check(input("Gar Bage"))).toEqual({
      ...referred,
      problem: "the service's answer is not pass, fail or refer",
    });
    expect(await checker().check(input("Not Json"))).toMatchObject({
      ...referred,
      problem: expect.stringMatching(/JSON/),
    });
    expect(await checker().check(input("Ser Ver"))).toEqual({ ...referred, problem: "the service answered 500" });
    const started = Date.now();
    expect(await checker().check(input("Slow Poke"))).toEqual({
      ...referred,
      problem: "the service did not answer in time",
    });
    expect(Date.now() - started).toBeLessThan(900);
    const down = httpChecker({ url: "http://127.0.0.1:9/checks", timeoutMs: 300 });
    expect(await down.check(input("Pat Pass"))).toMatchObject(referred);
  });

  it("is chosen by AGE_VERIFICATION; manual (the default) refers every check", async () => {
    const config = { AGE_CHECK_TIMEOUT_MS: 300, AGE_CHECK_API_URL: url };
    expect(checkerFor({ ...config, AGE_VERIFICATION: "manual" })).toBe(manualChecker);
    expect(await manualChecker.check(input("Pat Pass"))).toEqual({ result: "refer", reference: null });
    expect(checkerFor({ ...config, AGE_VERIFICATION: "http" }).name).toBe("http");
    expect(() => checkerFor({ AGE_CHECK_TIMEOUT_MS: 300, AGE_VERIFICATION: "http" })).toThrow(/AGE_CHECK_API_URL/);
  });
});

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pageCache } from "./page-cache";

let version = 1;
let renders = 0;
let baseUrl = "";
let server: Server;
const cache = pageCache({
  maxEntries: 3,
  version: async () => version,
  allowedCookies: ["age_verified"],
  variant: (req) => (req.headers.cookie?.includes("age_verified=yes") ? "adult" : "unknown"),
});

beforeAll(async () => {
  const app = express();
  let n = 0;
  app.use((_req, res, next) => {
    res.locals.nonce = `nonce-${++n}-x`;
    next();
  });
  app.use(cache);
  app.get("/page/:name", (req, res) => {
    renders++;
    res.type("html");
    res.write(`<script nonce="${res.locals.nonce}">/*${req.params.name}*/</script>`);
    res.end(`<p>render ${renders}</p>`);
  });
  app.get("/cookie", (_req, res) => void res.cookie("flash", "1").send(`render ${++renders}`));
  app.get("/private", (_req, res) => void res.set("Cache-Control", "private").send(`render ${++renders}`));
  app.get("/missing", (_req, res) => void res.status(404).send(`render ${++renders}`));
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  cache.clear();
  version = 1;
});

const get = async (path: string, cookie?: string) => {
  const response = await fetch(baseUrl + path, { headers: cookie ? { cookie } : {} });
  return { status: response.status, state: response.headers.get("x-page-cache"), type: response.headers.get("content-type"), body: await response.text() };
};

describe("pageCache", () => {
  it("serves the second visit from the cache with this response's nonce", async () => {
    const first = await get("/page/a", "age_verified=yes");
    const second = await get("/page/a", "age_verified=yes");
    expect(first.state).toBe("miss");
    expect(second.state).toBe("hit");
    expect(second.type).toBe(first.type);
    const nonceOf = (body: string) => body.match(/nonce="([^"]+)"/)![1];
    expect(nonceOf(second.body)).not.toBe(nonceOf(first.body));
    expect(second.body.replace(/nonce="[^"]+"/, "")).toBe(first.body.replace(/nonce="[^"]+"/, ""));
  });

  it("keeps each variant apart", async () => {
    await get("/page/b", "age_verified=yes");
    expect((await get("/page/b")).state).toBe("miss");
    expect((await get("/page/b")).state).toBe("hit");
  });

  it("never serves or stores pages for requests with other cookies", async () => {
    await get("/page/c");
    const withSession = await get("/page/c", "session=abc");
    expect(withSession.state).toBe("bypass");
    expect(withSession.body).toMatch(/render \d+/);
    expect((await get("/page/d", "age_verified=yes; session=abc")).state).toBe("bypass");
    expect((await get("/page/d", "age_verified=yes")).state).toBe("miss");
  });

  it("drops pages when the content version changes", async () => {
    await get("/page/e");
    version = 2;
    expect((await get("/page/e")).state).toBe("miss");
    expect((await get("/page/e")).state).toBe("hit");
  });

  it("does not keep errors, responses that set cookies, or private responses", async () => {
    for (const path of ["/missing", "/cookie", "/private"]) {
      const first = await get(path);
      const second = await get(path);
      expect(second.state).toBe("miss");
      expect(second.body).not.toBe(first.body);
    }
    expect(cache.size()).toBe(0);
  });

  it("forgets the least recently used page beyond its size", async () => {
    for (const name of ["1", "2", "3"]) await get(`/page/${name}`);
    await get("/page/1");
    await get("/page/4");
    expect(cache.size()).toBe(3);
    expect((await get("/page/1")).state).toBe("hit");
    expect((await get("/page/2")).state).toBe("miss");
  });
});

// The shop's Express adapter for React Router (docs/decisions/077), through a real Express app and socket, with a
// server build of resource routes: React Router's own request handler answers, the adapter carries both ways.
import type { AddressInfo } from "node:net";
import express from "express";
import { RouterContextProvider, createContext, type ServerBuild } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { createRequestHandler } from "./react-router-handler";

const shopName = createContext<string>("none");
const seen: { url?: string; host?: string | null; body?: string; shop?: string; aborted?: Promise<void> } = {};

const route = (id: string, path: string, module: Record<string, unknown>) => ({
  id,
  parentId: id === "root" ? undefined : "root",
  path,
  module,
});
const build = {
  entry: { module: { default: () => new Response("no pages here", { status: 500 }) } },
  routes: {
    root: route("root", "", {}),
    echo: route("echo", "echo", {
      loader: ({ request, context }: { request: Request; context: RouterContextProvider }) => {
        seen.url = request.url;
        seen.host = request.headers.get("host");
        seen.shop = context.get(shopName);
        const headers = new Headers({ "content-type": "text/plain" });
        headers.append("set-cookie", "a=1; Path=/");
        headers.append("set-cookie", "b=2; Path=/");
        return new Response("echoed", { status: 203, statusText: "Echoed", headers });
      },
      action: async ({ request }: { request: Request }) => {
        seen.body = await request.text();
        return new Response(null, { status: 204 });
      },
    }),
    slow: route("slow", "slow", {
      loader: ({ request }: { request: Request }) => {
        seen.aborted = new Promise((resolve) => request.signal.addEventListener("abort", () => resolve()));
        return new Response(
          new ReadableStream({
            start: (controller) => controller.enqueue(new TextEncoder().encode("first part")),
          }),
        );
      },
    }),
    broken: route("broken", "broken", {
      loader: () => {
        throw new Error("loader broke");
      },
    }),
  },
  assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "1" },
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  basename: "/",
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

let close: (() => void) | undefined;
afterEach(() => close?.());

async function serve(trustProxy = false, contextFails = false) {
  const app = express();
  if (trustProxy) app.set("trust proxy", true);
  app.use(
    createRequestHandler({
      build,
      mode: "production",
      getLoadContext: () => {
        if (contextFails) throw new Error("no context");
        const context = new RouterContextProvider();
        context.set(shopName, "vape shop");
        return context;
      },
    }),
  );
  // Express's error handler gets what the adapter passes on.
  app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(599).send(`handled: ${error.message}`);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("the shop's Express adapter for React Router", () => {
  it("hands React Router the request's URL, headers and context, and writes back status, headers and body", async () => {
    const origin = await serve();
    const response = await fetch(`${origin}/echo?x=1`);
    expect(response.status).toBe(203);
    expect(response.statusText).toBe("Echoed");
    expect(response.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect(await response.text()).toBe("echoed");
    expect(seen.url).toBe(`${origin}/echo?x=1`);
    expect(seen.host).toBe(origin.slice("http://".length));
    expect(seen.shop).toBe("vape shop");
  });

  it("takes the host from X-Forwarded-Host only behind a trusted proxy", async () => {
    let origin = await serve();
    await fetch(`${origin}/echo`, {
      headers: { "x-forwarded-host": "shop.example:8443", "x-forwarded-proto": "https" },
    });
    expect(seen.url).toBe(`${origin}/echo`);
    close?.();
    origin = await serve(true);
    await fetch(`${origin}/echo`, {
      headers: { "x-forwarded-host": "shop.example:8443", "x-forwarded-proto": "https" },
    });
    expect(seen.url).toBe("https://shop.example:8443/echo");
  });

  it("streams a form's body to the action", async () => {
    const origin = await serve();
    const response = await fetch(`${origin}/echo`, { method: "POST", body: new URLSearchParams({ flavour: "mango" }) });
    expect(response.status).toBe(204);
    expect(seen.body).toBe("flavour=mango");
  });

  it("aborts React Router's request when the visitor goes away mid-answer", async () => {
    const origin = await serve();
    const controller = new AbortController();
    const response = await fetch(`${origin}/slow`, { signal: controller.signal });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("first part");
    controller.abort();
    await expect(seen.aborted).resolves.toBeUndefined();
  });

  it("answers a loader's error through React Router, and passes its own errors to Express", async () => {
    let origin = await serve();
    expect((await fetch(`${origin}/broken`)).status).toBe(500);
    close?.();
    origin = await serve(false, true);
    const response = await fetch(`${origin}/echo`);
    expect(response.status).toBe(599);
    expect(await response.text()).toBe("handled: no context");
  });
});

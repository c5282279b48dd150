// A client that keeps its connection open between requests, as a load balancer does (one request at a time).
import { Agent, request } from "node:http";

export type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

export function keepAliveClient(base: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(base);
  const send = (method: "GET" | "POST", path: string, headers: Record<string, string>, body?: string) =>
    new Promise<Answer>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, method, path, agent, headers }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}

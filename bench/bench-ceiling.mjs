// The Node ceiling for `npm run bench`: a bare node:http server, one process, sending the very bytes and headers the
// shop sent for each page, from memory. Nothing a shop could do in Node answers faster.
import { Buffer } from "node:buffer";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [file, port] = process.argv.slice(2);
const pages = new Map(
  Object.entries(JSON.parse(readFileSync(file, "utf8"))).map(([path, page]) => [
    path,
    { headers: page.headers, body: Buffer.from(page.body, "base64") },
  ]),
);
createServer((req, res) => {
  const page = pages.get(req.url);
  if (!page) return void res.writeHead(404).end();
  res.writeHead(200, page.headers);
  res.end(page.body);
}).listen(Number(port), "127.0.0.1", () => process.send?.("ready"));

// Through nginx (`BENCH_ONLY=nginx npm run bench`, issue 32): the production recipe (deploy/nginx/, started by
// deploy/nginx/try.sh) in front of the shop, against a ceiling run in the same rounds: nginx serving the same bytes as
// static files. Anonymous and signed in; target: at least 0.8 of the ceiling.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  benchCachedPages,
  errorsOf,
  pagesToLoad,
  ratioTarget,
  type Captured,
  type CachedPageRow,
  type Range,
} from "./bench-cache";
import { BENCH_BASE, BENCH_PORT, startBenchServer } from "./bench-support";

const TARGET = 0.8;

/** nginx in the foreground with a configuration of its own; resolves once it listens. */
async function runNginx(config: string, dir: string, port: number) {
  const file = join(dir, `nginx-${port}.conf`);
  writeFileSync(file, config);
  const child = spawn("nginx", ["-p", dir, "-c", file], { stdio: ["ignore", "inherit", "inherit"] });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/`).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { stop: async () => (child.kill("SIGQUIT"), await exited) };
}

/**
 * The ceiling: nginx sending each captured page's bytes (gzip) and headers as a static file, with the settings of
 * deploy/nginx/try.sh (workers, keep-alive, open files kept open), so the two differ by the micro-cache alone.
 */
function staticCeiling(pages: Captured, port: number, dir: string) {
  const lines: string[] = [];
  let n = 0;
  for (const [path, page] of Object.entries(pages)) {
    const name = `page-${n++}.html.gz`;
    writeFileSync(join(dir, name), Buffer.from(page.body, "base64"));
    lines.push(`        "${path}" /${name};`);
  }
  const config = `daemon off;
${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes auto;
pid ${dir}/static-nginx.pid;
error_log stderr warn;
events { worker_connections 4096; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    open_file_cache max=10000 inactive=60s;
    open_file_cache_valid 30s;
    client_body_temp_path ${dir}/tmp-body;
    proxy_temp_path ${dir}/tmp-proxy;
    fastcgi_temp_path ${dir}/tmp-fastcgi;
    uwsgi_temp_path ${dir}/tmp-uwsgi;
    scgi_temp_path ${dir}/tmp-scgi;
    map $request_uri $page_file {
${lines.join("\n")}
    }
    server {
        listen 127.0.0.1:${port};
        root ${dir};
        default_type "text/html; charset=utf-8";
        location / {
            add_header Content-Encoding gzip;
            add_header Cache-Control "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
            add_header Vary "Accept-Encoding, Cookie";
            try_files $page_file =404;
        }
    }
}
`;
  return runNginx(config, dir, port);
}

/** deploy/nginx/try.sh in front of the shop; resolves with the address it prints. */
async function tryNginx(port: number) {
  const child = spawn("bash", ["deploy/nginx/try.sh"], {
    env: { ...process.env, SHOP_URL: BENCH_BASE, LISTEN_PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const base = await new Promise<string>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      const match = /nginx listens on (http:\/\/\S+) in front of/.exec(String(chunk));
      if (match) resolve(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`try.sh exited (${code})`)));
  });
  return { base, stop: async () => (child.kill("SIGTERM"), await exited) };
}

const show = (r: Range) => (r.min === r.max ? `${r.min}` : `${r.min}–${r.max}`);

export async function measureThroughNginx(): Promise<CachedPageRow[]> {
  const dir = mkdtempSync(join(tmpdir(), "shop-bench-nginx-"));
  const server = await startBenchServer(`file:${dir}/shop.db`, { TRUST_PROXY: "1", LOG_LEVEL: "warn" });
  let nginx: Awaited<ReturnType<typeof tryNginx>> | null = null;
  try {
    const { shopperCookie, pages } = await pagesToLoad(`${dir}/shop.db`, BENCH_BASE);
    nginx = await tryNginx(BENCH_PORT + 2);
    const rows = await benchCachedPages({
      base: nginx.base,
      captureBase: BENCH_BASE,
      ceilingPort: BENCH_PORT + 1,
      ceiling: staticCeiling,
      dir,
      signedInCookie: shopperCookie,
      pages,
    });
    console.log(`\nthrough nginx (deploy/nginx/), against nginx sending the same bytes as a static file; gzip`);
    console.log(
      "page                 static/s         through nginx, anonymous   ratio      signed in        ratio      errors (anonymous / signed in / static)",
    );
    for (const r of rows)
      console.log(
        `${r.name.padEnd(21)}${show(r.ceiling).padEnd(17)}${show(r.anonymous).padEnd(27)}${show(r.anonymous.ratio).padEnd(11)}${show(r.signedIn).padEnd(17)}${show(r.signedIn.ratio).padEnd(11)}${errorsOf(r)}`,
      );
    for (const key of ["anonymous", "signedIn"] as const)
      console.log(
        `  ${key === "anonymous" ? "anonymous" : "signed in"}: ${ratioTarget(rows, key, TARGET, "the static file")}`,
      );
    return rows;
  } finally {
    await nginx?.stop();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

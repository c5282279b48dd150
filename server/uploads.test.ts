import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeVariants, writeAtomically } from "~/modules/admin/catalog/image-variants.service.server";
import { photo } from "~/modules/admin/catalog/testing/test-images";
import { serveUploads } from "./uploads";

describe("uploaded images and their variants, as served", () => {
  const dir = mkdtempSync(join(tmpdir(), "shop-served-uploads-"));
  const original = `${"d".repeat(32)}.jpg`;
  let base = "";
  let close = () => {};
  beforeAll(async () => {
    const bytes = await photo({ width: 1400, height: 1000, format: "jpeg", seed: 21 });
    const made = await makeVariants(bytes, original);
    if (!made.ok) throw new Error(made.reason);
    for (const variant of made.variants) await writeAtomically(dir, variant.fileName, variant.bytes);
    await writeAtomically(dir, original, bytes);
    writeFileSync(join(dir, `.${original}.abcdefgh.part`), "half a file");
    const app = express();
    app.use("/uploads", serveUploads(dir));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => {
    close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends AVIF, WebP and the original with their own type, cached for a year and never asked again", async () => {
    for (const [name, type] of [
      [`${"d".repeat(32)}-640.avif`, "image/avif"],
      [`${"d".repeat(32)}-1280.webp`, "image/webp"],
      [original, "image/jpeg"],
    ]) {
      const response = await fetch(`${base}/uploads/${name}`);
      expect(response.status, name).toBe(200);
      expect(response.headers.get("content-type"), name).toBe(type);
      expect(response.headers.get("cache-control"), name).toBe("public, max-age=31536000, immutable");
      expect((await response.arrayBuffer()).byteLength, name).toBeGreaterThan(100);
    }
  });

  it("never sends a file being written, nor one that is not there", async () => {
    expect((await fetch(`${base}/uploads/.${original}.abcdefgh.part`)).status).not.toBe(200);
    expect((await fetch(`${base}/uploads/${"e".repeat(32)}-640.avif`)).status).toBe(404);
  });
});

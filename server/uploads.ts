import { resolve } from "node:path";
import express, { type RequestHandler } from "express";

/**
 * Images uploaded in the back office and their AVIF/WebP variants (docs/decisions/010, 018): named by their content's
 * hash, so they never change and are cached for a year; the type comes from the extension (image/avif, image/webp…).
 * Hidden files (a variant being written) are never served.
 */
export function serveUploads(dir: string): RequestHandler {
  return express.static(resolve(dir), {
    immutable: true,
    maxAge: "1y",
    index: false,
    dotfiles: "deny",
    redirect: false,
  });
}

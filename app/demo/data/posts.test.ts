import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { healthClaimWords } from "~/modules/compliance/claims";
import { demoPosts } from "./posts";
import { demoReviews } from "./reviews";

const publicFile = (webPath: string) => path.resolve("public" + webPath);
const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;
const published = demoPosts.filter((p) => !p.draft);
const drafts = demoPosts.filter((p) => p.draft);

describe("demo blog posts", () => {
  it("are seven posts", () => {
    expect(demoPosts).toHaveLength(7);
  });

  it("have unique kebab-case slugs", () => {
    expect(new Set(demoPosts.map((p) => p.slug)).size).toBe(demoPosts.length);
    for (const p of demoPosts) expect(p.slug, p.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it("include exactly one draft, and it is the newest post", () => {
    expect(drafts).toHaveLength(1);
    const draft = drafts[0]!;
    for (const p of published) {
      expect(Date.parse(draft.publishedAt), p.slug).toBeGreaterThan(Date.parse(p.publishedAt));
    }
  });

  it("have valid, distinct publication dates", () => {
    for (const p of demoPosts) expect(Number.isNaN(Date.parse(p.publishedAt)), p.slug).toBe(false);
    expect(new Set(demoPosts.map((p) => p.publishedAt)).size).toBe(demoPosts.length);
  });

  it("give every published post a body of at least 450 words", () => {
    for (const p of published) expect(wordCount(p.bodyMarkdown), p.slug).toBeGreaterThanOrEqual(450);
  });

  it("contain no raw HTML tags in their bodies", () => {
    for (const p of demoPosts) expect(p.bodyMarkdown, p.slug).not.toMatch(/<[a-zA-Z/]/);
  });

  it("have a cover image under public/ that is smaller than 4 KB", () => {
    for (const p of demoPosts) {
      expect(p.coverImage, p.slug).toBe(`/images/blog/${p.slug}.svg`);
      const file = publicFile(p.coverImage);
      expect(existsSync(file), p.coverImage).toBe(true);
      expect(statSync(file).size, p.coverImage).toBeLessThan(4 * 1024);
    }
  });

  it("have short excerpts", () => {
    for (const p of demoPosts) {
      expect(p.excerpt.length, p.slug).toBeGreaterThan(0);
      expect(p.excerpt.length, p.slug).toBeLessThanOrEqual(200);
    }
  });

  it("include the nicotine strength guide by its exact title", () => {
    expect(demoPosts.map((p) => p.title)).toContain("Choosing the right nicotine strength");
  });
});

describe("demo content makes no health, quitting or smoking-cessation claims (CAP Code 22.5)", () => {
  it.each(demoPosts.map((p) => [p.slug, p] as const))("post %s", (_slug, p) => {
    expect(healthClaimWords(`${p.title}\n${p.excerpt}\n${p.bodyMarkdown}`)).toEqual([]);
  });
  it.each(demoReviews.map((r) => [r.name, r] as const))("review by %s", (_name, r) => {
    expect(healthClaimWords(r.quote)).toEqual([]);
  });
});

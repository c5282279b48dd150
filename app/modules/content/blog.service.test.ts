import { expect, it, vi } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { demoPosts } from "~/demo/data/posts";
import { getLatestPost, getPublishedPost, listBlogPage, listLatestPosts } from "./blog.service.server";
import { renderMarkdown } from "~/lib/markdown.server";

const draft = demoPosts.find((p) => p.draft)!;
const published = demoPosts.filter((p) => !p.draft).sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));

it("renders Markdown without letting HTML or script links through", () => {
  const html = renderMarkdown(
    "## Hi\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) [nhs](https://www.nhs.uk/)",
  );
  expect(html).toContain("<h2>Hi</h2>");
  expect(html).toContain("&lt;script&gt;");
  expect(html).not.toContain("<script>");
  expect(html).not.toContain('href="javascript:');
  expect(html).toContain('<a href="https://www.nhs.uk/" rel="noopener noreferrer">nhs</a>');
});

it("links a web address written without https:// as well", () => {
  expect(renderMarkdown("See www.nhs.uk for advice.")).toContain(
    '<a href="http://www.nhs.uk" rel="noopener noreferrer">www.nhs.uk</a>',
  );
});

describeEachDatabase(
  "blog service",
  (testDb) => {
    it("lists published posts newest first, five at a time, never drafts", async () => {
      const first = await listBlogPage(testDb().db, null);
      expect(first.posts.map((p) => p.slug)).toEqual(published.slice(0, 5).map((p) => p.slug));
      expect(first).toMatchObject({ page: 1, total: published.length, hasMore: true });
      const more = await listBlogPage(testDb().db, "2");
      expect(more.posts.map((p) => p.slug)).toEqual(published.map((p) => p.slug));
      expect(more.hasMore).toBe(false);
      expect(more.posts.map((p) => p.slug)).not.toContain(draft.slug);
      expect((await listBlogPage(testDb().db, "abc")).page).toBe(1);
      expect((await listBlogPage(testDb().db, "99")).page).toBe(2);
    });

    it("reads a post by slug with its HTML; drafts, future posts and odd slugs are not found", async () => {
      const post = await getPublishedPost(testDb().db, published[1]!.slug);
      expect(post).toMatchObject({ title: published[1]!.title, author: published[1]!.author });
      expect(post!.html).toMatch(/<h2>/);
      expect(await getPublishedPost(testDb().db, draft.slug)).toBeNull();
      expect(await getPublishedPost(testDb().db, "no-such-post")).toBeNull();
      expect(await getPublishedPost(testDb().db, "../etc/passwd")).toBeNull();
      await testDb()
        .db.updateTable("posts")
        .set({ published_at: "2999-01-01T00:00:00.000Z" })
        .where("slug", "=", published[0]!.slug)
        .execute();
      try {
        expect(await getPublishedPost(testDb().db, published[0]!.slug)).toBeNull();
        expect((await getLatestPost(testDb().db))!.slug).toBe(published[1]!.slug);
      } finally {
        await testDb()
          .db.updateTable("posts")
          .set({ published_at: published[0]!.publishedAt })
          .where("slug", "=", published[0]!.slug)
          .execute();
      }
    });

    it("gives the latest post and the three newest for the home page", async () => {
      expect((await getLatestPost(testDb().db))!.slug).toBe(published[0]!.slug);
      expect((await listLatestPosts(testDb().db)).map((p) => p.slug)).toEqual(published.slice(0, 3).map((p) => p.slug));
    });

    it("asks for the home page's posts once per content version, and again when a scheduled post goes live", async () => {
      const { db } = testDb();
      const slugs = async (version: number) => (await listLatestPosts(db, 3, version)).map((p) => p.slug);
      const newest = published.slice(0, 3).map((p) => p.slug);
      const later = published[3]!;
      vi.useFakeTimers({ toFake: ["Date"] });
      try {
        expect(await slugs(1)).toEqual(newest);
        // A change that moves no version (none does, but this one) is not seen until the version moves.
        await db.updateTable("posts").set({ title: "Renamed" }).where("slug", "=", newest[0]!).execute();
        expect((await listLatestPosts(db, 3, 1))[0]!.title).toBe(published[0]!.title);
        expect((await listLatestPosts(db, 3, 2))[0]!.title).toBe("Renamed");
        // Scheduled an hour from now (and the version moves, as the back office's save does): not shown yet.
        const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
        await db.updateTable("posts").set({ published_at: inAnHour }).where("slug", "=", later.slug).execute();
        expect(await slugs(3)).toEqual(newest);
        // Its time comes: shown, with no version moved.
        vi.setSystemTime(Date.now() + 3_600_001);
        expect(await slugs(3)).toEqual([later.slug, ...newest.slice(0, 2)]);
      } finally {
        vi.useRealTimers();
        await db.updateTable("posts").set({ title: published[0]!.title }).where("slug", "=", newest[0]!).execute();
        await db.updateTable("posts").set({ published_at: later.publishedAt }).where("slug", "=", later.slug).execute();
      }
    });
  },
  { seed: true },
);

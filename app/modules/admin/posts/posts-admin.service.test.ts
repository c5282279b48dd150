import { readdirSync } from "node:fs";
import { fail, failFields } from "~/lib/result";
import { expect, it } from "vitest";
import { readStorefrontVersion } from "~/db/content-version.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { getPublishedPost } from "~/modules/content/blog.service.server";
import { StaffOnlyError } from "~/modules/accounts/staff";
import { shopDate, shopDayStart } from "~/lib/shop-time";
import { slugify } from "~/lib/slug";
import { getPostForEdit, postMessages, previewPost, savePost, setPostPublished } from "./posts-admin.service.server";
import { uploadMessages, UPLOAD_URL } from "../catalog/uploads.service.server";
import { variantNames } from "~/lib/image-variants";
import { customer, png, staff, usePostsFixture, values } from "./testing/posts-fixture";
import { postValues } from "./posts-admin";

// The post services: who may use them, listing, saving, previewing and publishing. Through the pages:
// posts-admin-pages.service.test.ts.
describeEachDatabase(
  "back office: blog posts",
  (testDb) => {
    const { dir, deps, list, snapshot, seededId } = usePostsFixture(testDb);

    it("refuses anyone but staff for every read and write, and changes nothing", async () => {
      const before = await snapshot();
      const id = await seededId("a-guide-to-flavour-families");
      for (const actor of [customer, null]) {
        await expect(list(actor)).rejects.toBeInstanceOf(StaffOnlyError);
        await expect(getPostForEdit(deps.db, actor, id)).rejects.toBeInstanceOf(StaffOnlyError);
        await expect(savePost(deps, actor, null, values(), png())).rejects.toBeInstanceOf(StaffOnlyError);
        await expect(savePost(deps, actor, id, values({ title: "Hacked" }), png())).rejects.toBeInstanceOf(
          StaffOnlyError,
        );
        await expect(previewPost(deps, actor, id, values(), png())).rejects.toBeInstanceOf(StaffOnlyError);
        await expect(setPostPublished(deps.db, actor, id, false)).rejects.toBeInstanceOf(StaffOnlyError);
      }
      expect(await snapshot()).toEqual(before);
    });

    it("lists the seeded posts (drafts too), newest first by default; searches titles; sorts", async () => {
      const all = await list(staff);
      expect(all).toMatchObject({ total: 7, page: 1, totalPages: 1 });
      expect(all.posts[0]).toMatchObject({ slug: "coming-soon-our-autumn-flavour-line-up", draft: true });
      expect(all.posts.filter((p) => p.draft)).toHaveLength(1);
      expect((await list(staff, { q: "NICOTINE" })).posts.map((p) => p.slug)).toEqual([
        "choosing-the-right-nicotine-strength",
      ]);
      expect((await list(staff, { q: "_" })).total).toBe(0);
      expect((await list(staff, { sort: "title", dir: "asc" })).posts[0]!.title).toMatch(
        /^A guide to flavour families/i,
      );
      expect((await list(staff, { sort: "status", dir: "asc" })).posts[0]!.draft).toBe(true);
      expect((await list(staff, { sort: "published", dir: "asc" })).posts[0]!.slug).toBe(
        "how-to-look-after-your-pod-device",
      );
    });

    it("creates a post with an uploaded cover; the slug comes from the title; it shows on the blog and drops cached pages", async () => {
      const version = await readStorefrontVersion(deps.db);
      const body = "Intro\n\n<script>alert('x')</script>\n\n[bad](javascript:alert(1))";
      const created = await savePost(
        deps,
        staff,
        null,
        values({ title: "Five tips <b>now</b>", body }),
        png("../../evil.png.php"),
      );
      if (!created.ok) throw new Error(JSON.stringify(created));
      const post = await getPostForEdit(deps.db, staff, created.id);
      expect(post).toMatchObject({
        title: "Five tips <b>now</b>",
        slug: "five-tips-b-now-b",
        draft: false,
        publishedAt: "2026-10-14T23:00:00.000Z",
      });
      expect(post!.coverImage).toMatch(UPLOAD_URL);
      const cover = post!.coverImage.split("/").pop()!;
      expect(readdirSync(dir).sort()).toEqual([cover, ...variantNames(cover)].sort());
      expect(await readStorefrontVersion(deps.db)).toBe(version + 1);
      const shown = await getPublishedPost(deps.db, "five-tips-b-now-b");
      expect(shown?.title).toBe("Five tips <b>now</b>");
      expect(shown?.html).toContain("&lt;script&gt;");
      expect(shown?.html).not.toContain("<script");
      expect(shown?.html).not.toMatch(/href="javascript:/i);

      // The same title again gets its own slug; a draft is not on the blog.
      const again = await savePost(
        deps,
        staff,
        null,
        values({ title: "Five tips <b>now</b>", published: false }),
        png(),
      );
      if (!again.ok) throw new Error(JSON.stringify(again));
      expect((await getPostForEdit(deps.db, staff, again.id))?.slug).toBe("five-tips-b-now-b-2");
      expect(await getPublishedPost(deps.db, "five-tips-b-now-b-2")).toBeNull();
    });

    it("refuses bad input with a message per field, keeps what was typed and saves nothing", async () => {
      const before = await snapshot();
      const empty = await savePost(
        deps,
        staff,
        null,
        values({ title: " ", excerpt: "", author: "", body: "  ", publishDate: "2026-02-30" }),
        null,
      );
      expect(empty).toEqual({
        ...failFields({
          title: "Title is required",
          excerpt: "Excerpt is required",
          author: "Author is required",
          body: "Body is required",
          publishDate: "Enter the publish date as a real date",
        }),
        values: values({ title: " ", excerpt: "", author: "", body: "  ", publishDate: "2026-02-30" }),
      });
      const notImage = await savePost(
        deps,
        staff,
        null,
        values(),
        new File(["<svg onload=alert(1)>"], "cover.png", { type: "image/png" }),
      );
      expect(notImage).toMatchObject({ ok: false, fieldErrors: { cover: uploadMessages.notImage } });
      const tooBig = await savePost(
        deps,
        staff,
        null,
        values(),
        new File([new Uint8Array(5000).fill(0xff)], "big.jpg"),
      );
      expect(tooBig).toMatchObject({
        ok: false,
        fieldErrors: { cover: "That image is larger than 1 KB. Upload a smaller one." },
      });
      const badSlug = await savePost(deps, staff, null, values({ slug: "../Admin Page" }), null);
      expect(badSlug).toMatchObject({ ok: false, fieldErrors: { slug: expect.stringMatching(/lower-case letters/) } });
      expect(await snapshot()).toEqual(before);

      const taken = await savePost(deps, staff, null, values({ slug: "a-guide-to-flavour-families" }), png());
      expect(taken).toMatchObject({
        ok: false,
        fieldErrors: { slug: postMessages.slugTaken },
        values: { keptCover: expect.stringMatching(UPLOAD_URL) },
      });
      const after = await snapshot();
      expect(after.posts).toEqual(before.posts);
      expect(after.version).toBe(before.version);
    });

    it("saves a post without a cover (it is optional); a forged cover counts as none; Remove the cover takes one away", async () => {
      const version = await readStorefrontVersion(deps.db);
      // A cover the browser claims to have kept must be a real upload or the post's own: anything else is no cover.
      const created = await savePost(
        deps,
        staff,
        null,
        values({ title: "No picture today", keptCover: "javascript:alert(1)" }),
        null,
      );
      if (!created.ok) throw new Error(JSON.stringify(created));
      expect((await getPostForEdit(deps.db, staff, created.id))?.coverImage).toBe("");
      expect(await getPublishedPost(deps.db, "no-picture-today")).toMatchObject({ coverImage: "" });
      expect(await readStorefrontVersion(deps.db)).toBe(version + 1);

      // A post with a cover keeps it while the form does; ticking "Remove the cover" saves it without one.
      const id = await seededId("choosing-the-right-nicotine-strength");
      const post = (await getPostForEdit(deps.db, staff, id))!;
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...post.values, published: "on" })) form.set(name, String(value));
      expect(postValues(form).keptCover).toBe(post.coverImage);
      form.set("removeCover", "on");
      expect(await savePost(deps, staff, id, postValues(form), null)).toEqual({ ok: true, id });
      expect((await getPostForEdit(deps.db, staff, id))?.coverImage).toBe("");
      expect(await getPublishedPost(deps.db, "choosing-the-right-nicotine-strength")).toMatchObject({ coverImage: "" });
    });

    it("edits a post: the cover stays unless a new one is uploaded; an unchanged date keeps its time; unknown ids are not found", async () => {
      const id = await seededId("how-to-recycle-your-vape-and-pods");
      const post = (await getPostForEdit(deps.db, staff, id))!;
      expect(post.values).toMatchObject({
        publishDate: "2026-09-03",
        published: true,
        keptCover: "/images/blog/how-to-recycle-your-vape-and-pods.svg",
      });
      const version = await readStorefrontVersion(deps.db);
      const saved = await savePost(
        deps,
        staff,
        id,
        { ...post.values, title: "How to recycle your vape", keptCover: "/etc/passwd" },
        null,
      );
      expect(saved).toEqual({ ok: true, id });
      const edited = (await getPostForEdit(deps.db, staff, id))!;
      expect(edited).toMatchObject({
        title: "How to recycle your vape",
        slug: "how-to-recycle-your-vape-and-pods",
        coverImage: post.coverImage,
        publishedAt: post.publishedAt,
      });
      expect(edited.updatedAt > post.updatedAt).toBe(true);
      expect(await readStorefrontVersion(deps.db)).toBe(version + 1);
      expect((await getPublishedPost(deps.db, "how-to-recycle-your-vape-and-pods"))?.title).toBe(
        "How to recycle your vape",
      );

      const moved = await savePost(deps, staff, id, { ...edited.values, publishDate: "2026-01-20" }, png());
      expect(moved.ok).toBe(true);
      const dated = (await getPostForEdit(deps.db, staff, id))!;
      expect(dated.publishedAt).toBe("2026-01-20T00:00:00.000Z");
      expect(dated.coverImage).toMatch(UPLOAD_URL);

      expect(await savePost(deps, staff, "no-such-post", values(), png())).toMatchObject({
        ok: false,
        code: "not-found",
      });
      expect(await getPostForEdit(deps.db, staff, "no-such-post")).toBeNull();
    });

    it("previews the Markdown as the blog would show it (HTML as text) and saves nothing", async () => {
      const id = await seededId("a-guide-to-flavour-families");
      const before = await snapshot();
      const preview = await previewPost(
        deps,
        staff,
        id,
        values({
          body: "## Fruity\n\n<img src=x onerror=alert(1)> **sweet**",
          keptCover: "/images/blog/a-guide-to-flavour-families.svg",
        }),
        null,
      );
      if (!preview.ok) throw new Error("not found");
      expect(preview.html).toContain("<h2>Fruity</h2>");
      expect(preview.html).toContain("<strong>sweet</strong>");
      expect(preview.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
      expect(preview.values.keptCover).toBe("/images/blog/a-guide-to-flavour-families.svg");
      expect(await snapshot()).toEqual(before);
      expect(await previewPost(deps, staff, "no-such-post", values(), null)).toMatchObject({
        ok: false,
        code: "not-found",
      });
    });

    it("publishes and unpublishes: the blog shows and hides the post at once", async () => {
      const id = await seededId("coming-soon-our-autumn-flavour-line-up");
      expect(await getPublishedPost(deps.db, "coming-soon-our-autumn-flavour-line-up")).toBeNull();
      const version = await readStorefrontVersion(deps.db);
      expect(await setPostPublished(deps.db, staff, id, true)).toEqual({ ok: true });
      expect(await readStorefrontVersion(deps.db)).toBe(version + 1);
      expect((await getPostForEdit(deps.db, staff, id))?.draft).toBe(false);
      expect(await getPublishedPost(deps.db, "coming-soon-our-autumn-flavour-line-up")).not.toBeNull();
      expect(await setPostPublished(deps.db, staff, id, false)).toEqual({ ok: true });
      expect(await getPublishedPost(deps.db, "coming-soon-our-autumn-flavour-line-up")).toBeNull();
      expect(await readStorefrontVersion(deps.db)).toBe(version + 2);
      expect(await setPostPublished(deps.db, staff, "no-such-post", true)).toEqual(
        fail("not-found", "There is no such post."),
      );
      expect(await readStorefrontVersion(deps.db)).toBe(version + 2);
    });
  },
  { seed: true },
);

it("makes slugs from titles", () => {
  expect(slugify("Crème brûlée: 5 tips!")).toBe("creme-brulee-5-tips");
  expect(slugify("Salt & Pepper")).toBe("salt-and-pepper");
  expect(slugify("¿¿¿", { fallback: "post" })).toBe("post"); // what a post's slug falls back to (freeSlug)
  expect(slugify("a".repeat(150))).toHaveLength(100);
});

it("dates posts by the shop's calendar: midnight in Europe/London (the default), in summer time and in winter", () => {
  expect(shopDayStart("2026-07-01").toISOString()).toBe("2026-06-30T23:00:00.000Z");
  expect(shopDayStart("2026-01-20").toISOString()).toBe("2026-01-20T00:00:00.000Z");
  expect(shopDayStart("2026-03-29").toISOString()).toBe("2026-03-29T00:00:00.000Z"); // the day summer time starts
  expect(shopDayStart("2026-10-25").toISOString()).toBe("2026-10-24T23:00:00.000Z"); // the day it ends
  expect(shopDate("2026-06-30T23:30:00.000Z")).toBe("2026-07-01");
});

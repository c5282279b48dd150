import { provedSecondFactor, signUpConfirmed } from "~/testing/accounts";
import { expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import * as accounts from "~/modules/accounts/accounts.service.server";
import { getPublishedPost } from "~/modules/content/blog.service.server";
import { action as newPostAction } from "~/routes/admin/post-new";
import { action as postAction } from "~/routes/admin/post";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import { getPostForEdit, setPostPublished } from "./posts-admin.service.server";
import { png, staff, usePostsFixture } from "./testing/posts-fixture";

// Blog posts through the back office's pages: staff only, preview, create and publish.
describeEachDatabase(
  "back office: blog posts through the pages",
  (testDb) => {
    const { dir, deps, snapshot, seededId } = usePostsFixture(testDb);

    it("through the pages: a customer's or a visitor's post is a 403 that changes nothing; staff preview, create and publish", async () => {
      const context = await createTestContext(testDb(), { env: { UPLOAD_DIR: dir } });
      const password = "correct horse battery";
      const signedUp = await signUpConfirmed(context("192.0.2.70"), {
        firstName: "Cara",
        lastName: "Shopper",
        email: "cara@example.com",
        password,
        dateOfBirth: "1990-04-12",
        terms: "on",
      });
      if (!signedUp.ok) throw new Error("sign-up failed");
      await accounts.createOrPromoteStaff(context(), {
        email: "boss@example.com",
        password,
        firstName: "Sam",
        lastName: "Lee",
      });
      const signedIn = await accounts.signIn(context("192.0.2.71"), requestWith(), {
        email: "boss@example.com",
        password,
        rememberMe: false,
      });
      if (!signedIn.ok) throw new Error("sign-in failed");
      const staffCookie = await provedSecondFactor(testDb().db, cookieHeader(signedIn.headers));
      const request = (url: string, cookie: string, fields: Record<string, string>, file?: File) => {
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.set(name, value);
        if (file) form.set("cover", file);
        return new Request(url, {
          method: "POST",
          body: form,
          headers: cookie ? { cookie, origin: "http://shop.test" } : { origin: "http://shop.test" },
        });
      };
      const fields = {
        title: "Spring flavours",
        slug: "",
        excerpt: "New this spring.",
        author: "Sam Lee",
        body: "**Fresh** <em>mint</em>",
        publishDate: "2026-11-01",
        published: "on",
      };
      const draftId = await seededId("coming-soon-our-autumn-flavour-line-up");
      const before = await snapshot();
      for (const cookie of [cookieHeader(signedUp.headers), ""]) {
        const create = newPostAction({
          request: request("http://shop.test/admin/posts/new", cookie, { ...fields, intent: "save" }, png()),
          context: context(),
          params: {},
        } as never);
        await expect(create).rejects.toMatchObject({ init: { status: 403 } });
        const publish = postAction({
          request: request(`http://shop.test/admin/posts/${draftId}`, cookie, { intent: "publish" }),
          context: context(),
          params: { id: draftId },
        } as never);
        await expect(publish).rejects.toMatchObject({ init: { status: 403 } });
      }
      expect(await snapshot()).toEqual(before);

      const preview = await newPostAction({
        request: request("http://shop.test/admin/posts/new", staffCookie, { ...fields, intent: "preview" }),
        context: context(),
        params: {},
      } as never);
      expect(preview).toMatchObject({
        data: {
          previewHtml: "<p><strong>Fresh</strong> &lt;em&gt;mint&lt;/em&gt;</p>\n",
          errors: {},
          values: { title: "Spring flavours" },
        },
      });
      expect((await snapshot()).posts).toEqual(before.posts);

      const created = (await newPostAction({
        request: request("http://shop.test/admin/posts/new", staffCookie, { ...fields, intent: "save" }, png()),
        context: context(),
        params: {},
      } as never)) as Response;
      expect(created.status).toBe(302);
      expect(created.headers.get("location")).toMatch(/^\/admin\/posts\/[^/?]+\?notice=created$/);
      expect((await getPublishedPost(deps.db, "spring-flavours"))?.title).toBe("Spring flavours");

      const published = (await postAction({
        request: request(`http://shop.test/admin/posts/${draftId}`, staffCookie, { intent: "publish" }),
        context: context(),
        params: { id: draftId },
      } as never)) as Response;
      expect(published.headers.get("location")).toBe(`/admin/posts/${draftId}?notice=published`);
      expect((await getPostForEdit(deps.db, staff, draftId))?.draft).toBe(false);
      await setPostPublished(deps.db, staff, draftId, false);
    });
  },
  { seed: true },
);

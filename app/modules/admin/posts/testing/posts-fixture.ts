// The shared set-up of the back-office blog post tests: staff and customer users, form values, a cover image and an
// upload folder, and reads of the posts table.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { readStorefrontVersion } from "~/db/content-version.server";
import type { TestDatabase } from "~/db/testing/test-database";
import type { SessionUser } from "~/modules/accounts/accounts";
import { PNG } from "../../catalog/testing/test-images";
import type { PostSort, PostValues } from "../posts-admin";
import { listPosts, type PostDeps } from "../posts-admin.service.server";

export const png = (name = "cover.png") => new File([PNG], name, { type: "image/png" });

const person = (id: string, role: "staff" | "customer"): SessionUser => ({
  id,
  name: `${id} Person`,
  email: `${id}@example.com`,
  firstName: id,
  lastName: "Person",
  dateOfBirth: "1990-01-01",
  role,
  authProvider: "email",
  ...(role === "staff" ? { staffRoles: ["owner" as const] } : {}),
});
export const staff = person("sam", "staff");
export const customer = person("casey", "customer");

export const values = (changes: Partial<PostValues> = {}): PostValues => ({
  title: "Five tips for longer battery life",
  slug: "",
  excerpt: "Small habits that keep your device going all day.",
  author: "Megan Lewis",
  body: "## Charge smart\n\nUnplug it when it is **full**.",
  publishDate: "2026-10-15",
  published: true,
  keptCover: "",
  ...changes,
});

/** Registers the set-up (call inside describeEachDatabase): an upload folder removed afterwards, and helpers. */
export function usePostsFixture(testDb: () => TestDatabase) {
  const dir = mkdtempSync(join(tmpdir(), "shop-post-uploads-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const deps: PostDeps = {
    get db() {
      return testDb().db;
    },
    uploadDir: dir,
    uploadMaxBytes: 1000,
  };
  const list = (
    actor: SessionUser | null,
    changes: { sort?: PostSort; dir?: "asc" | "desc"; q?: string; rawPage?: string | null } = {},
  ) => listPosts(testDb().db, actor, { sort: "published", dir: "desc", q: "", rawPage: null, ...changes });
  const snapshot = async () => ({
    posts: await testDb().db.selectFrom("posts").selectAll().orderBy("id").execute(),
    version: await readStorefrontVersion(testDb().db),
    files: readdirSync(dir),
  });
  const seededId = (slug: string) =>
    testDb()
      .db.selectFrom("posts")
      .select("id")
      .where("slug", "=", slug)
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  return { dir, deps, list, snapshot, seededId };
}

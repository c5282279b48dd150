import { sql } from "kysely";
import { isUniqueViolation } from "~/db/errors.server";
import type { Db } from "~/db/database.server";
import { bumpStorefrontVersion } from "~/db/content-version.server";
import { likeMatch, likePattern } from "~/db/like.server";
import type { ShopContext } from "~/lib/app-context";
import { newId } from "~/lib/ids.server";
import { check, type FieldErrors, type SessionUser } from "~/modules/accounts/accounts";
import { renderMarkdown } from "~/modules/content/markdown.server";
import { assertStaff } from "./guard.server";
import { pageWindow, type ListParams } from "./listing";
import { londonDate, londonMidnight, postInput, postValues, slugify, type PostValues } from "./posts-admin";
import { storeImage, UPLOAD_URL } from "./uploads.server";

/**
 * Blog posts in the back office: list, create, edit, preview, publish and unpublish. Every write is staff only and
 * bumps the storefront version in its transaction, so cached blog pages drop at once.
 */

export const POST_SORTS = ["title", "status", "published", "updated"] as const;
export type PostSort = (typeof POST_SORTS)[number];

export type PostDeps = { db: Db; uploadDir: string; uploadMaxBytes: number };
export const postDeps = (context: ShopContext): PostDeps => ({ db: context.db, uploadDir: context.config.UPLOAD_DIR, uploadMaxBytes: context.config.UPLOAD_MAX_BYTES });
export type AdminPostRow = { id: string; title: string; slug: string; draft: boolean; publishedAt: string; updatedAt: string };
export type AdminPost = AdminPostRow & { values: PostValues; coverImage: string };

export type SaveOutcome =
  | { ok: true; id: string }
  | { ok: false; notFound: true }
  | { ok: false; notFound?: false; errors: FieldErrors; values: PostValues };
export type PreviewOutcome = { ok: false; notFound: true } | { ok: true; html: string; values: PostValues; errors: FieldErrors };

export const postMessages = {
  slugTaken: "Another post already uses this slug",
  coverMissing: "Upload a cover image (JPEG, PNG or WebP)",
} as const;

export async function listPosts(db: Db, actor: SessionUser | null, params: ListParams<PostSort>) {
  assertStaff(actor);
  const pattern = params.q ? likePattern(params.q) : null;
  const posts = db.selectFrom("posts").$if(pattern !== null, (q) => q.where(likeMatch("title", pattern!)));
  const counted = await posts.select((eb) => eb.fn.countAll<number | string>().as("count")).executeTakeFirstOrThrow();
  const total = Number(counted.count);
  const window = pageWindow(params.rawPage, total);
  const { dir } = params;
  let query = posts.select(["id", "title", "slug", "draft", "published_at", "updated_at"]);
  if (params.sort === "title") query = query.orderBy(sql`lower(title)`, dir);
  else if (params.sort === "status") query = query.orderBy("draft", dir === "asc" ? "desc" : "asc");
  else if (params.sort === "updated") query = query.orderBy("updated_at", dir);
  query = query.orderBy("published_at", params.sort === "published" ? dir : "desc").orderBy("id");
  const rows = await query.limit(window.limit).offset(window.offset).execute();
  const list: AdminPostRow[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    slug: r.slug,
    draft: Number(r.draft) === 1,
    publishedAt: r.published_at,
    updatedAt: r.updated_at,
  }));
  return { posts: list, total, ...window };
}

/** A post as the edit form shows it; null for an unknown id. */
export async function getPostForEdit(db: Db, actor: SessionUser | null, id: string): Promise<AdminPost | null> {
  assertStaff(actor);
  const r = await db
    .selectFrom("posts")
    .select(["id", "title", "slug", "excerpt", "body_markdown", "cover_image", "author", "published_at", "draft", "updated_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!r) return null;
  const draft = Number(r.draft) === 1;
  return {
    id: r.id,
    title: r.title,
    slug: r.slug,
    draft,
    publishedAt: r.published_at,
    updatedAt: r.updated_at,
    coverImage: r.cover_image,
    values: {
      title: r.title,
      slug: r.slug,
      excerpt: r.excerpt,
      author: r.author,
      body: r.body_markdown,
      publishDate: londonDate(r.published_at),
      published: !draft,
      keptCover: r.cover_image,
    },
  };
}

/** The values of a new post's form. */
export const newPostValues = (author: string, now = new Date()): PostValues => ({
  title: "", slug: "", excerpt: "", author, body: "", publishDate: londonDate(now), published: false, keptCover: "",
});

type Existing = { id: string; cover_image: string; published_at: string };

const findExisting = (db: Db, id: string) => db.selectFrom("posts").select(["id", "cover_image", "published_at"]).where("id", "=", id).executeTakeFirst();

/**
 * The cover the post will have: a newly uploaded image (stored, content-checked), else the one the form kept if it is
 * the post's own or an image uploaded here, else the post's current one. Anything else the browser sends is ignored.
 */
async function resolveCover(deps: PostDeps, actor: SessionUser, existing: Existing | undefined, kept: string, file: unknown) {
  if (file instanceof File && file.size > 0) {
    const stored = await storeImage(deps.db, { dir: deps.uploadDir, maxBytes: deps.uploadMaxBytes, uploadedBy: actor.id }, file);
    if (!stored.ok) return { cover: existing?.cover_image ?? "", error: stored.message };
    return { cover: stored.url, error: null };
  }
  if (kept && existing && kept === existing.cover_image) return { cover: kept, error: null };
  if (kept && UPLOAD_URL.test(kept)) {
    const known = await deps.db.selectFrom("uploads").select("id").where("file_name", "=", kept.slice("/uploads/".length)).executeTakeFirst();
    if (known) return { cover: kept, error: null };
  }
  return { cover: existing?.cover_image ?? "", error: null };
}

/** A slug made from the title, with -2, -3… when it is taken. */
async function freeSlug(db: Db, title: string, exceptId: string | null): Promise<string> {
  const base = slugify(title);
  const taken = new Set(
    (
      await db
        .selectFrom("posts")
        .select("slug")
        .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
        .$if(exceptId !== null, (q) => q.where("id", "<>", exceptId!))
        .execute()
    ).map((r) => r.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

async function slugTaken(db: Db, slug: string, exceptId: string | null) {
  const row = await db
    .selectFrom("posts")
    .select("id")
    .where("slug", "=", slug)
    .$if(exceptId !== null, (q) => q.where("id", "<>", exceptId!))
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Creates (postId null) or updates a post from the form. Refusals come back with a message per field and the values
 * as typed (the cover already uploaded is kept, so it need not be chosen again).
 */
export async function savePost(deps: PostDeps, actor: SessionUser | null, postId: string | null, values: PostValues, file: unknown, now = new Date()): Promise<SaveOutcome> {
  assertStaff(actor);
  const existing = postId === null ? undefined : await findExisting(deps.db, postId);
  if (postId !== null && !existing) return { ok: false, notFound: true };
  const cover = await resolveCover(deps, actor, existing, values.keptCover, file);
  const kept = { ...values, keptCover: cover.cover };
  const checked = check(postInput, values);
  const errors: FieldErrors = "errors" in checked ? { ...checked.errors } : {};
  if (cover.error) errors.cover = cover.error;
  else if (!cover.cover) errors.cover = postMessages.coverMissing;
  if ("errors" in checked || Object.keys(errors).length > 0) return { ok: false, errors, values: kept };
  const input = checked.data;
  const slug = input.slug || (await freeSlug(deps.db, input.title, postId));
  if (input.slug && (await slugTaken(deps.db, slug, postId))) return { ok: false, errors: { slug: postMessages.slugTaken }, values: kept };
  // An unchanged date keeps the post's exact time; a new one starts at the beginning of that UK day.
  const publishedAt = existing && londonDate(existing.published_at) === input.publishDate ? existing.published_at : londonMidnight(input.publishDate);
  const stamp = now.toISOString();
  const row = {
    slug,
    title: input.title,
    excerpt: input.excerpt,
    body_markdown: input.body,
    cover_image: cover.cover,
    author: input.author,
    published_at: publishedAt,
    draft: input.published ? 0 : 1,
    updated_at: stamp,
  };
  try {
    const id = postId ?? newId();
    await deps.db.transaction().execute(async (trx) => {
      if (postId === null) await trx.insertInto("posts").values({ id, ...row, created_at: stamp }).execute();
      else await trx.updateTable("posts").set(row).where("id", "=", postId).execute();
      await bumpStorefrontVersion(trx);
    });
    return { ok: true, id };
  } catch (error) {
    // Two saves racing for one slug: the unique index decides.
    if (isUniqueViolation(error)) return { ok: false, errors: { slug: postMessages.slugTaken }, values: kept };
    throw error;
  }
}

/** The form again with the body rendered as the blog would show it; the post itself is not saved. */
export async function previewPost(deps: PostDeps, actor: SessionUser | null, postId: string | null, values: PostValues, file: unknown): Promise<PreviewOutcome> {
  assertStaff(actor);
  const existing = postId === null ? undefined : await findExisting(deps.db, postId);
  if (postId !== null && !existing) return { ok: false, notFound: true };
  const cover = await resolveCover(deps, actor, existing, values.keptCover, file);
  return { ok: true, html: renderMarkdown(values.body), values: { ...values, keptCover: cover.cover }, errors: cover.error ? { cover: cover.error } : {} };
}

/** Publish (not a draft any more) or unpublish (a draft again); false for an unknown post. */
export async function setPostPublished(db: Db, actor: SessionUser | null, id: string, published: boolean, now = new Date()): Promise<boolean> {
  assertStaff(actor);
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("posts")
      .set({ draft: published ? 0 : 1, updated_at: now.toISOString() })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await bumpStorefrontVersion(trx);
    return true;
  });
}

export type PostFormData = { values: PostValues; errors: FieldErrors; previewHtml: string | null };
export type PostFormResult = { kind: "saved"; id: string } | { kind: "not-found" } | { kind: "form"; status: number; body: PostFormData };

/** The create and edit pages' form: intent "preview" renders the body and saves nothing; "save" saves. */
export async function runPostForm(deps: PostDeps, actor: SessionUser | null, postId: string | null, form: FormData): Promise<PostFormResult> {
  const values = postValues(form);
  const file = form.get("cover");
  if (form.get("intent") === "preview") {
    const preview = await previewPost(deps, actor, postId, values, file);
    if (!preview.ok) return { kind: "not-found" };
    const status = Object.keys(preview.errors).length > 0 ? 400 : 200;
    return { kind: "form", status, body: { values: preview.values, errors: preview.errors, previewHtml: preview.html } };
  }
  const saved = await savePost(deps, actor, postId, values, file);
  if (saved.ok) return { kind: "saved", id: saved.id };
  if (saved.notFound) return { kind: "not-found" };
  return { kind: "form", status: 400, body: { values: saved.values, errors: saved.errors, previewHtml: null } };
}

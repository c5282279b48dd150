import { isUniqueViolation } from "~/db/errors.server";
import type { Db } from "~/db/database.server";
import { bumpStorefrontVersion } from "~/db/content-version.server";
import type { ShopContext } from "~/context";
import { newId } from "~/lib/ids.server";
import { slugify } from "~/lib/slug";
import { shopDate, shopDayStart } from "~/lib/shop-time";
import { type SessionUser } from "~/modules/accounts/accounts";
import { check } from "~/lib/form-check";
import { fail, failFields, type FieldErrors, type Result } from "~/lib/result";
import { inTransaction } from "~/db/transaction.server";
import { renderMarkdown } from "~/lib/markdown.server";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { changesOf } from "~/modules/audit/audit";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { pageWindow, type ListParams } from "~/lib/listing";
import { postInput, postValues, type PostSort, type PostValues } from "./posts-admin";
import * as posts from "./posts-admin.repository.server";
import { findUpload } from "../catalog/uploads.repository.server";
import { storeImage, UPLOAD_URL } from "../catalog/uploads.service.server";

/**
 * Blog posts in the back office: list, create, edit, preview, publish and unpublish. Every write is staff only and
 * bumps the storefront version in its transaction, so cached blog pages drop at once.
 */

export type PostDeps = { db: Db; uploadDir: string; uploadMaxBytes: number };
export const postDeps = (context: ShopContext): PostDeps => ({
  db: context.db,
  uploadDir: context.config.UPLOAD_DIR,
  uploadMaxBytes: context.config.UPLOAD_MAX_BYTES,
});
export type AdminPostRow = {
  id: string;
  title: string;
  slug: string;
  draft: boolean;
  publishedAt: string;
  updatedAt: string;
};
export type AdminPost = AdminPostRow & { values: PostValues; coverImage: string };

/** A refused save carries the values to show the form again with (a post not found has none: 404). */
export type SaveOutcome = Result<{ id: string }, { values?: PostValues }>;
export type PreviewOutcome = Result<{ html: string; values: PostValues; errors: FieldErrors }>;
const notFound = fail("not-found", "There is no such post.");

export const postMessages = {
  slugTaken: "Another post already uses this slug",
} as const;

export async function listPosts(db: Db, actor: SessionUser | null, params: ListParams<PostSort>) {
  assertAllowed(actor, "content.edit");
  const q = params.q || null;
  const total = await posts.countPosts(db, q);
  const window = pageWindow(params.rawPage, total);
  const rows = await posts.findPostPage(db, {
    q,
    sort: params.sort,
    dir: params.dir,
    limit: window.limit,
    offset: window.offset,
  });
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
  assertAllowed(actor, "content.edit");
  const r = await posts.findPost(db, id);
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
      publishDate: shopDate(r.published_at),
      published: !draft,
      keptCover: r.cover_image,
    },
  };
}

/** The values of a new post's form. */
export const newPostValues = (author: string, now = new Date()): PostValues => ({
  title: "",
  slug: "",
  excerpt: "",
  author,
  body: "",
  publishDate: shopDate(now),
  published: false,
  keptCover: "",
});

type Existing = { id: string; cover_image: string; published_at: string };

/**
 * The cover the post will have: a newly uploaded image (stored, content-checked), else none if the form kept none (a
 * cover is optional: the blog shows a plain panel instead), else the one the form kept if it is the post's own or an
 * image uploaded here, else the post's current one. Anything else the browser sends is ignored.
 */
async function resolveCover(
  deps: PostDeps,
  actor: SessionUser,
  existing: Existing | undefined,
  kept: string,
  file: unknown,
) {
  if (file instanceof File && file.size > 0) {
    const stored = await storeImage(
      deps.db,
      { dir: deps.uploadDir, maxBytes: deps.uploadMaxBytes, uploadedBy: actor.id },
      file,
    );
    if (!stored.ok) return { cover: existing?.cover_image ?? "", error: stored.message };
    return { cover: stored.url, error: null };
  }
  if (!kept) return { cover: "", error: null };
  if (existing && kept === existing.cover_image) return { cover: kept, error: null };
  if (UPLOAD_URL.test(kept)) {
    const known = await findUpload(deps.db, kept.slice("/uploads/".length));
    if (known) return { cover: kept, error: null };
  }
  return { cover: existing?.cover_image ?? "", error: null };
}

/** A slug made from the title, with -2, -3… when it is taken. */
async function freeSlug(db: Db, title: string, exceptId: string | null): Promise<string> {
  const base = slugify(title, { fallback: "post" });
  const taken = await posts.slugsLike(db, base, exceptId);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Creates (postId null) or updates a post from the form. Refusals come back with a message per field and the values
 * as typed (the cover already uploaded is kept, so it need not be chosen again).
 */
export async function savePost(
  deps: PostDeps,
  actor: SessionUser | null,
  postId: string | null,
  values: PostValues,
  file: unknown,
  now = new Date(),
): Promise<SaveOutcome> {
  assertAllowed(actor, "content.edit");
  const existing = postId === null ? undefined : await posts.findPost(deps.db, postId);
  if (postId !== null && !existing) return notFound;
  const cover = await resolveCover(deps, actor, existing, values.keptCover, file);
  const kept = { ...values, keptCover: cover.cover };
  const checked = check(postInput, values);
  const errors: FieldErrors = checked.ok ? {} : { ...checked.fieldErrors };
  if (cover.error) errors.cover = cover.error;
  if (!checked.ok || Object.keys(errors).length > 0) return { ...failFields(errors), values: kept };
  const input = checked.data;
  const slug = input.slug || (await freeSlug(deps.db, input.title, postId));
  if (input.slug && (await posts.slugInUse(deps.db, slug, postId)))
    return { ...failFields({ slug: postMessages.slugTaken }), values: kept };
  // An unchanged date keeps the post's exact time; a new one starts at the beginning of that shop day.
  const publishedAt =
    existing && shopDate(existing.published_at) === input.publishDate
      ? existing.published_at
      : shopDayStart(input.publishDate).toISOString();
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
      if (postId === null) await posts.insertPost(trx, { id, ...row, created_at: stamp });
      else await posts.updatePost(trx, postId, row);
      await bumpStorefrontVersion(trx);
      await recordAudit(trx, auditActorOf(actor), postAuditEntry(id, existing, row));
    });
    return { ok: true, id };
  } catch (error) {
    // Two saves racing for one slug: the unique index decides.
    if (isUniqueViolation(error)) return { ...failFields({ slug: postMessages.slugTaken }), values: kept };
    throw error;
  }
}

type PostRow = {
  title: string;
  slug: string;
  excerpt: string;
  body_markdown: string;
  cover_image: string;
  author: string;
  published_at: string;
  draft: number | string;
};

/** How the audit log names a post's fields: its title, slug, status and date, author; long text by name only. */
const auditedPost = (r: PostRow) => ({
  title: r.title,
  slug: r.slug,
  status: Number(r.draft) === 1 ? "draft" : "published",
  publishedAt: r.published_at,
  author: r.author,
});
const textFields = [
  ["excerpt", "excerpt"],
  ["body", "body_markdown"],
  ["cover", "cover_image"],
] as const;

/**
 * The audit entry of a save (issue 63): a new post with its title, slug and status; a changed one with the fields
 * that changed, before and after, and the names of the long texts that changed (their words are not copied).
 */
function postAuditEntry(id: string, before: PostRow | undefined, after: PostRow) {
  if (!before) return { action: "post.create", entity: "post", entityId: id, details: auditedPost(after) };
  const changes = changesOf(auditedPost(before), auditedPost(after), [
    "title",
    "slug",
    "status",
    "publishedAt",
    "author",
  ]);
  const textChanged = textFields.filter(([, column]) => before[column] !== after[column]).map(([name]) => name);
  return {
    action: "post.update",
    entity: "post",
    entityId: id,
    details: { ...changes, ...(textChanged.length ? { textChanged } : {}) },
  };
}

/** The form again with the body rendered as the blog would show it; the post itself is not saved. */
export async function previewPost(
  deps: PostDeps,
  actor: SessionUser | null,
  postId: string | null,
  values: PostValues,
  file: unknown,
): Promise<PreviewOutcome> {
  assertAllowed(actor, "content.edit");
  const existing = postId === null ? undefined : await posts.findPostCover(deps.db, postId);
  if (postId !== null && !existing) return notFound;
  const cover = await resolveCover(deps, actor, existing, values.keptCover, file);
  return {
    ok: true,
    html: renderMarkdown(values.body),
    values: { ...values, keptCover: cover.cover },
    errors: cover.error ? { cover: cover.error } : {},
  };
}

/** Publish (not a draft any more) or unpublish (a draft again); "not-found" for an unknown post. */
export async function setPostPublished(
  db: Db,
  actor: SessionUser | null,
  id: string,
  published: boolean,
  now = new Date(),
): Promise<Result> {
  assertAllowed(actor, "content.edit");
  return inTransaction(db, async (trx): Promise<Result> => {
    const before = await posts.findPost(trx, id);
    if (!before || !(await posts.updatePost(trx, id, { draft: published ? 0 : 1, updated_at: now.toISOString() })))
      return notFound;
    await bumpStorefrontVersion(trx);
    await recordAudit(trx, auditActorOf(actor), {
      action: published ? "post.publish" : "post.unpublish",
      entity: "post",
      entityId: id,
      details: {
        title: before.title,
        status: [Number(before.draft) === 1 ? "draft" : "published", published ? "published" : "draft"],
      },
    });
    return { ok: true };
  });
}

export type PostFormData = { values: PostValues; errors: FieldErrors; previewHtml: string | null };
/**
 * Saved (`id`), or the form again (`body`): a preview (a success) or the messages (a failure, "invalid"); an unknown
 * post is a "not-found" failure without a form.
 */
export type PostFormResult = Result<
  { id: string; body?: undefined } | { id?: undefined; body: PostFormData },
  { body?: PostFormData }
>;

/** The create and edit pages' form: intent "preview" renders the body and saves nothing; "save" saves. */
export async function runPostForm(
  deps: PostDeps,
  actor: SessionUser | null,
  postId: string | null,
  form: FormData,
): Promise<PostFormResult> {
  const values = postValues(form);
  const file = form.get("cover");
  if (form.get("intent") === "preview") {
    const preview = await previewPost(deps, actor, postId, values, file);
    if (!preview.ok) return preview;
    const body = { values: preview.values, errors: preview.errors, previewHtml: preview.html };
    return Object.keys(preview.errors).length > 0 ? { ...failFields(preview.errors), body } : { ok: true, body };
  }
  const saved = await savePost(deps, actor, postId, values, file);
  if (saved.ok) return { ok: true, id: saved.id };
  if (saved.code === "not-found") return saved;
  const { values: kept, ...failure } = saved;
  return { ...failure, body: { values: kept ?? values, errors: saved.fieldErrors ?? {}, previewHtml: null } };
}

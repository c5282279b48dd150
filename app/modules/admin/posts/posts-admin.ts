import { formText } from "~/lib/form-data";
import { z } from "zod";

/** The back-office blog form: its labels, limits and checks (client-safe; the server is the one that decides). */

export const POST_SORTS = ["title", "status", "published", "updated"] as const;
export type PostSort = (typeof POST_SORTS)[number];

export const postLabels = {
  title: "Title",
  slug: "Slug",
  excerpt: "Excerpt",
  author: "Author",
  body: "Body (Markdown)",
  publishDate: "Publish date",
  cover: "Cover image",
  published: "Published",
} as const;

export const postNotices = {
  created: "Post created.",
  saved: "Changes saved.",
  published: "Post published.",
  unpublished: "Post unpublished: it is a draft again and no longer on the blog.",
} as const;

export const postLimits = { title: 200, slug: 120, excerpt: 500, author: 100, body: 100_000 } as const;

/** The shape the storefront accepts in /blog/{slug}. */
export const POST_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (value: string) => {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().startsWith(value) &&
    date.getUTCFullYear() >= 2000 &&
    date.getUTCFullYear() <= 2100
  );
};
const tooLong = (label: string, max: number) => `${label} must be ${max.toLocaleString("en-GB")} characters or fewer`;

export const postInput = z.object({
  title: z.string().trim().min(1, "Title is required").max(postLimits.title, tooLong("Title", postLimits.title)),
  slug: z
    .string()
    .trim()
    .max(postLimits.slug, tooLong("Slug", postLimits.slug))
    .refine(
      (v) => v === "" || POST_SLUG.test(v),
      "Use lower-case letters, digits and single hyphens only, e.g. my-first-post",
    ),
  excerpt: z
    .string()
    .trim()
    .min(1, "Excerpt is required")
    .max(postLimits.excerpt, tooLong("Excerpt", postLimits.excerpt)),
  author: z.string().trim().min(1, "Author is required").max(postLimits.author, tooLong("Author", postLimits.author)),
  body: z
    .string()
    .max(postLimits.body, tooLong("Body", postLimits.body))
    .refine((v) => v.trim() !== "", "Body is required"),
  publishDate: z
    .string()
    .trim()
    .min(1, "Publish date is required")
    .refine(isRealDate, "Enter the publish date as a real date"),
  published: z.boolean(),
});
export type PostInput = z.infer<typeof postInput>;

/**
 * What the form sends (and gets back after a refusal or a preview): `keptCover` is the cover already chosen, empty for
 * none (a cover is optional) or when "Remove the cover" is ticked.
 */
export type PostValues = {
  title: string;
  slug: string;
  excerpt: string;
  author: string;
  body: string;
  publishDate: string;
  published: boolean;
  keptCover: string;
};

export function postValues(form: FormData): PostValues {
  const text = (name: string) => formText(form, name);
  return {
    title: text("title"),
    slug: text("slug"),
    excerpt: text("excerpt"),
    author: text("author"),
    body: text("body"),
    publishDate: text("publishDate"),
    published: form.get("published") === "on",
    keptCover: form.get("removeCover") === "on" ? "" : text("keptCover"),
  };
}

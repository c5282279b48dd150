import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { TextAreaField, TextField } from "~/components/ui/field";
import { Picture } from "~/components/ui/picture";
import type { FieldErrors } from "~/lib/result";
import { postLabels, postLimits, type PostValues } from "~/modules/admin/posts/posts-admin";
import { CoverField } from "./cover-field";

type Props = {
  values: PostValues;
  errors: FieldErrors;
  /** HTML from the server's Markdown renderer (raw HTML in the body comes out as text), or null. */
  previewHtml: string | null;
  submitLabel: "Create post" | "Save changes";
};

/**
 * The one form for creating and editing a post. "Preview" posts the form too: the server renders the Markdown and
 * sends the form back as typed, saving nothing. Works without JavaScript.
 */
export function PostForm({ values, errors, previewHtml, submitLabel }: Props) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const previewRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (previewHtml !== null) previewRef.current?.focus();
  }, [previewHtml]);
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <>
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        className="grid gap-5 lg:grid-cols-2"
        aria-label="Post"
      >
        {hasErrors && (
          <p role="alert" className="rounded-lg bg-rose-50 p-3 text-sm text-rose-800 lg:col-span-2">
            Please correct the fields marked below.
          </p>
        )}
        <div className="lg:col-span-2">
          <TextField
            label={postLabels.title}
            name="title"
            required
            maxLength={postLimits.title}
            defaultValue={values.title}
            error={errors.title}
          />
        </div>
        <div>
          <TextField
            label={postLabels.slug}
            name="slug"
            maxLength={postLimits.slug}
            defaultValue={values.slug}
            error={errors.slug}
          />
          <p className="mt-1 text-xs text-slate-600">
            The post's address, /blog/your-slug. Left empty, it is made from the title.
          </p>
        </div>
        <TextField
          label={postLabels.author}
          name="author"
          required
          maxLength={postLimits.author}
          defaultValue={values.author}
          error={errors.author}
        />
        <div className="lg:col-span-2">
          <TextAreaField
            label={postLabels.excerpt}
            name="excerpt"
            required
            rows={2}
            maxLength={postLimits.excerpt}
            defaultValue={values.excerpt}
            error={errors.excerpt}
          />
        </div>
        <div className="lg:col-span-2">
          <TextAreaField
            label={postLabels.body}
            name="body"
            required
            rows={18}
            maxLength={postLimits.body}
            defaultValue={values.body}
            error={errors.body}
          />
          <p className="mt-1 text-xs text-slate-600">
            Markdown: ## for a heading, **bold**, - for a list, [text](https://…) for a link. HTML is shown as text.
          </p>
        </div>
        <TextField
          label={postLabels.publishDate}
          name="publishDate"
          type="date"
          required
          defaultValue={values.publishDate}
          error={errors.publishDate}
        />
        <CoverField key={values.keptCover} current={values.keptCover} error={errors.cover} />
        <div className="lg:col-span-2">
          <label className="inline-flex items-center gap-2 font-medium">
            <input
              type="checkbox"
              name="published"
              defaultChecked={values.published}
              aria-describedby="published-hint"
              className="h-4 w-4"
            />
            {postLabels.published}
          </label>
          <p id="published-hint" className="mt-1 text-xs text-slate-600">
            Unticked, the post is a draft and not on the blog. A published post shows from its publish date.
          </p>
        </div>
        <div className="flex flex-wrap gap-3 lg:col-span-2">
          <button
            type="submit"
            name="intent"
            value="save"
            className="btn-primary"
            disabled={busy === "save"}
            aria-busy={busy === "save"}
          >
            {submitLabel}
          </button>
          <button
            type="submit"
            name="intent"
            value="preview"
            className="btn-outline"
            disabled={busy === "preview"}
            aria-busy={busy === "preview"}
          >
            Preview
          </button>
        </div>
      </Form>
      {previewHtml !== null && (
        <section
          aria-labelledby="post-preview-title"
          className="mt-10 rounded-2xl border border-dashed border-slate-300 p-4 sm:p-6"
        >
          <h2
            id="post-preview-title"
            ref={previewRef}
            tabIndex={-1}
            className="text-sm font-semibold uppercase tracking-wide text-slate-500"
          >
            Preview
          </h2>
          <p className="mt-1 text-xs text-slate-600">Not saved yet.</p>
          <h3 className="mt-4 text-3xl font-extrabold">{values.title || "(no title)"}</h3>
          {values.keptCover && (
            <Picture
              src={values.keptCover}
              alt=""
              width={1200}
              height={675}
              sizes="(min-width: 704px) 672px, 100vw"
              className="mt-4 aspect-video w-full max-w-2xl rounded-2xl object-cover"
            />
          )}
          <div className="post-body mt-6" dangerouslySetInnerHTML={{ __html: previewHtml }} />
        </section>
      )}
    </>
  );
}

import { data, Form } from "react-router";
import { TextAreaField, TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { formText } from "~/lib/form-data";
import { readForm } from "~/lib/form-data.server";
import { pageMeta } from "~/lib/meta";
import { fail, formFeedback, type FieldErrors, httpStatus } from "~/lib/result";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { claimFlag, reviewNotices } from "~/modules/admin/reviews/reviews-admin";
import {
  addReview,
  listReviewsForStaff,
  setReviewPublished,
} from "~/modules/admin/reviews/reviews-admin.service.server";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Reviews", "Customer reviews shown on the home page.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "content.edit");
  return { reviews: await listReviewsForStaff(context.db, staff) };
}

type Answer = { notice?: string; formError?: string | null; errors?: FieldErrors; values?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request, "content.edit");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "add") {
    const values = { quote: formText(form, "quote"), name: formText(form, "name"), company: formText(form, "company") };
    const added = await addReview(context.db, staff, { ...values, published: form.get("published") === "on" });
    if (!added.ok) {
      const { errors, formError } = formFeedback(added);
      return data<Answer>(
        { errors, formError: formError ?? reviewNotices.invalid, values },
        { status: httpStatus(added.code) },
      );
    }
    return { notice: reviewNotices.added } satisfies Answer;
  }
  const id = form.get("id");
  if (typeof id !== "string" || (intent !== "publish" && intent !== "hide"))
    throw data(fail("invalid", "Unknown action."), { status: httpStatus("invalid") });
  const done = await setReviewPublished(context.db, staff, id, intent === "publish");
  if (!done.ok) throw data(null, { status: httpStatus(done.code) });
  return { notice: intent === "publish" ? reviewNotices.published : reviewNotices.hidden } satisfies Answer;
}

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  const { reviews } = loaderData;
  return (
    <section aria-labelledby="reviews-title" className="space-y-6">
      <h1 id="reviews-title" className="text-2xl font-extrabold">
        Reviews
      </h1>
      <p className="max-w-3xl text-sm text-slate-600">
        Published reviews show in the home page's carousel. Reviews may speak of taste, delivery and service, but make
        no health, quitting or smoking-cessation claims (CAP Code 22.5): a review that uses such words is flagged here.
      </p>
      <FormAlert message={answer?.notice} tone="success" />
      {reviews.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-6 text-slate-700">No reviews yet.</p>
      ) : (
        <ul aria-label="Reviews" className="divide-y divide-slate-200 rounded-2xl border border-slate-200">
          {reviews.map((r) => (
            <li key={r.id} aria-label={`Review by ${r.name}`} className="space-y-2 p-4">
              <blockquote className="text-slate-800">“{r.quote}”</blockquote>
              <p className="text-sm text-slate-600">
                {r.name}
                {r.company ? `, ${r.company}` : ""} ·{" "}
                <span className="font-semibold">{r.published ? "Published" : "Hidden"}</span>
              </p>
              {r.claimWords.length > 0 && (
                <p className="rounded-lg bg-amber-50 p-2 text-sm font-medium text-amber-900">
                  <span aria-hidden="true">⚑ </span>
                  {claimFlag(r.claimWords)}
                </p>
              )}
              <Form method="post">
                <input type="hidden" name="id" value={r.id} />
                <button
                  type="submit"
                  name="intent"
                  value={r.published ? "hide" : "publish"}
                  className="rounded-lg border border-slate-300 px-3 py-1 text-sm font-semibold hover:bg-slate-50"
                >
                  {r.published ? "Hide" : "Publish"}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <section
        aria-labelledby="add-review-title"
        className="max-w-2xl space-y-4 rounded-2xl border border-slate-200 p-6"
      >
        <h2 id="add-review-title" className="text-lg font-bold">
          Add a review
        </h2>
        <FormAlert message={answer?.formError} />
        <Form method="post" className="space-y-4" noValidate>
          <TextAreaField
            label="Review"
            name="quote"
            rows={3}
            required
            defaultValue={answer?.values?.quote}
            error={answer?.errors?.quote}
          />
          <TextField
            label="Name"
            name="name"
            required
            defaultValue={answer?.values?.name}
            error={answer?.errors?.name}
          />
          <TextField
            label="Where from (optional)"
            name="company"
            defaultValue={answer?.values?.company}
            error={answer?.errors?.company}
          />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="published" defaultChecked /> Publish now
          </label>
          <button
            type="submit"
            name="intent"
            value="add"
            className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          >
            Add review
          </button>
        </Form>
      </section>
    </section>
  );
}

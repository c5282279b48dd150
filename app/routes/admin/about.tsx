import { data, Form } from "react-router";
import { Link } from "~/components/ui/link";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { formValues } from "~/lib/form-check";
import { readForm } from "~/lib/form-data.server";
import { pageMeta } from "~/lib/meta";
import { formFeedback, type FieldErrors, httpStatus } from "~/lib/result";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { FIGURE_SLOTS, FIGURE_SOURCES, figureSourceLabels, OFFER_SLOTS } from "~/modules/content/about";
import { aboutFormValues, readAboutSettings, saveAboutPage } from "~/modules/content/about.service.server";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "About page", "The About page's story, offers and figures.");

const slots = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const FIELDS = [
  "story",
  ...slots(OFFER_SLOTS).flatMap((i) => [`offer${i}Title`, `offer${i}Text`]),
  ...slots(FIGURE_SLOTS).flatMap((i) => [`figure${i}Source`, `figure${i}Value`, `figure${i}Label`]),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request, "content.edit");
  const settings = await readAboutSettings(context.db);
  return { values: aboutFormValues(settings), demo: settings.demo };
}

type Answer = { notice?: string; formError?: string | null; errors?: FieldErrors; values?: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request, "content.edit");
  const values = formValues(await readForm(request), FIELDS);
  const saved = await saveAboutPage(context.db, staff, values);
  if (!saved.ok) {
    const { errors, formError } = formFeedback(saved);
    return data<Answer>(
      { errors, formError: formError ?? "Please correct the fields marked below.", values },
      { status: httpStatus(saved.code) },
    );
  }
  return { notice: "About page saved." } satisfies Answer;
}

export default function AdminAbout({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  const values = answer?.values ?? loaderData.values;
  const errors = answer?.errors ?? {};
  const sourceOptions = FIGURE_SOURCES.map((value) => ({ value, label: figureSourceLabels[value] }));
  return (
    <section aria-labelledby="about-title" className="max-w-3xl space-y-6">
      <h1 id="about-title" className="text-2xl font-extrabold">
        About page
      </h1>
      <p className="text-sm text-slate-600">
        What{" "}
        <Link to="/about" className="font-semibold text-brand-700 underline">
          the About page
        </Link>{" "}
        says. Every figure must be true: count it from the shop's own data, or write one you can stand behind. A figure
        set to 'Not shown' is left out, and so is a count of nothing. Offers left empty show the shop's own.
        {loaderData.demo && " It tells the demo shop's story until you save your own."}
      </p>
      <FormAlert message={answer?.notice} tone="success" />
      <FormAlert message={answer?.formError} />
      <Form method="post" className="space-y-8" noValidate>
        <TextAreaField
          label="Our story"
          name="story"
          rows={6}
          defaultValue={values.story}
          error={errors.story}
          placeholder="How the shop started, in a few paragraphs (a blank line between them)."
        />
        <fieldset className="space-y-4">
          <legend className="text-lg font-bold">What we offer</legend>
          {slots(OFFER_SLOTS).map((i) => (
            <div key={i} className="grid gap-3 rounded-xl border border-slate-200 p-4">
              <TextField
                label={`Offer ${i} title`}
                name={`offer${i}Title`}
                defaultValue={values[`offer${i}Title`]}
                error={errors[`offer${i}Title`]}
              />
              <TextAreaField
                label={`Offer ${i} text`}
                name={`offer${i}Text`}
                rows={2}
                defaultValue={values[`offer${i}Text`]}
                error={errors[`offer${i}Text`]}
              />
            </div>
          ))}
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="text-lg font-bold">Figures</legend>
          {slots(FIGURE_SLOTS).map((i) => (
            <div key={i} className="grid gap-3 rounded-xl border border-slate-200 p-4 sm:grid-cols-3">
              <SelectField
                label={`Figure ${i} shows`}
                name={`figure${i}Source`}
                options={sourceOptions}
                defaultValue={values[`figure${i}Source`]}
                error={errors[`figure${i}Source`]}
              />
              <TextField
                label={`Figure ${i} value`}
                name={`figure${i}Value`}
                defaultValue={values[`figure${i}Value`]}
                error={errors[`figure${i}Value`]}
              />
              <TextField
                label={`Figure ${i} label`}
                name={`figure${i}Label`}
                defaultValue={values[`figure${i}Label`]}
                error={errors[`figure${i}Label`]}
              />
            </div>
          ))}
        </fieldset>
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Save the About page
        </button>
      </Form>
    </section>
  );
}

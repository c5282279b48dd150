import { data, Form, redirect } from "react-router";
import { FormAlert } from "~/components/ui/form-alert";
import { AuthCard, SubmitButton } from "~/components/account/auth-card";
import { TextField } from "~/components/ui/field";
import { safeLocalPath } from "~/lib/cookies";
import { pageMeta } from "~/lib/meta";
import { finishAccountAction } from "~/modules/accounts/account.action.server";
import { accountMessages, ADULT_AGE, ageOn } from "~/modules/accounts/accounts";
import { formValues } from "~/lib/form-check";
import { setDateOfBirth } from "~/modules/accounts/accounts.service.server";
import { requireUser } from "~/modules/accounts/session.service.server";
import type { Route } from "./+types/account-date-of-birth";
import { readForm } from "~/lib/form-data.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Your date of birth", "We sell only to adults aged 18 and over.");

/** Asked once of accounts made with Google (which gives no date of birth), before they can reach the cart. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const redirectTo = safeLocalPath(new URL(request.url).searchParams.get("redirectTo"));
  if (user.dateOfBirth && ageOn(user.dateOfBirth) >= ADULT_AGE) throw redirect(redirectTo);
  return data({ redirectTo, refused: Boolean(user.dateOfBirth) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  if (user.dateOfBirth) throw redirect("/account/date-of-birth");
  const form = await readForm(request);
  const values = formValues(form, ["dateOfBirth"]);
  return finishAccountAction(
    await setDateOfBirth(context, request, values),
    safeLocalPath(String(form.get("redirectTo") ?? "")),
    values,
  );
}

export default function DateOfBirth({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.refused) {
    return (
      <AuthCard title="Your date of birth">
        <FormAlert message={accountMessages.underage} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Your date of birth">
      <Form method="post" className="space-y-4" noValidate>
        <p className="text-sm text-slate-600">
          We sell nicotine products only to adults aged 18 and over. Please tell us your date of birth once before you
          order.
        </p>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <TextField
          label="Date of birth"
          name="dateOfBirth"
          type="date"
          autoComplete="bday"
          required
          defaultValue={actionData?.values.dateOfBirth}
          error={actionData?.errors.dateOfBirth}
        />
        <SubmitButton label="Continue" />
      </Form>
    </AuthCard>
  );
}

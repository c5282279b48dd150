import { Form, Link, redirect } from "react-router";
import { AuthCard, FormAlert, GoogleButton, SubmitButton } from "~/components/account/auth-card";
import { TextField } from "~/components/ui/field";
import { safeLocalPath } from "~/lib/cookies";
import { pageMeta } from "~/lib/meta";
import { finishAccountAction } from "~/modules/accounts/account-action.server";
import { formValues } from "~/modules/accounts/accounts";
import { signUp } from "~/modules/accounts/accounts.service.server";
import { getSessionUser } from "~/modules/accounts/session.server";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Create an account", "Create your account to order online.");

const FIELDS = ["firstName", "lastName", "email", "password", "dateOfBirth", "terms"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeLocalPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await getSessionUser(context, request)) throw redirect(redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form, FIELDS);
  const result = await signUp(context, request, values);
  return finishAccountAction(result, safeLocalPath(String(form.get("redirectTo") ?? "")), values);
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  const signInHref = loaderData.redirectTo === "/" ? "/signin" : `/signin?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`;
  return (
    <AuthCard title="Create an account" footer={<>Already have an account? <Link to={signInHref} className="font-semibold text-brand-700 hover:underline">Sign in</Link></>}>
      <Form method="post" className="space-y-4" noValidate>
        <FormAlert message={actionData?.formError} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" name="firstName" autoComplete="given-name" maxLength={100} defaultValue={values.firstName} error={errors.firstName} />
          <TextField label="Last name" name="lastName" autoComplete="family-name" maxLength={100} defaultValue={values.lastName} error={errors.lastName} />
        </div>
        <TextField label="Email" name="email" type="email" autoComplete="email" required maxLength={254} defaultValue={values.email} error={errors.email} />
        <TextField label="Password" name="password" type="password" autoComplete="new-password" required minLength={8} maxLength={128} placeholder="Min. 8 characters" error={errors.password} />
        <TextField label="Date of birth" name="dateOfBirth" type="date" autoComplete="bday" required defaultValue={values.dateOfBirth} error={errors.dateOfBirth} />
        <div>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="terms" className="mt-0.5 h-4 w-4 accent-brand-600" defaultChecked={values.terms === "on"}
              aria-invalid={errors.terms ? true : undefined} aria-describedby={errors.terms ? "terms-error" : undefined} />
            <span>I am 18 or over and accept the <Link to="/info/terms-of-use" className="text-brand-700 underline">terms of use</Link></span>
          </label>
          {errors.terms && <p id="terms-error" className="mt-1 text-sm text-rose-700">{errors.terms}</p>}
        </div>
        <SubmitButton label="Create my account" />
      </Form>
      <GoogleButton label="Sign up with Google" redirectTo={loaderData.redirectTo} />
    </AuthCard>
  );
}

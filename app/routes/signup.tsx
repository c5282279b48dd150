import { Form, redirect } from "react-router";
import { Link } from "~/components/ui/link";
import { FormAlert } from "~/components/ui/form-alert";
import { AuthCard, GoogleButton, SignInReasonNotice, SubmitButton } from "~/components/account/auth-card";
import { TextField } from "~/components/ui/field";
import { safeLocalPath } from "~/lib/cookies";
import { pageMeta } from "~/lib/meta";
import { finishAccountAction } from "~/modules/accounts/account.action.server";
import { formText } from "~/lib/form-data";
import { accountMessages } from "~/modules/accounts/accounts";
import { formValues } from "~/lib/form-check";
import { signUp } from "~/modules/accounts/accounts.service.server";
import { getSessionUser } from "~/modules/accounts/session.service.server";
import { authPageHref, readSignInReason, signInReasons } from "~/modules/accounts/sign-in-reason";
import type { Route } from "./+types/signup";
import { readForm } from "~/lib/form-data.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Create an account", "Create your account to order online.");

const FIELDS = ["firstName", "lastName", "email", "password", "dateOfBirth", "terms"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeLocalPath(url.searchParams.get("redirectTo"));
  if (await getSessionUser(context, request)) throw redirect(redirectTo);
  // Sent on from the sign-in page: the same reason, so the notice stays (a value not on the list shows nothing).
  const reason = readSignInReason(url.searchParams.get("reason"));
  return { redirectTo, reason, reasonText: reason ? signInReasons[reason] : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = formValues(form, FIELDS);
  const result = await signUp(context, request, values, safeLocalPath(formText(form, "redirectTo")));
  // The same answer whether or not the address already has an account (docs/decisions/013).
  if (result.ok) return { sentTo: values.email!.trim(), errors: {}, formError: null, values: {} };
  return finishAccountAction(result, "/", values);
}

/** After sign-up: the link is on its way (the same page for a new and a taken address). */
function CheckYourEmail({ email }: { email: string }) {
  return (
    <AuthCard title="Check your e-mail">
      <div role="status" className="space-y-3 text-slate-700">
        <p className="font-semibold">{accountMessages.checkEmail}</p>
        <p>
          We have sent a message to <strong className="break-all">{email}</strong>. Open the link in it within 24 hours
          to confirm your address; it signs you in.
        </p>
        <p className="text-sm text-slate-600">
          Nothing there after a few minutes? Look in your spam folder, or{" "}
          <Link to="/signup" reloadDocument className="text-brand-700 underline">
            try again
          </Link>
          .
        </p>
      </div>
    </AuthCard>
  );
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData && "sentTo" in actionData) return <CheckYourEmail email={actionData.sentTo} />;
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  const signInHref = authPageHref("/signin", loaderData.redirectTo, loaderData.reason);
  return (
    <AuthCard
      title="Create an account"
      footer={
        <>
          Already have an account?{" "}
          <Link to={signInHref} className="font-semibold text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <SignInReasonNotice message={loaderData.reasonText} />
      <Form method="post" className="space-y-4" noValidate>
        <FormAlert message={actionData?.formError} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            maxLength={100}
            defaultValue={values.firstName}
            error={errors.firstName}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            maxLength={100}
            defaultValue={values.lastName}
            error={errors.lastName}
          />
        </div>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={values.email}
          error={errors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          placeholder="Min. 8 characters"
          error={errors.password}
        />
        <TextField
          label="Date of birth"
          name="dateOfBirth"
          type="date"
          autoComplete="bday"
          required
          defaultValue={values.dateOfBirth}
          error={errors.dateOfBirth}
        />
        <div>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name="terms"
              className="mt-0.5 h-4 w-4 accent-brand-600"
              defaultChecked={values.terms === "on"}
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? "terms-error" : undefined}
            />
            <span>
              I am 18 or over and accept the{" "}
              <Link to="/info/terms-of-use" className="text-brand-700 underline">
                terms of use
              </Link>
            </span>
          </label>
          {errors.terms && (
            <p id="terms-error" className="mt-1 text-sm text-rose-700">
              {errors.terms}
            </p>
          )}
        </div>
        <SubmitButton label="Create my account" />
      </Form>
      <GoogleButton label="Sign up with Google" redirectTo={loaderData.redirectTo} />
    </AuthCard>
  );
}

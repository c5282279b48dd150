import { useEffect, useRef } from "react";
import { FormAlert } from "~/components/ui/form-alert";
import { dataRightsMessages } from "~/modules/data-rights/data-rights";
import { Form, redirect } from "react-router";
import { Link } from "~/components/ui/link";
import { AuthCard, GoogleButton, SignInReasonNotice, SubmitButton } from "~/components/account/auth-card";
import { TextField } from "~/components/ui/field";
import { safeLocalPath } from "~/lib/cookies";
import { pageMeta } from "~/lib/meta";
import { finishAccountAction } from "~/modules/accounts/account.action.server";
import { accountMessages } from "~/modules/accounts/accounts";
import { formValues } from "~/lib/form-check";
import { signIn } from "~/modules/accounts/accounts.service.server";
import { getSessionUser } from "~/modules/accounts/session.service.server";
import { authPageHref, readSignInReason, signInReasons } from "~/modules/accounts/sign-in-reason";
import type { Route } from "./+types/signin";
import { readForm } from "~/lib/form-data.server";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Sign in", "Sign in to your account.");

const notices: Record<string, string> = {
  reset: "Your password has been changed. Please sign in with the new one.",
  "signed-out": "You have been signed out.",
  google: "Signing in with Google did not work. Please try again.",
  "email-confirmed": accountMessages.emailConfirmed,
  "account-deleted": dataRightsMessages.deleted,
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeLocalPath(url.searchParams.get("redirectTo"));
  // Already signed in (e.g. the header's link on a page without JavaScript): on to where they were going, or the account.
  if (await getSessionUser(context, request))
    throw redirect(url.searchParams.has("redirectTo") ? redirectTo : "/account");
  const reason = readSignInReason(url.searchParams.get("reason"));
  return {
    redirectTo,
    reason,
    reasonText: reason ? signInReasons[reason] : null,
    notice: notices[url.searchParams.get("notice") ?? ""] ?? null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = formValues(form, ["email", "password"]);
  const redirectTo = safeLocalPath(String(form.get("redirectTo") ?? ""));
  const result = await signIn(context, request, {
    email: values.email!,
    password: values.password!,
    rememberMe: form.get("rememberMe") === "on",
  });
  if (result.ok && result.twoFactor)
    return redirect(`/signin/two-factor?redirectTo=${encodeURIComponent(redirectTo)}`, { headers: result.headers });
  return finishAccountAction(result, redirectTo, values);
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, reason, reasonText, notice } = loaderData;
  const password = useRef<HTMLInputElement>(null);
  // A refused password is not left in the form.
  useEffect(() => {
    if (actionData && password.current) password.current.value = "";
  }, [actionData]);
  const signUpHref = authPageHref("/signup", redirectTo, reason);
  return (
    <AuthCard
      title="Sign in"
      footer={
        <>
          New here?{" "}
          <Link to={signUpHref} className="font-semibold text-brand-700 hover:underline">
            Create an account
          </Link>
        </>
      }
    >
      <SignInReasonNotice message={reasonText} />
      <Form method="post" className="space-y-4" noValidate>
        <FormAlert message={notice} tone="success" />
        <FormAlert message={actionData?.formError} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={actionData?.values.email}
          error={actionData?.errors.email}
        />
        <TextField
          ref={password}
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={128}
          error={actionData?.errors.password}
        />
        <div className="flex items-center justify-between text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" name="rememberMe" className="h-4 w-4 accent-brand-600" /> Remember me
          </label>
          <Link to="/forget-password" className="text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </div>
        <SubmitButton label="Sign in" />
      </Form>
      <GoogleButton label="Sign in with Google" redirectTo={redirectTo} />
    </AuthCard>
  );
}

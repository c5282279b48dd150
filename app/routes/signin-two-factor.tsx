import { data, Form, redirect } from "react-router";
import { Link } from "~/components/ui/link";
import { formFeedback, httpStatus } from "~/lib/result";
import { FormAlert } from "~/components/ui/form-alert";
import { AuthCard, SubmitButton } from "~/components/account/auth-card";
import { TextField } from "~/components/ui/field";
import { safeLocalPath } from "~/lib/cookies";
import { readForm } from "~/lib/form-data.server";
import { pageMeta } from "~/lib/meta";
import { formValues } from "~/lib/form-check";
import { getSessionUser } from "~/modules/accounts/session.service.server";
import { twoFactorMessages } from "~/modules/accounts/two-factor";
import { verifySecondFactor } from "~/modules/accounts/two-factor.service.server";
import type { Route } from "./+types/signin-two-factor";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Two-factor sign-in", "Enter the code from your authenticator app.");

/** The code step after the password (or before the back office, for a session that has not proved it). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeLocalPath(url.searchParams.get("redirectTo"));
  const user = await getSessionUser(context, request);
  if (user?.secondFactor || (user && !user.twoFactorEnabled)) throw redirect(redirectTo);
  return { redirectTo, notice: redirectTo.startsWith("/admin") && user ? twoFactorMessages.staffMustVerify : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const kind = form.get("intent") === "recovery" ? "recovery" : "totp";
  const values = formValues(form, ["code", "recoveryCode"]);
  const result = await verifySecondFactor(context, request, values, kind);
  if (result.ok) return redirect(safeLocalPath(String(form.get("redirectTo") ?? "")), { headers: result.headers });
  return data({ kind, ...formFeedback(result) }, { status: httpStatus(result.code) });
}

export default function SignInTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo, notice } = loaderData;
  const errors = actionData?.errors ?? {};
  return (
    <AuthCard
      title="Two-factor sign-in"
      footer={
        <>
          Lost your phone and your recovery codes?{" "}
          <Link to="/contactus" className="font-semibold text-brand-700 hover:underline">
            Contact us
          </Link>
        </>
      }
    >
      <FormAlert message={notice} tone="success" />
      <FormAlert message={actionData?.formError} />
      <Form method="post" className="mt-4 space-y-4" noValidate aria-label="Sign in with a code">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {/* The page asks for one thing, the code: the cursor waits in its field, as authenticator prompts do. */}
        <TextField
          label="Code from your authenticator app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          error={errors.code}
        />
        <SubmitButton label="Verify" intent="totp" />
      </Form>
      <details className="mt-6 text-sm" open={actionData?.kind === "recovery"}>
        <summary className="cursor-pointer font-semibold text-brand-700">Use a recovery code instead</summary>
        <Form method="post" className="mt-3 space-y-4" noValidate aria-label="Sign in with a recovery code">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <TextField
            label="Recovery code"
            name="recoveryCode"
            autoComplete="off"
            maxLength={40}
            required
            error={errors.recoveryCode}
          />
          <SubmitButton label="Use recovery code" intent="recovery" />
        </Form>
      </details>
    </AuthCard>
  );
}

import { data, Form } from "react-router";
import { Link } from "~/components/ui/link";
import { formFeedback, httpStatus } from "~/lib/result";
import { FormAlert } from "~/components/ui/form-alert";
import { AuthCard, SubmitButton } from "~/components/account/auth-card";
import { TextField } from "~/components/ui/field";
import { pageMeta } from "~/lib/meta";
import { accountMessages } from "~/modules/accounts/accounts";
import { formValues } from "~/lib/form-check";
import { requestPasswordReset } from "~/modules/accounts/accounts.service.server";
import type { Route } from "./+types/forget-password";
import { readForm } from "~/lib/form-data.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Forgot password", "Get a link to choose a new password.");

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await readForm(request), ["email"]);
  const result = await requestPasswordReset(context, values);
  if (result.ok) return { sent: accountMessages.resetSent, errors: {}, formError: null, values: {} };
  return data({ sent: null, ...formFeedback(result), values }, { status: httpStatus(result.code) });
}

export default function ForgetPassword({ actionData }: Route.ComponentProps) {
  return (
    <AuthCard
      title="Forgot password"
      footer={
        <Link to="/signin" className="font-semibold text-brand-700 hover:underline">
          Back to sign in
        </Link>
      }
    >
      {actionData?.sent ? (
        <FormAlert message={actionData.sent} tone="success" />
      ) : (
        <Form method="post" className="space-y-4" noValidate>
          <p className="text-sm text-slate-600">
            Enter the email of your account and we will send you a link to choose a new password.
          </p>
          <FormAlert message={actionData?.formError} />
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
          <SubmitButton label="Send reset link" />
        </Form>
      )}
    </AuthCard>
  );
}

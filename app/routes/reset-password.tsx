import { Form } from "react-router";
import { Link } from "~/components/ui/link";
import { FormAlert } from "~/components/ui/form-alert";
import { AuthCard, SubmitButton } from "~/components/account/auth-card";
import { TextField } from "~/components/ui/field";
import { pageMeta } from "~/lib/meta";
import { finishAccountAction } from "~/modules/accounts/account.action.server";
import { accountMessages } from "~/modules/accounts/accounts";
import { formValues } from "~/lib/form-check";
import { resetPassword } from "~/modules/accounts/accounts.service.server";
import type { Route } from "./+types/reset-password";
import { readForm } from "~/lib/form-data.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Choose a new password", "Choose a new password for your account.");

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await readForm(request), ["token", "password"]);
  return finishAccountAction(await resetPassword(context, values), "/signin?notice=reset", values);
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const footer = (
    <Link to="/forget-password" className="font-semibold text-brand-700 hover:underline">
      Ask for a new link
    </Link>
  );
  if (!loaderData.token) {
    return (
      <AuthCard title="Choose a new password" footer={footer}>
        <FormAlert message={accountMessages.resetInvalid} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" footer={footer}>
      <Form method="post" className="space-y-4" noValidate>
        <FormAlert message={actionData?.formError} />
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          placeholder="Min. 8 characters"
          error={actionData?.errors.password}
        />
        <SubmitButton label="Reset password" />
      </Form>
    </AuthCard>
  );
}

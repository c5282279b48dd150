import { Form } from "react-router";
import { Link } from "~/components/ui/link";
import { FormAlert } from "~/components/ui/form-alert";
import { SubmitButton } from "~/components/account/auth-card";
import { CheckboxField, TextField } from "~/components/ui/field";
import { RECENT_SIGN_IN_MINUTES } from "~/modules/data-rights/data-rights";

/** 'Download my data' and 'Delete my account' (UK GDPR), at the foot of the account page. */
export function YourData({
  hasPassword,
  errors,
  formError,
}: {
  hasPassword: boolean;
  errors: Record<string, string>;
  formError: string | null;
}) {
  return (
    <section aria-labelledby="data-title" className="mt-10 rounded-2xl border border-slate-200 p-6">
      <h2 id="data-title" className="text-xl font-bold">
        Your data
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        A copy of everything we hold about you: your details, addresses, orders, wishlist, cart and the messages you
        sent us while signed in, as a JSON file. How we use it is in our{" "}
        <Link to="/info/privacy" className="text-brand-700 underline">
          privacy notice
        </Link>
        .
      </p>
      <a href="/account/data" download className="btn-outline mt-4">
        Download my data
      </a>

      <h3 id="delete-title" className="mt-8 text-lg font-bold">
        Delete my account
      </h3>
      <p className="mt-2 text-sm text-slate-600">
        This erases your details, addresses, wishlist and cart, and signs you out everywhere. It cannot be undone. We
        keep your past orders for our accounts, without your name, e-mail or address. Orders still on their way must be
        delivered or cancelled first.
      </p>
      <div className="mt-4">
        <FormAlert message={formError} />
      </div>
      <Form method="post" className="mt-4 grid gap-4 sm:max-w-md" noValidate aria-labelledby="delete-title">
        {hasPassword ? (
          <TextField
            label="Your password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={128}
            error={errors.password}
          />
        ) : (
          <p className="text-sm text-slate-600">
            You sign in with Google: you can delete your account within {RECENT_SIGN_IN_MINUTES} minutes of signing in.
          </p>
        )}
        <CheckboxField label="I understand that my account is deleted for good" name="confirm" error={errors.confirm} />
        <div className="sm:max-w-xs">
          <SubmitButton label="Delete my account" intent="delete-account" />
        </div>
      </Form>
    </section>
  );
}

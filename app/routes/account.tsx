import { data, Form, redirect } from "react-router";
import { Link } from "~/components/ui/link";
import { formatBirthDate } from "~/lib/shop-time";
import { FormAlert } from "~/components/ui/form-alert";
import { SubmitButton } from "~/components/account/auth-card";
import { TextField } from "~/components/ui/field";
import { pageMeta } from "~/lib/meta";
import { finishAccountAction } from "~/modules/accounts/account.action.server";
import { accountMessages } from "~/modules/accounts/accounts";
import { formValues } from "~/lib/form-check";
import { changePassword, signOutEverywhere, updateProfile } from "~/modules/accounts/accounts.service.server";
import { hasPasswordLogin, requireUser } from "~/modules/accounts/session.service.server";
import type { Route } from "./+types/account";
import { AgeCheckStatus } from "~/components/account/age-check-status";
import { ageVerificationOf } from "~/modules/age-checks/age-checks.service.server";
import { ageDocumentWaiting } from "~/modules/age-checks/age-documents.service.server";
import { readForm } from "~/lib/form-data.server";
import { YourData } from "~/components/account/your-data";
import { deleteAccount } from "~/modules/data-rights/data-rights.service.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Your account", "Your details, password and sessions.");

const notices: Record<string, string> = {
  profile: accountMessages.profileSaved,
  password: accountMessages.passwordChanged,
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const notice = notices[new URL(request.url).searchParams.get("notice") ?? ""] ?? null;
  const hasPassword = await hasPasswordLogin(context.db, user.id);
  const age = await ageVerificationOf(context.db, user.id);
  const documentWaiting = age.status === "pending" && (await ageDocumentWaiting(context.db, user.id));
  const newPhotoReason = age.status === "pending" ? (age.newPhoto?.reason ?? null) : null;
  return data({ user, notice, hasPassword, ageStatus: age.status, documentWaiting, newPhotoReason });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "profile") {
    const values = formValues(form, ["intent", "firstName", "lastName"]);
    return finishAccountAction(await updateProfile(context, request, values), "/account?notice=profile", values);
  }
  if (intent === "password") {
    const values = formValues(form, ["intent", "currentPassword", "newPassword"]);
    return finishAccountAction(await changePassword(context, request, values), "/account?notice=password", values);
  }
  if (intent === "delete-account") {
    const values = formValues(form, ["intent", "password", "confirm"]);
    const result = await deleteAccount(context, request, user, values);
    if (result.ok) return redirect("/signin?notice=account-deleted", { headers: result.headers });
    return finishAccountAction(result, "/account", values);
  }
  if (intent === "signout-all") {
    return redirect("/signin?notice=signed-out", { headers: await signOutEverywhere(context, request) });
  }
  throw data(null, { status: 400 });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { user, notice, hasPassword, ageStatus, documentWaiting, newPhotoReason } = loaderData;
  const profileErrors = actionData?.values.intent === "profile" ? actionData.errors : {};
  const passwordErrors = actionData?.values.intent === "password" ? actionData.errors : {};
  const deleting = actionData?.values.intent === "delete-account" ? actionData : null;
  return (
    <div className="container-page max-w-3xl py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold">Your account</h1>
        <div className="flex flex-wrap gap-2">
          {user.role === "staff" && (
            <Link to="/admin" className="btn-primary">
              Back office
            </Link>
          )}
          <Link to="/account/orders" className="btn-outline">
            Your orders
          </Link>
        </div>
      </div>
      <div className="mt-4">
        <FormAlert message={notice} tone="success" />
      </div>
      <dl className="mt-6 grid gap-4 rounded-2xl bg-slate-50 p-6 sm:grid-cols-3">
        <div>
          <dt className="text-sm text-slate-500">Name</dt>
          <dd className="font-semibold">{user.name}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">Email</dt>
          <dd className="font-semibold break-all">{user.email}</dd>
        </div>
        <div>
          <dt className="text-sm text-slate-500">Date of birth</dt>
          <dd className="font-semibold">
            {user.dateOfBirth ? (
              formatBirthDate(user.dateOfBirth)
            ) : (
              <Link to="/account/date-of-birth" className="text-brand-700 underline">
                Add it
              </Link>
            )}
          </dd>
        </div>
      </dl>
      {user.role === "customer" && (
        <AgeCheckStatus status={ageStatus} documentWaiting={documentWaiting} newPhotoReason={newPhotoReason} />
      )}

      <section aria-labelledby="profile-title" className="mt-10">
        <h2 id="profile-title" className="text-xl font-bold">
          Change your name
        </h2>
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
          <TextField
            label="First name"
            name="firstName"
            required
            maxLength={100}
            defaultValue={user.firstName ?? ""}
            error={profileErrors.firstName}
          />
          <TextField
            label="Last name"
            name="lastName"
            maxLength={100}
            defaultValue={user.lastName ?? ""}
            error={profileErrors.lastName}
          />
          <div className="sm:col-span-2 sm:max-w-xs">
            <SubmitButton label="Save name" intent="profile" />
          </div>
        </Form>
      </section>

      {hasPassword ? (
        <section aria-labelledby="password-title" className="mt-10">
          <h2 id="password-title" className="text-xl font-bold">
            Change your password
          </h2>
          <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
            <TextField
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              maxLength={128}
              error={passwordErrors.currentPassword}
            />
            <TextField
              label="New password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              maxLength={128}
              placeholder="Min. 8 characters"
              error={passwordErrors.newPassword}
            />
            <div className="sm:col-span-2 sm:max-w-xs">
              <SubmitButton label="Change password" intent="password" />
            </div>
          </Form>
        </section>
      ) : (
        <p className="mt-10 text-sm text-slate-600">
          You sign in with Google. To sign in with a password as well,{" "}
          <Link to="/forget-password" className="text-brand-700 underline">
            set one by e-mail
          </Link>
          .
        </p>
      )}

      <section aria-labelledby="two-factor-title" className="mt-10">
        <h2 id="two-factor-title" className="text-xl font-bold">
          Two-factor sign-in
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          {user.twoFactorEnabled
            ? "On: you sign in with a code from your authenticator app as well as your password."
            : "Off: add a code from an authenticator app to your password, so a stolen password is not enough."}
        </p>
        <Link to="/account/two-factor" className="btn-outline mt-4">
          {user.twoFactorEnabled ? "Manage two-factor sign-in" : "Set up two-factor sign-in"}
        </Link>
      </section>

      <section aria-labelledby="sessions-title" className="mt-10">
        <h2 id="sessions-title" className="text-xl font-bold">
          Devices
        </h2>
        <p className="mt-2 text-sm text-slate-600">
          Signed in on a shared or lost device? End every session, this one too.
        </p>
        <Form method="post" className="mt-4 sm:max-w-xs">
          <SubmitButton label="Sign out of all devices" intent="signout-all" />
        </Form>
      </section>

      {user.role === "customer" && (
        <YourData hasPassword={hasPassword} errors={deleting?.errors ?? {}} formError={deleting?.formError ?? null} />
      )}
    </div>
  );
}

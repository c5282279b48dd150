import { data, Form, redirect } from "react-router";
import { AuthCard, SubmitButton } from "~/components/account/auth-card";
import { TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { Link } from "~/components/ui/link";
import { formValues } from "~/lib/form-check";
import { readForm } from "~/lib/form-data.server";
import { pageMeta } from "~/lib/meta";
import { formFeedback, httpStatus, type FieldErrors } from "~/lib/result";
import { signIn } from "~/modules/accounts/accounts.service.server";
import { staffRoles } from "~/modules/accounts/permissions";
import { getSessionUser } from "~/modules/accounts/session.service.server";
import { staffMessages } from "~/modules/accounts/staff-management";
import {
  acceptAsNewAccount,
  acceptAsSignedIn,
  openInvitation,
} from "~/modules/accounts/staff-management.service.server";
import type { Route } from "./+types/staff-invitation";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Join the staff", "Accept an invitation to join the shop's staff.");

/** Where a new member of staff goes: two-factor sign-in first, then the back office. */
const afterAccepting = "/account/two-factor?redirectTo=%2Fadmin";

type State = "new" | "sign-in" | "other-account" | "ready" | "already-staff";

/**
 * An invitation's link (issue 63): a new address chooses its name and password; an address with an account signs in
 * as it first. A link unknown, expired, revoked or used says so (410), and guessing links is rate-limited.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const opened = await openInvitation(context, params.token);
  if (!opened.ok)
    return data(
      { gone: opened.message, state: null, email: "", roles: "" },
      { status: opened.code === "too-many" ? 429 : 410 },
    );
  const { email, roles, hasAccount } = opened.invitation;
  const user = await getSessionUser(context, request);
  const signedInAs = user?.email.toLowerCase();
  const state: State =
    signedInAs && signedInAs !== email
      ? "other-account"
      : !hasAccount
        ? "new"
        : !user
          ? "sign-in"
          : user.role === "staff"
            ? "already-staff"
            : "ready";
  return { gone: null, state, email, roles: roles.map((r) => staffRoles[r].label).join(", ") };
}

type Answer = { formError?: string | null; errors?: FieldErrors; values?: Record<string, string> };

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await readForm(request);
  const opened = await openInvitation(context, params.token);
  if (!opened.ok) return data<Answer>({ formError: opened.message }, { status: httpStatus(opened.code) });
  const user = await getSessionUser(context, request);
  if (opened.invitation.hasAccount || user) {
    const accepted = await acceptAsSignedIn(context, user, params.token);
    if (!accepted.ok) return data<Answer>(formFeedback(accepted), { status: httpStatus(accepted.code) });
    throw redirect(user?.twoFactorEnabled ? "/admin" : afterAccepting);
  }
  const values = formValues(form, ["firstName", "lastName", "password"]);
  const accepted = await acceptAsNewAccount(context, params.token, values);
  if (!accepted.ok)
    return data<Answer>(
      { ...formFeedback(accepted), values: { firstName: values.firstName!, lastName: values.lastName! } },
      { status: httpStatus(accepted.code) },
    );
  const signedIn = await signIn(context, request, {
    email: accepted.email,
    password: values.password!,
    rememberMe: false,
  });
  throw redirect(
    signedIn.ok ? afterAccepting : "/signin?redirectTo=%2Fadmin",
    signedIn.ok ? { headers: signedIn.headers } : undefined,
  );
}

export default function StaffInvitation({ loaderData, actionData, params }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  const { gone, state, email, roles } = loaderData;
  if (gone || !state)
    return (
      <AuthCard title="Join the staff">
        <FormAlert message={gone ?? staffMessages.invitationGone} />
      </AuthCard>
    );
  const here = `/staff-invitation/${params.token}`;
  return (
    <AuthCard title="Join the staff">
      <p className="text-slate-700">
        You are invited to join the shop's staff as <strong>{email}</strong>, with the role(s) {roles}.
      </p>
      <FormAlert message={answer?.formError} />
      {state === "other-account" && <FormAlert message={staffMessages.otherAccount(email)} />}
      {state === "already-staff" && <FormAlert message={staffMessages.alreadyStaff(email)} />}
      {state === "sign-in" && (
        <p className="text-slate-700">
          {staffMessages.signInFirst(email)}{" "}
          <Link
            to={`/signin?redirectTo=${encodeURIComponent(here)}`}
            className="font-semibold text-brand-700 hover:underline"
          >
            Sign in as {email}
          </Link>
        </p>
      )}
      {state === "ready" && (
        <Form method="post" className="space-y-4">
          <p className="text-slate-700">Your account stays as it is (its orders and password); it becomes staff.</p>
          <SubmitButton label="Accept invitation" />
        </Form>
      )}
      {state === "new" && (
        <Form method="post" className="space-y-4" noValidate>
          <TextField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            required
            defaultValue={answer?.values?.firstName}
            error={answer?.errors?.firstName}
          />
          <TextField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            required
            defaultValue={answer?.values?.lastName}
            error={answer?.errors?.lastName}
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
            error={answer?.errors?.password}
          />
          <SubmitButton label="Accept invitation" />
        </Form>
      )}
    </AuthCard>
  );
}

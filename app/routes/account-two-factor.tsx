import { data, Form, redirect } from "react-router";
import { Link } from "~/components/ui/link";
import { formFeedback, httpStatus } from "~/lib/result";
import { FormAlert } from "~/components/ui/form-alert";
import { SubmitButton } from "~/components/account/auth-card";
import { TwoFactorSetup } from "~/components/account/two-factor-setup";
import { TextField } from "~/components/ui/field";
import { safeLocalPath } from "~/lib/cookies";
import { readForm } from "~/lib/form-data.server";
import { pageMeta } from "~/lib/meta";
import { formValues } from "~/lib/form-check";
import { hasPasswordLogin, requireUser } from "~/modules/accounts/session.service.server";
import { twoFactorMessages } from "~/modules/accounts/two-factor";
import {
  pendingSetup,
  startTwoFactorSetup,
  turnOffTwoFactor,
  verifySecondFactor,
} from "~/modules/accounts/two-factor.service.server";
import type { Route } from "./+types/account-two-factor";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Two-factor sign-in", "Sign in with a code from an authenticator app as well as your password.");

const notices: Record<string, string> = { on: twoFactorMessages.turnedOn, off: twoFactorMessages.turnedOff };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const url = new URL(request.url);
  const redirectTo = safeLocalPath(url.searchParams.get("redirectTo") ?? "/account/two-factor");
  const staffMustSetUp = user.role === "staff" && !user.twoFactorEnabled;
  return {
    enabled: Boolean(user.twoFactorEnabled),
    staff: user.role === "staff",
    hasPassword: await hasPasswordLogin(context.db, user.id),
    redirectTo,
    notice: staffMustSetUp ? twoFactorMessages.staffMustSetUp : (notices[url.searchParams.get("notice") ?? ""] ?? null),
  };
}

/** start (password → QR code and recovery codes), confirm (the first code turns it on), off (customers, password). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = await readForm(request);
  const intent = form.get("intent");
  const redirectTo = safeLocalPath(String(form.get("redirectTo") ?? "/account/two-factor"));
  if (intent === "start") {
    const started = await startTwoFactorSetup(context, request, formValues(form, ["password"]));
    if (!started.ok)
      return data({ intent, ...formFeedback(started), setup: null }, { status: httpStatus(started.code) });
    return {
      intent,
      errors: {},
      formError: null,
      setup: { totpUri: started.totpUri, qrCode: started.qrCode, recoveryCodes: started.recoveryCodes },
    };
  }
  if (intent === "confirm") {
    const result = await verifySecondFactor(context, request, formValues(form, ["code"]), "totp");
    const after = redirectTo === "/account/two-factor" ? "/account/two-factor?notice=on" : redirectTo;
    if (result.ok) return redirect(after, { headers: result.headers });
    // The same key and codes again, to try the next code: the server's own for this session's set-up, never the form's
    // (the shopper's own, on a page never stored).
    const setup = await pendingSetup(context, request);
    return data({ intent, ...formFeedback(result), setup }, { status: httpStatus(result.code) });
  }
  if (intent === "off") {
    const result = await turnOffTwoFactor(context, request, user, formValues(form, ["password"]));
    if (result.ok) return redirect("/account/two-factor?notice=off", { headers: result.headers });
    return data({ intent, ...formFeedback(result), setup: null }, { status: httpStatus(result.code) });
  }
  throw data(null, { status: 400 });
}

export default function AccountTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { enabled, staff, hasPassword, redirectTo, notice } = loaderData;
  const errors: Record<string, string> = actionData?.errors ?? {};
  return (
    <div className="container-page max-w-3xl py-10">
      <Link to="/account" className="text-sm text-brand-700 hover:underline">
        Your account
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold">Two-factor sign-in</h1>
      <p className="mt-2 text-slate-700">
        After your password, you type a 6-digit code from an authenticator app on your phone (Google Authenticator,
        Microsoft Authenticator, 1Password…). Someone who learns your password still cannot sign in.
      </p>
      <div className="mt-4 space-y-2">
        <FormAlert message={notice} tone={notice === twoFactorMessages.staffMustSetUp ? "error" : "success"} />
        <FormAlert message={actionData?.formError} />
      </div>
      {enabled ? (
        <section aria-labelledby="tf-on-title" className="mt-6">
          <h2 id="tf-on-title" className="text-xl font-bold">
            Two-factor sign-in is on
          </h2>
          {staff ? (
            <p className="mt-2 text-sm text-slate-600">
              {twoFactorMessages.staffKeepOn} Lost your phone? Sign in with a recovery code, then ask the shop&apos;s
              owner.
            </p>
          ) : (
            <Form method="post" className="mt-4 grid gap-4 sm:max-w-md" noValidate aria-labelledby="tf-on-title">
              <TextField
                label="Your password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                maxLength={128}
                error={actionData?.intent === "off" ? errors.password : undefined}
              />
              <div className="sm:max-w-xs">
                <SubmitButton label="Turn off two-factor sign-in" intent="off" />
              </div>
            </Form>
          )}
        </section>
      ) : actionData?.setup ? (
        <TwoFactorSetup setup={actionData.setup} redirectTo={redirectTo} error={errors.code} />
      ) : hasPassword ? (
        <section aria-labelledby="tf-start-title" className="mt-6">
          <h2 id="tf-start-title" className="text-xl font-bold">
            Set up two-factor sign-in
          </h2>
          <Form method="post" className="mt-4 grid gap-4 sm:max-w-md" noValidate aria-labelledby="tf-start-title">
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <TextField
              label="Your password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={128}
              error={actionData?.intent === "start" ? errors.password : undefined}
            />
            <div className="sm:max-w-xs">
              <SubmitButton label="Set up" intent="start" />
            </div>
          </Form>
        </section>
      ) : (
        <p className="mt-6 text-sm text-slate-600">
          Two-factor sign-in needs a password:{" "}
          <Link to="/forget-password" className="text-brand-700 underline">
            set one by e-mail
          </Link>{" "}
          first.
        </p>
      )}
    </div>
  );
}

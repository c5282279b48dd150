import { data, redirect } from "react-router";
import { httpStatus } from "~/lib/result";
import { Link } from "~/components/ui/link";
import { FormAlert } from "~/components/ui/form-alert";
import { AuthCard } from "~/components/account/auth-card";
import { safeLocalPath } from "~/lib/cookies";
import { pageMeta } from "~/lib/meta";
import { confirmEmail } from "~/modules/accounts/accounts.service.server";
import type { Route } from "./+types/verify-email";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Confirm your e-mail", "Confirm the e-mail address of your new account.");

/** The link from the sign-up e-mail: confirms the address, signs the new customer in and sends them on. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const result = await confirmEmail(context, request, url.searchParams.get("token") ?? "");
  if (result.ok && result.signedIn)
    throw redirect(safeLocalPath(url.searchParams.get("redirectTo")), { headers: result.headers });
  if (result.ok) throw redirect("/signin?notice=email-confirmed");
  return data({ message: result.message }, { status: httpStatus(result.code) });
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title="Confirm your e-mail">
      <FormAlert message={loaderData.message} />
      <p className="mt-4">
        <Link to="/signin" className="btn-primary inline-block">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}

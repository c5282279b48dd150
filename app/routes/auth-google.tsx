import { redirect } from "react-router";
import { googleEnabled } from "~/lib/config.server";
import { safeLocalPath } from "~/lib/cookies";
import type { Route } from "./+types/auth-google";
import { readForm } from "~/lib/form-data.server";
import { cookiesOf } from "~/modules/accounts/accounts.service.server";
import { authHeaders } from "~/modules/accounts/auth-cookies.server";

/** 'Sign in/up with Google': Better Auth makes the state (cookie) and the address at Google; the browser goes there. */
export async function action({ request, context }: Route.ActionArgs) {
  if (!googleEnabled(context.config)) throw redirect("/signin");
  const form = await readForm(request);
  const redirectTo = safeLocalPath(String(form.get("redirectTo") ?? ""));
  const { headers, response } = await context.auth.api.signInSocial({
    body: { provider: "google", callbackURL: redirectTo, errorCallbackURL: "/signin?notice=google" },
    headers: authHeaders(request, context.auth.options),
    returnHeaders: true,
  });
  if (!response?.url) throw redirect("/signin?notice=google");
  const out = cookiesOf(headers);
  out.set("Location", response.url);
  return new Response(null, { status: 302, headers: out });
}

export function loader() {
  return redirect("/signin");
}

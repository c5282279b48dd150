import { redirect } from "react-router";
import { safeLocalPath } from "~/lib/cookies";
import { ageCookie } from "~/modules/compliance/age-gate";
import type { Route } from "./+types/age-check";
import { readForm } from "~/lib/form-data.server";

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const answer = form.get("answer") === "yes" ? "yes" : "no";
  const returnTo = safeLocalPath(String(form.get("returnTo") ?? "/"));
  const secure = new URL(request.url).protocol === "https:";
  return redirect(returnTo, { headers: { "Set-Cookie": ageCookie(answer, secure) } });
}

export function loader() {
  return redirect("/");
}

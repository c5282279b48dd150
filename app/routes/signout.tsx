import { redirect } from "react-router";
import { signOut } from "~/modules/accounts/accounts.service.server";
import type { Route } from "./+types/signout";

/** The header's sign-out icon posts here: the session ends and the visitor lands on /signin. */
export async function action({ request, context }: Route.ActionArgs) {
  const headers = await signOut(context, request);
  return redirect("/signin?notice=signed-out", { headers });
}

export function loader() {
  return redirect("/");
}

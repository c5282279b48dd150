import { data } from "react-router";
import { contactSender, handleContactForm } from "~/modules/content/contact.action.server";
import type { Route } from "./+types/api-contact";
import { readForm } from "~/lib/form-data.server";

/** The contact form's JSON endpoint (the page posts here with JavaScript; without it, to /contactus). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw data(null, { status: 405 });
  const { result, status } = await handleContactForm(
    context,
    await readForm(request),
    await contactSender(context, request),
  );
  return Response.json(result, { status });
}

export function loader() {
  throw data(null, { status: 404 });
}

// Placeholder while the back office is being built (issue 6); replaced before it lands.
import { requireStaff } from "~/modules/admin/guard.server";
import type { Route } from "./+types/product";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request);
  return null;
}

export default function Placeholder() {
  return <p>Coming soon.</p>;
}

import { Link } from "react-router";
import { pageMeta } from "~/lib/meta";
import { requireAdultCustomer } from "~/modules/accounts/session.server";
import type { Route } from "./+types/success";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Success", "Your order has been placed.");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdultCustomer(context, request);
  return null;
}

export default function Success() {
  return (
    <div className="container-page py-16 text-center">
      <h1 className="text-4xl font-extrabold">Success</h1>
      <Link to="/" className="btn-outline mt-8">Back to the shop</Link>
    </div>
  );
}

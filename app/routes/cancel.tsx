import { Link } from "~/components/ui/link";
import { pageMeta } from "~/lib/meta";
import { requireAdultCustomer } from "~/modules/accounts/session.service.server";
import type { Route } from "./+types/cancel";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Cancel", "Your order was not placed.");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdultCustomer(context, request);
  return null;
}

export default function Cancel() {
  return (
    <div className="container-page py-16 text-center">
      <h1 className="text-4xl font-extrabold">Cancel</h1>
      <Link to="/cart" className="btn-primary mt-8">
        Back to your cart
      </Link>
    </div>
  );
}

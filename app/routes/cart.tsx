import { Link } from "react-router";
import { pageMeta } from "~/lib/meta";
import { requireAdultCustomer } from "~/modules/accounts/session.server";
import type { Route } from "./+types/cart";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Your cart", "The items in your cart.");

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdultCustomer(context, request);
  return null;
}

export default function Cart() {
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-extrabold">Your cart</h1>
      <p className="mt-6 rounded-xl bg-slate-50 p-6 text-slate-700">Your cart is empty</p>
      <Link to="/products" className="btn-primary mt-6">Browse products</Link>
    </div>
  );
}

import { isRouteErrorResponse } from "react-router";
import { BeRightBack } from "./be-right-back";
import { NotFound } from "./not-found";

/** Where a failed page sends the visitor back to, and what it says about what is kept. */
export type ErrorWayBack = { href: string; label: string; note?: string };

/**
 * A route's error answer: 'Page not found' for a 404, 'We'll be right back' while the database is away (503), and
 * otherwise a plain apology with the way back that fits the part of the shop (the shop, the cart, the back office).
 */
export function RouteError({ error, back }: { error: unknown; back: ErrorWayBack }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 503) return <BeRightBack />;
  if (isRouteErrorResponse(error) && error.status === 403)
    return <NotAllowed message={messageOf(error.data)} back={back} />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <section className="container-page py-16 text-center">
      <title>Something went wrong</title>
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-4 text-slate-600">
        {status === 500
          ? "We could not show this page just now. Please try again in a moment."
          : `The request could not be completed (error ${status}).`}
      </p>
      {back.note ? <p className="mt-2 text-slate-600">{back.note}</p> : null}
      <a className="btn-primary mt-8" href={back.href}>
        {back.label}
      </a>
    </section>
  );
}

const messageOf = (body: unknown): string | null =>
  typeof body === "object" && body !== null && typeof (body as { message?: unknown }).message === "string"
    ? (body as { message: string }).message
    : null;

/** The 403 page: a member of staff asked for what their role does not allow (issue 63), or a customer for staff's. */
function NotAllowed({ message, back }: { message: string | null; back: ErrorWayBack }) {
  return (
    <section className="container-page py-16 text-center">
      <title>Not allowed</title>
      <h1 className="text-3xl font-bold">You do not have access to this</h1>
      <p className="mt-4 text-slate-600">{message ?? "You are not allowed to do this."}</p>
      <a className="btn-primary mt-8" href={back.href}>
        {back.label}
      </a>
    </section>
  );
}

export const shopWayBack: ErrorWayBack = { href: "/", label: "Back to the shop" };
export const checkoutWayBack: ErrorWayBack = {
  href: "/cart",
  label: "Back to your cart",
  note: "Your cart is kept: nothing was lost.",
};
export const backOfficeWayBack: ErrorWayBack = { href: "/admin", label: "Back to the back office" };

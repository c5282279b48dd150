import { useLocation } from "react-router";

/** The page for 503: the shop's database cannot be reached just now (decision 011). Nothing of the visitor's is lost. */
export function BeRightBack() {
  // "Try again" asks for this very address again.
  const { pathname, search } = useLocation();
  return (
    <section className="container-page py-16 text-center">
      <title>We'll be right back</title>
      <h1 className="text-3xl font-bold">We'll be right back</h1>
      <p className="mt-4 text-slate-600">
        The shop cannot reach its records just now. Your account, cart and orders are safe: please try again in a
        minute.
      </p>
      <a className="btn-primary mt-8" href={pathname + search}>
        Try again
      </a>
    </section>
  );
}

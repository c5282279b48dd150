import { Link } from "~/components/ui/link";

export function NotFound() {
  return (
    <section className="container-page py-16 text-center">
      <title>Page not found</title>
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mt-4 text-slate-600">We couldn't find what you were looking for. It may have moved or sold out.</p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/" className="btn-primary">
          Back to home
        </Link>
        <Link to="/products" className="btn-outline">
          Browse products
        </Link>
      </div>
    </section>
  );
}

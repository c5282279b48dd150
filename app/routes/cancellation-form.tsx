import { Link } from "~/components/ui/link";
import { pageMeta } from "~/lib/meta";
import { traderDetails } from "~/lib/trader";
import { cancellationInstructions, modelCancellationForm, RETURNS_PAGE_PATH } from "~/modules/orders/cancellation";
import type { Route } from "./+types/cancellation-form";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Model cancellation form", "Cancel an order within 14 days: the model form, to print or copy.");

/** The model cancellation form of the Consumer Contracts Regulations 2013 (Schedule 3), addressed to the trader. */
export function loader({ context }: Route.LoaderArgs) {
  const trader = traderDetails(context.config);
  return { trader, form: modelCancellationForm(trader), instructions: cancellationInstructions(trader) };
}

export default function CancellationForm({ loaderData }: Route.ComponentProps) {
  const { trader, form, instructions } = loaderData;
  return (
    <article data-printable className="container-page max-w-3xl py-12">
      <h1 className="text-3xl font-bold">{form.title}</h1>
      <p className="mt-4 text-slate-700" data-print-hide>
        To cancel an order within 14 days of delivery, cancel it in your account, or send us this form or any other
        clear statement by e-mail to{" "}
        <a href={`mailto:${trader.email}`} className="text-brand-700 underline">
          {trader.email}
        </a>{" "}
        or by post to {trader.address}. You do not have to use this form.
      </p>
      <div className="mt-4 flex flex-wrap gap-3" data-print-hide>
        <button type="button" className="btn-primary" onClick={() => window.print()}>
          Print this form
        </button>
        <Link to="/account/orders" className="btn-outline">
          Your orders
        </Link>
      </div>
      <section aria-labelledby="model-form" className="mt-8 rounded-2xl border-2 border-slate-300 p-6">
        <h2 id="model-form" className="text-xl font-bold">
          {form.title}
        </h2>
        <p className="mt-2 italic">{form.intro}</p>
        <ul className="mt-4 space-y-4">
          {form.lines.map((line) => (
            <li key={line} className="border-b border-dotted border-slate-400 pb-4">
              — {line}
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm">{form.note}</p>
      </section>
      <section aria-labelledby="instructions" className="mt-8">
        <h2 id="instructions" className="text-xl font-bold">
          Your right to cancel
        </h2>
        {instructions.map((p) => (
          <p key={p} className="mt-3 text-slate-700">
            {p}
          </p>
        ))}
        <p className="mt-3" data-print-hide>
          <Link to={RETURNS_PAGE_PATH} className="text-brand-700 underline">
            Exchange and return of goods
          </Link>
        </p>
      </section>
    </article>
  );
}

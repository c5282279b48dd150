import { Link } from "~/components/ui/link";
import { CardGrid, catalogGridCard } from "~/components/product/product-card";
import { Pagination } from "~/components/ui/pagination";
import { pageMeta } from "~/lib/meta";
import { SEARCH_MAX_LENGTH } from "~/modules/catalog/catalog";
import { searchCatalog } from "~/modules/catalog/catalog.service.server";
import { correctionMessage } from "~/modules/catalog/suggest";
import type { Route } from "./+types/search";

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) =>
  pageMeta(matches, data?.query ? `Search: ${data.query}` : "Search", "Search the shop's devices and flavours.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return searchCatalog(context.db, params.get("q"), params.get("page"), undefined, context.catalogueVersion?.());
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, cards, totalItems, page, totalPages, problem, correction } = loaderData;
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-extrabold">Search</h1>
      <form method="get" action="/search" role="search" aria-label="Search again" className="mt-6 flex max-w-xl gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          Search devices and flavours
        </label>
        <input
          id="search-page-q"
          name="q"
          type="search"
          defaultValue={query}
          maxLength={SEARCH_MAX_LENGTH}
          className="w-full rounded-full border border-slate-300 px-4 py-2"
          placeholder="Device, flavour or taste"
        />
        <button type="submit" className="btn-primary">
          Search
        </button>
      </form>
      {problem && (
        <p role="alert" className="mt-6 rounded-lg bg-rose-50 p-4 text-rose-800">
          {problem}
        </p>
      )}
      {!problem && query && (
        <p role="status" className="mt-6 text-slate-700">
          {totalItems === 1 ? "1 result" : `${totalItems} results`} for “{query}”
          {correction && totalItems > 0 && <>. {correctionMessage(correction.query, correction.asTyped)}.</>}
        </p>
      )}
      {!problem && !query && (
        <p className="mt-6 text-slate-600">Type a device or flavour name, or a taste such as mango or ice.</p>
      )}
      {!problem && query && totalItems === 0 && (
        <div className="mt-4 rounded-xl bg-slate-50 p-6 text-slate-700">
          <p>
            No devices or flavours match your search. Check the spelling, use fewer words, or try a taste such as
            “mint”, “berry” or “ice”.
          </p>
          <p className="mt-3 flex flex-wrap gap-3">
            <Link to="/products" className="btn-outline">
              Browse all products
            </Link>
            <Link to="/flavours" className="btn-outline">
              See all flavours
            </Link>
          </p>
        </div>
      )}
      {cards.length > 0 && (
        <div className="mt-6">
          <CardGrid cards={cards.map((card, i) => catalogGridCard(card, i))} />
        </div>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </div>
  );
}

import { CardGrid, catalogGridCard } from "~/components/product/product-card";
import { AutoSubmitSelect } from "~/components/ui/auto-submit-select";
import { Breadcrumb } from "~/components/ui/breadcrumb";
import { Pagination } from "~/components/ui/pagination";
import { pageMeta } from "~/lib/meta";
import { catalogSorts } from "~/modules/catalog/catalog";
import { parseCatalogSort } from "~/modules/catalog/catalog.schema";
import { listCatalogPage } from "~/modules/catalog/catalog.service.server";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "All products", "Every vape device, pod and e-liquid in the shop, eight to a page.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const sort = parseCatalogSort(params.get("sort"));
  const result = await listCatalogPage(context.db, sort, params.get("page"), context.catalogueVersion?.());
  return { ...result, sort };
}

const sortOptions = Object.entries(catalogSorts).map(([value, label]) => ({ value, label }));

export default function Products({ loaderData }: Route.ComponentProps) {
  const { cards, page, totalPages, totalItems, sort } = loaderData;
  return (
    <div className="container-page py-10">
      <Breadcrumb
        items={[{ label: "Home", to: "/" }, { label: "Flavors", to: "/flavours" }, { label: catalogSorts[sort] }]}
      />
      <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Selected Products</h1>
          <p className="mt-1 text-slate-600">
            <span data-testid="selected-count">{totalItems}</span> products
          </p>
        </div>
        <AutoSubmitSelect action="/products" name="sort" label="Show" value={sort} options={sortOptions} />
      </div>
      <div className="mt-8">
        {cards.length === 0 ? (
          <p className="rounded-xl bg-slate-50 p-6 text-center text-slate-600">
            No products yet. Please come back soon.
          </p>
        ) : (
          <CardGrid cards={cards.map((card, i) => catalogGridCard(card, i))} />
        )}
      </div>
      <Pagination page={page} totalPages={totalPages} />
    </div>
  );
}

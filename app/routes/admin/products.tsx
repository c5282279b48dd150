import { CatalogList } from "~/components/admin/catalog/catalog-list";
import { pageMeta } from "~/lib/meta";
import { catalogSortColumns, parseArchiveFilter, parseStockFilter } from "~/modules/admin/catalog/catalog-admin-list";
import { listCatalogItems } from "~/modules/admin/catalog/catalog-admin-list.service.server";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { listParams } from "~/lib/listing";
import type { Route } from "./+types/products";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Devices", "Back office: devices.");

/** Every device, archived ones included (tagged), searchable, sortable and paged. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request);
  const url = new URL(request.url);
  const { sort, dir, q, rawPage } = listParams(url, catalogSortColumns, "name", "asc");
  const show = parseArchiveFilter(url.searchParams.get("show"));
  const stock = parseStockFilter(url.searchParams.get("stock"));
  const list = await listCatalogItems(
    context.db,
    "device",
    { q, sort, dir, rawPage, show, stock },
    context.settings.lowStockThreshold,
  );
  return { list, q, sort, dir, show, stock };
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  return <CatalogList kind="device" {...loaderData} />;
}

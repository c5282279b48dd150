import { CatalogList } from "~/components/admin/catalog/catalog-list";
import { pageMeta } from "~/lib/meta";
import { catalogSortColumns, parseArchiveFilter, parseStockFilter } from "~/modules/admin/catalog/catalog-admin-list";
import { listCatalogItems } from "~/modules/admin/catalog/catalog-admin-list.service.server";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { publishSelectedAction } from "~/modules/admin/catalog/catalog-admin.action.server";
import { readForm } from "~/lib/form-data.server";
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

/** 'Publish selected': each ticked draft that may be shown is published; the others are listed with why. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request);
  return publishSelectedAction(context, staff, "device", await readForm(request));
}

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  return <CatalogList kind="device" {...loaderData} published={actionData} />;
}

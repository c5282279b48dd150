import { CatalogList } from "~/components/admin/catalog/catalog-list";
import { pageMeta } from "~/lib/meta";
import {
  catalogKindOf,
  catalogSortColumns,
  parseArchiveFilter,
  parseStockFilter,
} from "~/modules/admin/catalog/catalog-admin-list";
import { listCatalogItems } from "~/modules/admin/catalog/catalog-admin-list.service.server";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { publishSelectedAction } from "~/modules/admin/catalog/catalog-admin.action.server";
import { readForm } from "~/lib/form-data.server";
import { listParams } from "~/lib/listing";
import type { Route } from "./+types/catalog-items";

// The devices' list (/admin/products) and the flavours' (/admin/flavours): one module, the kind from the address.

const titles = { device: "Devices", flavour: "Flavours" } as const;

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const title = titles[catalogKindOf(location.pathname)];
  return pageMeta(matches, title, `Back office: ${title.toLowerCase()}.`);
};

/** Every device or flavour, archived ones included (tagged), searchable, sortable and paged. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request, "catalogue.edit");
  const kind = catalogKindOf(request.url);
  const url = new URL(request.url);
  const { sort, dir, q, rawPage } = listParams(url, catalogSortColumns, "name", "asc");
  const show = parseArchiveFilter(url.searchParams.get("show"));
  const stock = parseStockFilter(url.searchParams.get("stock"));
  const list = await listCatalogItems(
    context.db,
    kind,
    { q, sort, dir, rawPage, show, stock },
    context.settings.lowStockThreshold,
  );
  return { kind, list, q, sort, dir, show, stock };
}

/** 'Publish selected': each ticked draft that may be shown is published; the others are listed with why. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request, "catalogue.edit");
  return publishSelectedAction(context, staff, catalogKindOf(request.url), await readForm(request));
}

export default function AdminCatalogItems({ loaderData, actionData }: Route.ComponentProps) {
  return <CatalogList {...loaderData} published={actionData} />;
}

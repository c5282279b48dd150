import { FlavourResults } from "~/components/product/product-card";
import { AutoSubmitSelect } from "~/components/ui/auto-submit-select";
import { Pagination } from "~/components/ui/pagination";
import { pageMeta } from "~/lib/meta";
import * as catalog from "~/modules/catalog/catalog.service.server";
import { packDeviceFilters, unpackDeviceFilters, type DeviceFilter } from "~/modules/catalog/catalog";
import type { Route } from "./+types/flavours";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Flavours", "Pods and e-liquids for every device we sell; filter by device.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const device = params.get("device") || null;
  const [filters, result] = await Promise.all([
    catalog.listDeviceFilters(context.db, context.catalogueVersion?.()),
    catalog.listFlavourPage(context.db, {
      deviceSlug: device,
      rawPage: params.get("page"),
      version: context.catalogueVersion?.(),
    }),
  ]);
  return { filters: packDeviceFilters(filters), device, ...result };
}

type Option = { value: string; label: string };
const optionsOf = new WeakMap<readonly DeviceFilter[], Option[]>();

/** The select's options, made once for each device list (kept per catalogue version), so its HTML can be kept too. */
function deviceOptions(filters: readonly DeviceFilter[]): Option[] {
  let options = optionsOf.get(filters);
  if (!options) {
    options = [...filters.map((f) => ({ value: f.slug, label: f.name })), { value: "", label: "All" }];
    optionsOf.set(filters, options);
  }
  return options;
}

export default function Flavours({ loaderData }: Route.ComponentProps) {
  const { filters, flavours, device, page, totalPages, totalItems } = loaderData;
  const options = deviceOptions(unpackDeviceFilters(filters));
  return (
    <div className="container-page py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Flavours</h1>
          <p className="mt-1 text-slate-600">{totalItems === 1 ? "1 flavour" : `${totalItems} flavours`}</p>
        </div>
        <AutoSubmitSelect action="/flavours" name="device" label="Device" value={device ?? ""} options={options} />
      </div>
      <div className="mt-8">
        <FlavourResults flavours={flavours} top level={2} />
      </div>
      <Pagination page={page} totalPages={totalPages} />
    </div>
  );
}

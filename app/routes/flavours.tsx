import { FlavourResults } from "~/components/product/product-card";
import { AutoSubmitSelect } from "~/components/ui/auto-submit-select";
import { pageMeta } from "~/lib/meta";
import * as catalog from "~/modules/catalog/catalog.service.server";
import type { Route } from "./+types/flavours";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Flavours", "Pods and e-liquids for every device we sell; filter by device.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const device = new URL(request.url).searchParams.get("device") || null;
  const [filters, flavours] = await Promise.all([
    catalog.listDeviceFilters(context.db),
    catalog.listFlavourCards(context.db, { deviceSlug: device }),
  ]);
  return { filters, flavours, device };
}

export default function Flavours({ loaderData }: Route.ComponentProps) {
  const { filters, flavours, device } = loaderData;
  const options = [...filters.map((f) => ({ value: f.slug, label: f.name })), { value: "", label: "All" }];
  return (
    <div className="container-page py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold">Flavours</h1>
        <AutoSubmitSelect action="/flavours" name="device" label="Device" value={device ?? ""} options={options} />
      </div>
      <div className="mt-8">
        <FlavourResults flavours={flavours} />
      </div>
    </div>
  );
}

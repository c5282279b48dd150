import { Link } from "~/components/ui/link";
import { FlavourResults } from "~/components/product/product-card";
import type { FlavourCard } from "~/modules/catalog/catalog";

/**
 * 'Flavours for this device' on a device's page: the first flavours made for it (up to DEVICE_FLAVOUR_LIMIT, 8), how many
 * of how many, and a link to all of them on /flavours, filtered to the device. Not shown for a device without flavours.
 */
/** "Showing 8 of 16 flavours", or "3 flavours" when every one is shown. */
export const shownOf = (shown: number, total: number) =>
  shown < total ? `Showing ${shown} of ${total} flavours` : total === 1 ? "1 flavour" : `${total} flavours`;

export function DeviceFlavours({
  device,
  flavours,
  total,
}: {
  device: { slug: string; name: string };
  flavours: FlavourCard[];
  total: number;
}) {
  if (flavours.length === 0) return null;
  return (
    <section aria-labelledby="device-flavours-title" className="mt-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="device-flavours-title" className="text-2xl font-bold">
            Flavours for this device
          </h2>
          <p className="mt-1 text-sm text-slate-600">{shownOf(flavours.length, total)}</p>
        </div>
        <Link to={`/flavours?device=${encodeURIComponent(device.slug)}`} className="btn-outline">
          {total === 1 ? `See the flavour for ${device.name}` : `See all ${total} flavours for ${device.name}`}
        </Link>
      </div>
      <div className="mt-6">
        <FlavourResults flavours={flavours} />
      </div>
    </section>
  );
}

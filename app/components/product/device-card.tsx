import { Link } from "~/components/ui/link";
import { DEVICE_CARD_SIZES } from "~/components/ui/image-sizes";
import { ProductImage } from "~/components/ui/product-image";
import { OutOfStockNote } from "~/components/product/stock";
import { displayName } from "~/lib/text";
import type { DeviceCard as DeviceCardData } from "~/modules/catalog/catalog";

export function DeviceCard({ device }: { device: DeviceCardData }) {
  const name = displayName(device.name);
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <ProductImage
        src={device.image}
        alt={name}
        loading="lazy"
        width={600}
        height={600}
        sizes={DEVICE_CARD_SIZES}
        className="aspect-square w-full bg-slate-50 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="text-lg font-bold">{name}</h3>
        <OutOfStockNote stock={device.stock} />
        <p className="line-clamp-3 text-sm text-slate-600">{device.description}</p>
        <Link
          to={`/productdetail/${device.id}`}
          className="btn-primary mt-auto self-start"
          aria-label={`Explore Device: ${name}`}
        >
          Explore Device
        </Link>
      </div>
    </article>
  );
}

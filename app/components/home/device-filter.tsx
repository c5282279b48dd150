import { Link } from "~/components/ui/link";
import type { DeviceFilter } from "~/modules/catalog/catalog";

/** The filter row over the flavour grid: each device plus All; the choice lives in ?device=. */
export function DeviceFilterRow({ devices, selected }: { devices: readonly DeviceFilter[]; selected: string | null }) {
  const items = [...devices.map((d) => ({ key: d.slug, label: d.name })), { key: null, label: "All" }];
  return (
    <nav aria-label="Filter flavours by device" className="flex flex-wrap gap-2">
      {items.map((item) => (
        <Link
          key={item.key ?? "all"}
          to={item.key ? `/?device=${item.key}#flavours` : "/#flavours"}
          preventScrollReset
          aria-current={item.key === selected ? "true" : undefined}
          className="option aria-[current=true]:border-brand-600 aria-[current=true]:bg-brand-600 aria-[current=true]:text-white"
        >
          {item.label}
        </Link>
      ))}
    </nav>
  );
}

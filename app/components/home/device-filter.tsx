import { Link } from "~/components/ui/link";
import { KeptHtml } from "~/components/ui/kept-html";
import type { DeviceFilter } from "~/modules/catalog/catalog";

/**
 * The filter row over the flavour grid: each device plus All; the choice lives in ?device=. The server writes its
 * links once per device list and choice (`devices` is kept per catalogue version, decision 055).
 */
export function DeviceFilterRow({ devices, selected }: { devices: readonly DeviceFilter[]; selected: string | null }) {
  return (
    <nav aria-label="Filter flavours by device" className="flex flex-wrap gap-2">
      <KeptHtml source={devices} variant={JSON.stringify(selected)}>
        {() =>
          [...devices.map((d) => ({ key: d.slug, label: d.name })), { key: null, label: "All" }].map((item) => (
            <Link
              key={item.key ?? "all"}
              to={item.key ? `/?device=${item.key}#flavours` : "/#flavours"}
              preventScrollReset
              aria-current={item.key === selected ? "true" : undefined}
              className="option"
            >
              {item.label}
            </Link>
          ))
        }
      </KeptHtml>
    </nav>
  );
}

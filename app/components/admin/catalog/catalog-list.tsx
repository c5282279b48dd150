import { Form, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import { AdminTable, FilterLinks, ListCount, ListSearch, SortHeader } from "~/components/admin/list-controls";
import { useHydrated } from "~/components/ui/modal";
import { Pagination } from "~/components/ui/pagination";
import { Price } from "~/components/ui/price";
import { fixedSize } from "~/components/ui/image-sizes";
import { ProductImage } from "~/components/ui/product-image";
import { useShopSettings } from "~/components/layout/use-shop";
import { formatDateTime } from "~/lib/shop-time";
import { type CatalogKind } from "~/modules/admin/catalog/catalog-admin";
import {
  archiveFilters,
  stockFilters,
  type ArchiveFilter,
  type CatalogListItem,
  type CatalogListPage,
  type StockFilter,
} from "~/modules/admin/catalog/catalog-admin-list";
import type { PublishMany } from "~/modules/admin/catalog/catalog-admin-publish";
import { stockStatusOf } from "~/modules/catalog/catalog";

const words = {
  device: { title: "Devices", add: "Add device", noun: "devices", base: "/admin/products" },
  flavour: { title: "Flavours", add: "Add flavour", noun: "flavours", base: "/admin/flavours" },
} as const;

function Tag({ children, tone }: { children: React.ReactNode; tone: "grey" | "amber" }) {
  const colours = tone === "grey" ? "bg-slate-200 text-slate-800" : "bg-amber-100 text-amber-900";
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${colours}`}>{children}</span>;
}

const variantsWord = (n: number) => `${n} ${n === 1 ? "variant" : "variants"}`;

/**
 * The stock column: the units of the item's variants together ('Out of stock' when none is left, 'Not tracked' when one
 * is made to order), then which variants need a look: out, low, or moved when variants began and still to count.
 */
function StockCell({
  stock,
  variants,
}: Pick<CatalogListItem, "stock"> & { variants: CatalogListItem["variantStock"] }) {
  const out = stockStatusOf(stock, useShopSettings().lowStockThreshold) === "out_of_stock";
  const lowNotOut = variants.low - variants.out;
  return (
    <span className="flex flex-wrap items-center gap-1">
      {!stock.tracked ? (
        <span className="text-slate-600">Not tracked</span>
      ) : out ? (
        <Tag tone="amber">Out of stock</Tag>
      ) : (
        <span>{stock.quantity}</span>
      )}
      {!out && variants.out > 0 && <Tag tone="amber">{variantsWord(variants.out)} out</Tag>}
      {lowNotOut > 0 && <Tag tone="amber">{variantsWord(lowNotOut)} low</Tag>}
      {variants.toCheck > 0 && <Tag tone="grey">{variantsWord(variants.toCheck)} to check</Tag>}
    </span>
  );
}

type Props = {
  kind: CatalogKind;
  list: CatalogListPage;
  q: string;
  sort: string;
  dir: "asc" | "desc";
  show: ArchiveFilter;
  stock: StockFilter;
  /** What 'Publish selected' did, after it. */
  published?: PublishMany;
};

const PUBLISH_FORM = "publish-drafts";

/** What 'Publish selected' did: the items now shown, and the others with why they stay drafts. */
function PublishAnswer({ answer, noun }: { answer: PublishMany; noun: string }) {
  const names = (items: Array<{ name: string }>) => items.map((i) => i.name).join(", ");
  return (
    <>
      {answer.published.length > 0 && (
        <p role="status" className="rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          Published {answer.published.length === 1 ? "1 item" : `${answer.published.length} ${noun}`}: they are shown in
          the shop now ({names(answer.published)}).
        </p>
      )}
      {answer.refused.length > 0 && (
        <div role="alert" className="space-y-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-semibold">
            {answer.refused.length === 1 ? "1 item was" : `${answer.refused.length} ${noun} were`} not published, and
            {answer.refused.length === 1 ? " stays a draft" : " stay drafts"}: put right what is said on each
            item&apos;s page.
          </p>
          <ul className="list-disc space-y-1 pl-5">
            {answer.refused.map((r) => (
              <li key={r.id}>
                <strong>{r.name}</strong>: {r.reasons.join(" ")}
              </li>
            ))}
          </ul>
        </div>
      )}
      {answer.published.length === 0 && answer.refused.length === 0 && (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          Tick the drafts to publish first.
        </p>
      )}
    </>
  );
}

/** Ticks or unticks every draft's box on the page: with JavaScript only (without it, each box is ticked by hand). */
function SelectAll() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        onChange={(event) => {
          const form = document.getElementById(PUBLISH_FORM) as HTMLFormElement | null;
          // The boxes sit in the table and belong to the form by their `form` attribute: its elements, not children.
          for (const box of Array.from(form?.elements ?? []))
            if (box instanceof HTMLInputElement && box.name === "id") box.checked = event.currentTarget.checked;
        }}
      />
      Select all drafts on this page
    </label>
  );
}

/** The back-office list of devices or flavours: search, All/Active/Archived, sortable columns, 20 a page. */
export function CatalogList({ kind, list, q, sort, dir, show, stock, published }: Props) {
  const w = words[kind];
  const busy = useNavigation().state === "submitting";
  const drafts = list.items.filter((item) => item.archived).length;
  const header = (column: string, label: string) => <SortHeader column={column} label={label} sort={sort} dir={dir} />;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{w.title}</h1>
        <div className="flex flex-wrap items-center gap-3">
          {/* A download (not a page of the app): a plain link, so the browser saves the file. */}
          <a href="/admin/catalogue.csv" className="btn-outline" download>
            Export CSV
          </a>
          <Link to="/admin/catalogue-import" className="btn-outline">
            Import CSV
          </Link>
          <Link to={`${w.base}/new`} className="btn-primary">
            {w.add}
          </Link>
        </div>
      </div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <ListSearch
          label="Search by name, slug, SKU or barcode"
          q={q}
          keep={[
            ["show", show],
            ["stock", stock],
            ["sort", sort],
            ["dir", dir],
          ]}
        />
        <div className="space-y-2">
          <FilterLinks
            label="Show"
            shownLabel="Show"
            param="show"
            values={Object.keys(archiveFilters) as ArchiveFilter[]}
            labels={archiveFilters}
            value={show}
          />
          <FilterLinks
            label="Stock"
            shownLabel="Stock"
            param="stock"
            values={Object.keys(stockFilters) as StockFilter[]}
            labels={stockFilters}
            value={stock}
          />
        </div>
      </div>
      <ListCount offset={list.offset} shown={list.items.length} total={list.total} noun={w.noun} />
      {published && <PublishAnswer answer={published} noun={w.noun} />}
      <Form method="post" id={PUBLISH_FORM} aria-label={`Publish ${w.noun}`} />
      {drafts > 0 && (
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" form={PUBLISH_FORM} className="btn-primary" disabled={busy}>
            Publish selected
          </button>
          <SelectAll />
          <p className="text-sm text-slate-600">
            Drafts and archived items are shown in the shop only if they pass the checks publishing applies.
          </p>
        </div>
      )}
      {list.items.length > 0 && (
        <AdminTable caption={kind === "device" ? "Devices" : "Flavours"} minWidth="min-w-[44rem]">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className="px-3 py-2 text-left text-sm font-semibold">
                <span className="sr-only">Select</span>
              </th>
              <th scope="col" className="px-3 py-2 text-left text-sm font-semibold">
                <span className="sr-only">Image</span>
              </th>
              {header("name", "Name")}
              {kind === "flavour" && (
                <th scope="col" className="px-3 py-2 text-left text-sm font-semibold">
                  Device
                </th>
              )}
              {header("price", "Price")}
              {header("stock", "Stock")}
              {header("updated", "Updated")}
              <th scope="col" className="px-3 py-2 text-left text-sm font-semibold">
                Status
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {list.items.map((item) => (
              <tr key={item.id}>
                <td className="px-3 py-2">
                  {item.archived && (
                    <input
                      type="checkbox"
                      name="id"
                      value={item.id}
                      form={PUBLISH_FORM}
                      aria-label={`Select ${item.name}`}
                      className="h-5 w-5"
                    />
                  )}
                </td>
                <td className="px-3 py-2">
                  <ProductImage
                    src={item.image}
                    alt=""
                    width={40}
                    height={40}
                    sizes={fixedSize(40)}
                    loading="lazy"
                    className="h-10 w-10 rounded-md bg-slate-50 object-cover"
                  />
                </td>
                <td data-label="Name" className="px-3 py-2">
                  <Link to={`${w.base}/${item.id}`} className="font-medium text-brand-700 hover:underline">
                    {item.name}
                  </Link>
                  <div className="text-xs text-slate-500">{item.slug}</div>
                </td>
                {kind === "flavour" && (
                  <td data-label="Device" className="px-3 py-2">
                    {item.device?.name ?? "—"}
                  </td>
                )}
                <td data-label="Price" className="px-3 py-2">
                  <Price cents={item.priceCents} />
                </td>
                <td data-label="Stock" className="px-3 py-2">
                  <StockCell stock={item.stock} variants={item.variantStock} />
                </td>
                <td data-label="Updated" className="whitespace-nowrap px-3 py-2">
                  {formatDateTime(item.updatedAt)}
                </td>
                <td data-label="Status" className="space-x-1 px-3 py-2">
                  {item.archived ? <Tag tone="grey">Archived</Tag> : <span>Active</span>}
                  {item.device?.archived && <Tag tone="amber">Device archived</Tag>}
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      <Pagination page={list.page} totalPages={list.totalPages} />
    </div>
  );
}

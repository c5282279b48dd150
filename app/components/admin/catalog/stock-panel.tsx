import { Form } from "react-router";
import { useShopSettings } from "~/components/layout/use-shop";
import { formatDateTime } from "~/lib/shop-time";
import { AdminTable } from "~/components/admin/list-controls";
import { SelectField, TextField } from "~/components/ui/field";
import type { StockPanelData } from "~/modules/admin/catalog/stock-admin.action.server";
import { stockStatusOf } from "~/modules/catalog/catalog";
import { stockReasons } from "~/modules/stock/stock";
import { optionsLabel } from "~/modules/catalog/variants";

const reasonOptions = (["received", "damaged", "correction"] as const).map((value) => ({
  value,
  label: stockReasons[value],
}));

/**
 * An item's stock on its edit page, by variant: how many of each now, a quick adjustment of one with a reason and a
 * note, and the history.
 */
export function StockPanel({
  panel,
  errors,
  values,
}: {
  panel: StockPanelData;
  errors?: Record<string, string>;
  values?: Record<string, string>;
}) {
  const { variants, history } = panel;
  const low = useShopSettings().lowStockThreshold;
  const onSale = variants.filter((v) => !v.archived);
  const tracked = onSale.filter((v) => v.stock.tracked);
  return (
    <section aria-labelledby="stock-title" className="space-y-4 rounded-2xl border border-slate-200 p-4">
      <h2 id="stock-title" className="text-lg font-bold">
        Stock
      </h2>
      <AdminTable caption="Stock by variant" minWidth="min-w-[30rem]">
        <thead className="bg-slate-50 text-left text-sm">
          <tr>
            <th scope="col" className="px-3 py-2">
              Variant
            </th>
            <th scope="col" className="px-3 py-2">
              SKU
            </th>
            <th scope="col" className="px-3 py-2">
              In stock
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-sm">
          {onSale.map((v) => {
            const status = stockStatusOf(v.stock, low);
            return (
              <tr key={v.id}>
                <td data-label="Variant" className="px-3 py-2">
                  {optionsLabel(v)}
                </td>
                <td data-label="SKU" className="px-3 py-2 font-mono">
                  {v.sku}
                </td>
                <td data-label="In stock" className="px-3 py-2">
                  {v.stock.tracked ? v.stock.quantity : "Not tracked"}
                  {status === "low_stock" && " (low)"}
                  {status === "out_of_stock" && " (out of stock)"}
                  {v.stockToCheck && " (moved here when variants began: please count)"}
                </td>
              </tr>
            );
          })}
        </tbody>
      </AdminTable>
      {tracked.length > 0 && (
        <Form method="post" className="grid gap-3 sm:grid-cols-2" aria-label="Adjust stock" noValidate>
          <SelectField
            label="Variant"
            name="variantId"
            options={tracked.map((v) => ({ value: v.id, label: `${optionsLabel(v)} (${v.sku})` }))}
            defaultValue={values?.variantId ?? tracked[0]!.id}
            error={errors?.variantId}
          />
          <SelectField
            label="Why"
            name="reason"
            options={reasonOptions}
            defaultValue={values?.reason ?? "received"}
            error={errors?.reason}
          />
          <TextField
            label="Change (units, e.g. 12 or -2)"
            name="change"
            inputMode="numeric"
            required
            defaultValue={values?.change}
            error={errors?.change}
          />
          <TextField label="Note" name="note" maxLength={300} defaultValue={values?.note} error={errors?.note} />
          <div className="sm:col-span-2">
            <button type="submit" name="intent" value="adjust-stock" className="btn-primary">
              Adjust stock
            </button>
          </div>
        </Form>
      )}
      {history.length > 0 && (
        <AdminTable caption="Stock history" minWidth="min-w-[36rem]">
          <thead className="bg-slate-50 text-left text-sm">
            <tr>
              <th scope="col" className="px-3 py-2">
                When
              </th>
              <th scope="col" className="px-3 py-2">
                Variant
              </th>
              <th scope="col" className="px-3 py-2">
                Change
              </th>
              <th scope="col" className="px-3 py-2">
                After
              </th>
              <th scope="col" className="px-3 py-2">
                Why
              </th>
              <th scope="col" className="px-3 py-2">
                Who
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 text-sm">
            {history.map((m) => (
              <tr key={m.id}>
                <td data-label="When" className="whitespace-nowrap px-3 py-2">
                  {formatDateTime(m.createdAt)}
                </td>
                <td data-label="Variant" className="px-3 py-2">
                  {m.variant ?? "Whole item"}
                  {m.sku && <span className="block font-mono text-slate-600">{m.sku}</span>}
                </td>
                <td data-label="Change" className="px-3 py-2">
                  {m.change > 0 ? `+${m.change}` : m.change}
                </td>
                <td data-label="After" className="px-3 py-2">
                  {m.quantityAfter}
                </td>
                <td data-label="Why" className="px-3 py-2">
                  {m.reason}
                  {m.orderId && ` ${m.orderId}`}
                  {m.note && <span className="block text-slate-600">{m.note}</span>}
                </td>
                <td data-label="Who" className="px-3 py-2">
                  {m.byName}
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
    </section>
  );
}

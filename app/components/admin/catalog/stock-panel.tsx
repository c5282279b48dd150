import { Form } from "react-router";
import { formatDateTime } from "~/lib/shop-time";
import { AdminTable } from "~/components/admin/list-controls";
import { SelectField, TextField } from "~/components/ui/field";
import type { StockAnswer, StockPanelData } from "~/modules/admin/catalog/stock-admin.action.server";
import { stockReasons } from "~/modules/stock/stock";
import { optionsLabel, type Variant } from "~/modules/catalog/variants";
import { VariantGrid } from "./variant-grid";

const reasonOptions = (["received", "damaged", "correction"] as const).map((value) => ({
  value,
  label: stockReasons[value],
}));

/** The edit page's variants and stock: the variant grid, then the quick adjustment and the history. */
export function ItemStock({ panel, answer }: { panel: StockPanelData; answer?: StockAnswer }) {
  return (
    <>
      <VariantGrid panel={panel} answer={answer?.stockForm === "variants" ? answer : undefined} />
      <StockPanel panel={panel} answer={answer?.stockForm === "adjust" ? answer : undefined} />
    </>
  );
}

/** A quick adjustment of one variant with a reason and a note, and the history of every variant or of one. */
function StockPanel({
  panel,
  answer,
}: {
  panel: StockPanelData;
  answer?: Extract<StockAnswer, { stockForm: "adjust" }>;
}) {
  const { variants, history, historyOf } = panel;
  const { errors, values } = answer ?? {};
  const tracked = variants.filter((v) => !v.archived && v.stock.tracked);
  const named = (v: Variant) => `${optionsLabel(v)} (${v.sku})`;
  return (
    <section aria-labelledby="stock-title" className="space-y-4 rounded-2xl border border-slate-200 p-4">
      <h2 id="stock-title" className="text-lg font-bold">
        Stock
      </h2>
      {tracked.length > 0 && (
        <Form method="post" className="grid gap-3 sm:grid-cols-2" aria-label="Adjust stock" noValidate>
          <SelectField
            label="Variant"
            name="variantId"
            options={tracked.map((v) => ({ value: v.id, label: named(v) }))}
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
      {variants.length > 1 && (
        <Form
          method="get"
          className="flex flex-wrap items-end gap-2"
          aria-label="Show the stock history of one variant"
        >
          <SelectField
            label="History of"
            name="variant"
            options={[
              { value: "", label: "Every variant" },
              ...variants.map((v) => ({ value: v.id, label: named(v) })),
            ]}
            defaultValue={historyOf ?? ""}
          />
          <button type="submit" className="btn-outline">
            Show
          </button>
        </Form>
      )}
      {history.length === 0 && <p className="text-sm text-slate-600">No stock changes recorded yet.</p>}
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

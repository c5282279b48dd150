import type { ComponentProps } from "react";
import { Form } from "react-router";
import { AdminTable, HeaderRow } from "~/components/admin/list-controls";
import { useShopSettings } from "~/components/layout/use-shop";
import { FormAlert } from "~/components/ui/form-alert";
import { centsToText, formatMoney } from "~/lib/money";
import type { FieldErrors } from "~/lib/result";
import type { StockAnswer, StockPanelData } from "~/modules/admin/catalog/stock-admin.action.server";
import {
  gridName,
  gridValuesOf,
  variantGridMessages,
  type GridField,
  type VariantGridValues,
} from "~/modules/admin/catalog/variant-grid";
import { stockLabels, stockStatusOf } from "~/modules/catalog/catalog";
import { optionsLabel, type Variant } from "~/modules/catalog/variants";
import { parseLiquid, vapingDutyCents } from "~/modules/compliance/vaping-duty";

type GridAnswer = Extract<StockAnswer, { stockForm: "variants" }>;

const headers = ["Variant", "Sold", "SKU", "Barcode", "Price", "Liquid (ml)", "Stock", "Track stock"] as const;

/** The form starts afresh (its fields' first values) whenever what is saved changes. */
const savedState = (variants: Variant[]) =>
  variants
    .map((v) =>
      [v.id, v.sku, v.barcode, v.ownPriceCents, v.liquidTenths, v.stock.quantity, v.stock.tracked, v.archived].join(
        ":",
      ),
    )
    .join("|");

/**
 * The item's variants, each editable in one form saved at once (works without JavaScript): SKU, barcode, own price,
 * liquid in one unit (with the Vaping Products Duty it carries beside it), stock, track stock and whether it is sold. Archived variants come last, greyed, with Sold unticked. On a phone each
 * row is a card (AdminTable); every field is named for its variant ('SKU of Blue Razz Ice, 10 mg').
 */
export function VariantGrid({ panel, answer }: { panel: StockPanelData; answer?: GridAnswer }) {
  const { variants, priceCents } = panel;
  const typed = new Map(answer?.values.map((v) => [v.id, v]));
  const rows = [...variants.filter((v) => !v.archived), ...variants.filter((v) => v.archived)];
  return (
    <section aria-labelledby="variants-title" className="space-y-3 rounded-2xl border border-slate-200 p-4">
      <h2 id="variants-title" className="text-lg font-bold">
        Variants
      </h2>
      <p className="text-sm text-slate-600">
        One for each choice the lists above offer. An empty price sells at the item&apos;s ({centsToText(priceCents)}
        ); a barcode is a GTIN of 8, 12, 13 or 14 digits. Liquid is the millilitres in one unit (a pod pack, a bottle, a
        pre-filled device), for the Vaping Products Duty record (£2.20 per 10 ml): a flavour needs it on each variant
        before it is shown in the shop; leave it empty on a device without liquid. Untick Sold to stop selling one (it
        is kept, with its history); untick Track stock for one made to order.
      </p>
      {answer && <FormAlert message={variantGridMessages.invalid} />}
      <Form method="post" key={answer?.formKey ?? savedState(variants)} noValidate aria-labelledby="variants-title">
        <AdminTable caption="Variants" minWidth="min-w-[44rem]">
          <HeaderRow columns={headers} dense />
          <tbody className="divide-y divide-slate-200 text-sm">
            {rows.map((v) => (
              <VariantRow
                key={v.id}
                variant={v}
                values={typed.get(v.id) ?? gridValuesOf(v)}
                errors={answer?.errors ?? {}}
                placeholder={centsToText(priceCents)}
              />
            ))}
          </tbody>
        </AdminTable>
        <button type="submit" name="intent" value="save-variants" className="btn-primary mt-3">
          Save variants
        </button>
      </Form>
    </section>
  );
}

function VariantRow({
  variant: v,
  values,
  errors,
  placeholder,
}: {
  variant: Variant;
  values: VariantGridValues;
  errors: FieldErrors;
  placeholder: string;
}) {
  const label = optionsLabel(v);
  const status = stockStatusOf(v.stock, useShopSettings().lowStockThreshold);
  const field = (name: GridField) => ({ id: v.id, field: name, value: values[name], errors });
  return (
    <tr className={`align-top ${v.archived ? "bg-slate-50 text-slate-500" : ""}`}>
      <th scope="row" className="min-w-28 px-2 pb-2 pt-3.5 text-left font-medium">
        {label}
        {v.archived && <span className="block text-xs font-normal">Not sold</span>}
        <input type="hidden" name="variant" value={v.id} />
        <input type="hidden" name={gridName(v.id, "stockSeen")} value={v.stock.quantity} />
      </th>
      <td data-label="Sold" className="px-2 pb-2 pt-4">
        <GridCheckbox {...field("sold")} label={`Sold: ${label}`} />
      </td>
      <td data-label="SKU" className="px-2 py-2">
        <GridInput {...field("sku")} label={`SKU of ${label}`} className="w-40 font-mono" />
      </td>
      <td data-label="Barcode" className="px-2 py-2">
        <GridInput {...field("barcode")} label={`Barcode of ${label}`} className="w-32" inputMode="numeric" />
      </td>
      <td data-label="Price" className="px-2 py-2">
        <GridInput
          {...field("price")}
          label={`Price of ${label}`}
          className="w-20"
          inputMode="decimal"
          placeholder={placeholder}
        />
      </td>
      <td data-label="Liquid (ml)" className="px-2 py-2">
        <GridInput {...field("liquid")} label={`Liquid (ml) of ${label}`} className="w-16" inputMode="decimal" />
        <DutyCarried typed={values.liquid} />
      </td>
      <td data-label="Stock" className="px-2 py-2">
        <GridInput
          {...field("stock")}
          error={errors[gridName(v.id, "stock")] ?? errors[gridName(v.id, "stockSeen")]}
          label={`Stock of ${label}`}
          className="w-16"
          inputMode="numeric"
        />
        {v.stock.tracked && status !== "in_stock" && <span className="block text-xs">{stockLabels[status]}</span>}
        {v.stockToCheck && (
          <div className="mt-1 max-w-32 text-xs text-amber-900">
            <p>Moved here when variants began: please count</p>
            <GridCheckbox {...field("counted")} label={`Counted ${label}`} text="Counted" />
          </div>
        )}
      </td>
      <td data-label="Track stock" className="px-2 pb-2 pt-4">
        <GridCheckbox {...field("trackStock")} label={`Track stock of ${label}`} />
      </td>
    </tr>
  );
}

/** The duty one unit carries, from the liquid shown in its field ('Duty £0.44'); nothing while it is unknown. */
function DutyCarried({ typed }: { typed: string }) {
  const liquid = parseLiquid(typed);
  if (!liquid.ok || liquid.value === null) return null;
  return (
    <span className="mt-1 block whitespace-nowrap text-xs text-slate-600">
      Duty {formatMoney(vapingDutyCents(liquid.value))}
    </span>
  );
}

type CellProps = { id: string; field: GridField; value: string; errors: FieldErrors; label: string; error?: string };

/** The message under a field, and the attributes that tie it to the field. */
function cellError({ id, field, errors, error }: CellProps) {
  const message = error ?? errors[gridName(id, field)];
  const errorId = `${gridName(id, field)}-error`;
  return {
    attributes: { "aria-invalid": message ? true : undefined, "aria-describedby": message ? errorId : undefined },
    shown: message ? (
      <p id={errorId} className="mt-1 max-w-40 text-xs text-rose-700">
        {message}
      </p>
    ) : null,
  };
}

function GridInput(props: CellProps & Omit<ComponentProps<"input">, "id" | "value">) {
  const { id, field, value, errors: _errors, label, error: _error, className, ...input } = props;
  const { attributes, shown } = cellError(props);
  return (
    <>
      <input
        {...input}
        {...attributes}
        name={gridName(id, field)}
        defaultValue={value}
        aria-label={label}
        className={`max-w-full rounded-lg border border-slate-300 bg-white px-2 py-1.5 aria-invalid:border-rose-600 aria-invalid:bg-rose-50 ${className ?? ""}`}
      />
      {shown}
    </>
  );
}

function GridCheckbox(props: CellProps & { text?: string }) {
  const { attributes, shown } = cellError(props);
  const box = (
    <input
      type="checkbox"
      {...attributes}
      name={gridName(props.id, props.field)}
      defaultChecked={props.value === "on"}
      aria-label={props.label}
      className="h-4 w-4 accent-brand-600"
    />
  );
  return (
    <>
      {props.text ? (
        <label className="mt-1 flex items-center gap-1.5">
          {box}
          <span aria-hidden="true">{props.text}</span>
        </label>
      ) : (
        box
      )}
      {shown}
    </>
  );
}

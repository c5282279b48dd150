/** Quantity with minus and plus; never below 1 (docs/product/specification.md §4). */
export function QuantityStepper({
  value,
  onChange,
  label = "Quantity",
}: {
  value: number;
  onChange: (n: number) => void;
  label?: string;
}) {
  const btn = "h-10 w-10 rounded-full border border-slate-300 text-lg hover:bg-brand-50 disabled:opacity-40";
  return (
    <div role="group" aria-label={label} className="mt-5 flex items-center gap-3">
      <button
        type="button"
        className={btn}
        onClick={() => onChange(Math.max(1, value - 1))}
        disabled={value <= 1}
        aria-label="Decrease quantity"
      >
        −
      </button>
      <output aria-live="polite" aria-label={label} className="min-w-8 text-center text-lg font-semibold">
        {value}
      </output>
      <button type="button" className={btn} onClick={() => onChange(value + 1)} aria-label="Increase quantity">
        +
      </button>
    </div>
  );
}

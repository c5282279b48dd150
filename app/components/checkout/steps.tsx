const steps = ["Address", "Shipping", "Payment"] as const;

/** Where the shopper is: step 1 Address, 2 Shipping, 3 Payment. */
export function CheckoutSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol className="flex flex-wrap gap-2 text-sm" aria-label="Checkout steps">
      {steps.map((label, i) => (
        <li
          key={label}
          aria-current={i + 1 === current ? "step" : undefined}
          className={`rounded-full px-3 py-1 ${i + 1 === current ? "bg-brand-600 text-white" : i + 1 < current ? "bg-brand-100 text-brand-700" : "bg-slate-100 text-slate-600"}`}
        >
          Step {i + 1}: {label}
        </li>
      ))}
    </ol>
  );
}

type Props<T extends string | number> = {
  label: string;
  options: T[];
  value: T | undefined;
  onChange: (value: T) => void;
  format: (value: T) => string;
};

/** A row of toggle buttons; the chosen one is pressed (aria-pressed) so it shows and is announced. */
export function OptionButtons<T extends string | number>({ label, options, value, onChange, format }: Props<T>) {
  const id = `options-${label.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <div role="group" aria-labelledby={id} className="mt-5">
      <h2 id={id} className="text-sm font-semibold">
        {label}
      </h2>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => (
          <button
            key={String(option)}
            type="button"
            className="option"
            aria-pressed={option === value}
            onClick={() => onChange(option)}
          >
            {format(option)}
          </button>
        ))}
      </div>
    </div>
  );
}

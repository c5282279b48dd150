/**
 * What a button adds after its value when that choice cannot simply be had ('Out of stock'), in words (not colour
 * alone): `struck` crosses the value out, `disabled` when it cannot be picked at all.
 */
export type OptionNote = { text: string; struck?: boolean; disabled?: boolean };

type Props<T extends string | number> = {
  label: string;
  options: T[];
  value: T | undefined;
  onChange: (value: T) => void;
  format: (value: T) => string;
  note?: (value: T) => OptionNote | null;
};

/** A row of toggle buttons; the chosen one is pressed (aria-pressed) so it shows and is announced. */
export function OptionButtons<T extends string | number>({ label, options, value, onChange, format, note }: Props<T>) {
  const id = `options-${label.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <div role="group" aria-labelledby={id} className="mt-5">
      <h2 id={id} className="text-sm font-semibold">
        {label}
      </h2>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => {
          const pressed = option === value;
          const said = note?.(option) ?? null;
          // Muted, not faded: the words keep a contrast of 4.5:1 or more (slate-600 on white).
          const muted = said ? `border-dashed disabled:cursor-not-allowed ${pressed ? "" : "text-slate-600"}` : "";
          return (
            <button
              key={String(option)}
              type="button"
              className={`option ${muted}`}
              aria-pressed={pressed}
              disabled={said?.disabled}
              onClick={() => onChange(option)}
            >
              {said ? (
                <>
                  <span className={said.struck ? "line-through" : undefined}>{format(option)}</span>{" "}
                  <span className="text-xs">· {said.text}</span>
                </>
              ) : (
                format(option)
              )}
            </button>
          );
        })}
      </div>
    </div>
  );
}

import { Form, useSubmit } from "react-router";
import { KeptHtml } from "./kept-html";

type Props = {
  action: string;
  name: string;
  label: string;
  value: string;
  /**
   * The same array for as long as it holds the same options (a module's constant, or one made once per list kept per
   * catalogue version): the server writes the select once for each array and value (decision 055).
   */
  options: ReadonlyArray<{ value: string; label: string }>;
};

/** A GET form with one select: submits on change with JavaScript, with an Apply button without it. */
export function AutoSubmitSelect({ action, name, label, value, options }: Props) {
  const submit = useSubmit();
  const id = `select-${name}`;
  return (
    <Form method="get" action={action} className="flex items-center gap-2" preventScrollReset>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <KeptHtml source={options} variant={`${name}=${value}`}>
        {() => (
          <select
            id={id}
            name={name}
            defaultValue={value}
            key={value}
            onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </KeptHtml>
      <noscript>
        <button type="submit" className="btn-outline py-2">
          Apply
        </button>
      </noscript>
    </Form>
  );
}

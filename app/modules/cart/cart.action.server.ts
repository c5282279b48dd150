import { data, redirect } from "react-router";
import type { ShopContext } from "~/context";
import { addToCart, changeQuantity, parseLineKey, removeLine } from "./cart.service.server";

const numberOrNull = (value: FormDataEntryValue | null) => (value === null || value === "" ? null : Number(value));

/** /cart's action: add (from a product page), plus, minus, remove. */
export async function handleCartAction(context: ShopContext, userId: string, form: FormData) {
  const intent = form.get("intent");
  if (intent === "add") {
    const result = await addToCart(context.db, userId, {
      kind: form.get("kind"),
      itemId: form.get("itemId"),
      flavour: String(form.get("flavour") ?? ""),
      nicotineStrength: numberOrNull(form.get("nicotineStrength")),
      puffCount: numberOrNull(form.get("puffCount")),
      quantity: numberOrNull(form.get("quantity")),
    });
    if (!result.ok) return data({ error: result.message }, { status: 400 });
    return redirect(`/cart?added=${form.get("kind") === "flavour" ? "flavour" : "device"}`);
  }
  const line = parseLineKey(String(form.get("line") ?? ""));
  if (!line) return data({ error: "That line is not in your cart." }, { status: 400 });
  if (intent === "increase" || intent === "decrease") {
    const refused = await changeQuantity(context.db, userId, line, intent === "increase" ? 1 : -1);
    return refused ? data({ error: refused }, { status: 400 }) : { error: null };
  }
  if (intent === "remove") {
    await removeLine(context.db, userId, line);
    return { error: null };
  }
  return data({ error: "Unknown request." }, { status: 400 });
}

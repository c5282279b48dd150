import { data, redirect } from "react-router";
import type { ShopContext } from "~/context";
import { fail, httpStatus, type Failure, type Result } from "~/lib/result";
import { addToCart, changeQuantity, parseLineKey, removeLine } from "./cart.service.server";

const numberOrNull = (value: FormDataEntryValue | null) => (value === null || value === "" ? null : Number(value));

/** A refusal, with its code's status: the cart page shows its message. */
const refused = (failure: Failure) => data<Result>(failure, { status: httpStatus(failure.code) });

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
    if (!result.ok) return refused(result);
    return redirect(`/cart?added=${form.get("kind") === "flavour" ? "flavour" : "device"}`);
  }
  const line = parseLineKey(String(form.get("line") ?? ""));
  if (!line) return refused(fail("invalid", "That line is not in your cart."));
  if (intent === "increase" || intent === "decrease") {
    const changed = await changeQuantity(context.db, userId, line, intent === "increase" ? 1 : -1);
    return changed.ok ? data<Result>(changed) : refused(changed);
  }
  if (intent === "remove") {
    await removeLine(context.db, userId, line);
    return data<Result>({ ok: true });
  }
  return refused(fail("invalid", "Unknown request."));
}

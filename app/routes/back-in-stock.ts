import { data, redirect } from "react-router";
import { readForm } from "~/lib/form-data.server";
import { formText } from "~/lib/form-data";
import { httpStatus } from "~/lib/result";
import { getSessionUser } from "~/modules/accounts/session.service.server";
import { cardHref } from "~/modules/catalog/catalog";
import { requestBackInStock } from "~/modules/stock/back-in-stock.service.server";
import type { Route } from "./+types/back-in-stock";

/** 'Email me when it's back': saves the request, then back to the item's page with a notice (works without JS). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = {
    kind: formText(form, "kind", 10),
    itemId: formText(form, "itemId", 80),
    variantId: formText(form, "variantId", 90),
    email: formText(form, "email", 300),
  };
  const user = await getSessionUser(context, request);
  const answer = await requestBackInStock(context.db, values, { userId: user?.id ?? null, clientIp: context.clientIp });
  if (!answer.ok) return data(answer, { status: httpStatus(answer.code) });
  return redirect(
    `${cardHref({ kind: values.kind === "device" ? "device" : "flavour", id: values.itemId })}?back-in-stock=saved`,
  );
}

import { requireUser } from "~/modules/accounts/session.service.server";
import { exportAccountData } from "~/modules/data-rights/data-rights.service.server";
import type { Route } from "./+types/account-data";

/** 'Download my data': the signed-in shopper's own data as a JSON file, never cached anywhere (the
 * server marks every answer that read the session `private, no-store`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const now = new Date();
  const copy = await exportAccountData(context.db, user.id, now);
  if (!copy) throw new Response(null, { status: 404 });
  return new Response(`${JSON.stringify(copy, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="my-data-${now.toISOString().slice(0, 10)}.json"`,
    },
  });
}

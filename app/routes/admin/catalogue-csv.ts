import { requireStaff } from "~/modules/accounts/session.service.server";
import { exportCatalogue } from "~/modules/admin/catalog/csv/catalog-export.service.server";
import { shopDate } from "~/lib/shop-time";
import type { Route } from "./+types/catalogue-csv";

/** Export CSV: every device and flavour with each variant, one row per variant (staff only; never cached). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "catalogue.export");
  const csv = await exportCatalogue(context.db, staff);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="catalogue-${shopDate(new Date())}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}

import { data } from "react-router";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { staffAgeDocument } from "~/modules/age-checks/age-documents.service.server";
import type { Route } from "./+types/age-check-document";

/**
 * A customer's photo ID, for staff whose roles give "id-documents" only (docs/decisions/044, issue 63): 404 for
 * anyone not staff (the back office does not show itself), 403 for other staff, and 404 once there is no document
 * waiting (decided, deleted). Each opening is in the audit log. Never kept by a browser or a cache, never indexed.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "id-documents");
  const document = await staffAgeDocument(context.db, context.config.AGE_DOCUMENTS_DIR, staff, params.userId);
  if (!document) throw data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  const extension = document.fileName.split(".").pop();
  return new Response(new Uint8Array(document.bytes), {
    headers: {
      "Content-Type": document.contentType,
      "Content-Length": String(document.bytes.byteLength),
      "Content-Disposition": `inline; filename="age-document.${extension}"`,
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex, nofollow",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
    },
  });
}

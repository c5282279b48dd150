/** The back office's Age checks list (docs/decisions/015, 044, 071). */
import type { Db } from "~/db/database.server";
import type { AgeDocumentFormat, AgeDocumentType } from "~/db/values";
import { pageWindow } from "~/lib/listing";
import { postalLines } from "~/lib/uk-address";
import type { SessionUser } from "~/modules/accounts/accounts";
import { fullName } from "~/modules/accounts/accounts";
import { assertAllowed } from "~/modules/accounts/staff";
import * as repo from "./age-checks.repository.server";
import { toVerification, type AgeVerification } from "./age-checks.service.server";

export type AgeCheckRow = Omit<AgeVerification, "reference" | "requestedAt"> & {
  userId: string;
  name: string;
  email: string;
  dateOfBirth: string | null;
  requestedAt: string;
  deliveryAddress: string | null;
  /** The photo ID waiting for staff, if the customer sent one (shown beside Verify and Fail). */
  waitingDocument: { type: AgeDocumentType; contentType: AgeDocumentFormat; sentAt: string } | null;
  /** The kind of photo ID a decision was made on (the document itself is deleted). */
  documentType: AgeDocumentType | null;
};

/** The back office's 'Age checks': pending first, with what staff need to decide (date of birth, delivery address). */
export async function listAgeChecks(db: Db, actor: SessionUser | null, rawPage: string | null) {
  assertAllowed(actor, "age-checks");
  const total = await repo.countChecks(db);
  const { page, totalPages, offset, limit } = pageWindow(rawPage, total);
  const rows = await repo.findChecks(db, limit, offset);
  const addresses = await repo.findLatestDeliveryAddresses(
    db,
    rows.map((r) => r.user_id),
  );
  const items: AgeCheckRow[] = rows.map((r) => {
    const { reference: _reference, ...verification } = toVerification(r);
    const address = addresses.get(r.user_id);
    return {
      ...verification,
      requestedAt: r.requested_at,
      userId: r.user_id,
      name: fullName(r),
      email: r.email,
      dateOfBirth: r.dateOfBirth,
      deliveryAddress: address ? postalLines(address).join(", ") : null,
      waitingDocument:
        r.waiting_document_type && r.document_uploaded_at && r.waiting_document_content_type
          ? {
              type: r.waiting_document_type,
              contentType: r.waiting_document_content_type,
              sentAt: r.document_uploaded_at,
            }
          : null,
      documentType: r.document_type,
    };
  });
  return { items, total, page, totalPages, offset, pending: await repo.countChecks(db, "pending") };
}
